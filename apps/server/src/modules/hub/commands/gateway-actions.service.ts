import type { GatewayType } from '@atrium/contracts/limits';
import { versionStatus } from '@atrium/contracts/version';
import {
  exportResult,
  PROTOCOL_LIMITS,
  type CommandArgs,
  type UpdateBranch,
} from '@atrium/contracts/gateway-protocol';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import type { SessionUser } from '../../../lib/session-user';
import type { GatewayView, GatewaysRepository } from '../../gateways/gateways.repository';
import { isGatewayType } from '../../../lib/tenancy/stored-values';
import { gatewayRef } from '../../../lib/tenancy/project-access';
import { firmwareNotFound, type FirmwareService } from '../firmware/firmware.service';
import { gatewayOffline, type Hub } from '../hub.service';
import type { GatewayIdentity, HubRepository } from '../hub.repository';

/** Where the addresses a gateway is told to record come from (the monitoring module). */
export interface MonitorLists {
  monitorListFor(mac: string): Promise<{ ga: string; dpt: string }[]>;
}

export interface ActionDeps {
  hub: Hub;
  gateways: GatewaysRepository;
  repo: HubRepository;
  firmware: FirmwareService;
  latestVersion: (type: GatewayType) => Promise<string>;
  /** The addresses the monitoring module wants recorded (sent as `monitor` on connect). */
  monitorListFor: MonitorLists['monitorListFor'];
  log: { warn(obj: object, msg: string): void };
}

const done = (message: string) => ({ message });

/**
 * The Gateway service calls that become commands (document 3 §7): each
 * checks what the spec asks, sends one command and waits for its reply.
 */
export class GatewayActions {
  constructor(private readonly d: ActionDeps) {
    d.hub.onArrival = (gw) => void this.onArrival(gw);
  }

  async find(ref: string): Promise<GatewayView> {
    const gw = await this.d.gateways.find(gatewayRef(ref));
    if (!gw) throw notFound('gateway');
    return gw;
  }

  async simple(
    ref: string,
    name: 'reboot' | 'nodered.restart' | 'nodered.update',
    message: string,
  ) {
    await this.d.hub.command(await this.find(ref), name, {});
    return done(message);
  }

  /** `GET /api/gateway/init/{id}` sends init now when the gateway is online (else at its next connect). */
  async initIfOnline(ref: string) {
    const gw = await this.find(ref);
    if (gw.virtual === 1 || !this.d.hub.reachable(gw)) return;
    await this.d.hub.command(gw, 'init', {});
    await this.d.gateways.update(gw, { pending_init: 0 });
  }

  async initPasswords(ref: string, args: CommandArgs<'passwords.init'>) {
    const gw = await this.find(ref);
    await this.d.hub.command(gw, 'passwords.init', args);
    await this.d.gateways.update(gw, { initpswds: 1 });
    return done('changeSuccess');
  }

  async configPassword(ref: string, args: CommandArgs<'config.password'>) {
    await this.d.hub.command(await this.find(ref), 'config.password', args);
    return done('idModified');
  }

  async noderedPassword(ref: string, args: CommandArgs<'nodered.password'>) {
    await this.d.hub.command(await this.find(ref), 'nodered.password', args);
    return done('idModified');
  }

  async poolType(ref: string, type: CommandArgs<'pool.type'>['type']) {
    const gw = await this.find(ref);
    await this.d.hub.command(gw, 'pool.type', { type });
    await this.d.gateways.update(gw, { pooltype: type });
    return done('success');
  }

  /** Transfer dialog: the source's configuration, exported and imported onto the target. */
  async transfer(from: GatewayView, to: GatewayView) {
    if (from.id === to.id) throw new AppError('sameGateway', 'Source and target are the same');
    if (!this.d.hub.reachable(to)) throw gatewayOffline();
    const exported = exportResult.safeParse(await this.d.hub.command(from, 'config.export', {}));
    if (!exported.success)
      throw new AppError('gatewayRefused', 'Unreadable configuration', { reason: 'badReply' });
    await this.d.hub.command(to, 'config.import', exported.data);
    return done('success');
  }

  /**
   * Update to the reference version (MAIN) or the newest beta upload. Beta is
   * for administrators, and so is an end-of-life gateway (document 1 §4, §6);
   * an administrator's update of an offline gateway waits for its next connect.
   */
  async update(user: SessionUser, ref: string, branch: UpdateBranch) {
    const gw = await this.find(ref);
    const isAdmin = user.rank === 'admin';
    if (branch === 'beta' && !isAdmin) throw forbidden();
    const type = isGatewayType(gw.type) ? gw.type : 'kloudnx';
    const latest = await this.d.latestVersion(type);
    if (versionStatus(type, gw.version, latest) === 'EOL' && !isAdmin) throw forbidden();
    const version = branch === 'MAIN' ? latest : (await this.d.firmware.latestBeta(type))?.version;
    if (!version) throw firmwareNotFound();
    const fw = await this.d.firmware.find(type, version);
    if (!fw && gw.virtual !== 1) throw firmwareNotFound();
    if (!this.d.hub.reachable(gw)) {
      if (!isAdmin || gw.virtual === 1) throw gatewayOffline();
      await this.d.repo.setPendingUpdate(gw.id, version, branch);
      await this.d.gateways.update(gw, { waiting_update: 1 });
      return done('updateQueued');
    }
    await this.sendUpdate(gw, version, branch);
    return done('updateCommandSent');
  }

  private async sendUpdate(gw: GatewayView, version: string, branch: UpdateBranch) {
    const fw = gw.virtual === 1 ? undefined : await this.d.firmware.find(gw.type, version);
    if (gw.virtual !== 1 && !fw) throw firmwareNotFound();
    const identity = await this.identity(gw.mac);
    const file = fw
      ? {
          url: await this.d.firmware.downloadUrl(fw, gw.mac),
          sha256: fw.sha256,
          size: Number(fw.size),
        }
      : {};
    this.d.hub.updates.started(identity);
    try {
      await this.d.hub.command(
        gw,
        'update',
        { version, branch, ...file },
        PROTOCOL_LIMITS.updateTimeoutMs,
      );
    } catch (err) {
      const extra = err instanceof AppError ? err.extra.reason : undefined;
      const reason =
        typeof extra === 'string' ? extra : err instanceof AppError ? String(err.code) : 'error';
      this.d.hub.updates.failed(identity, reason);
      throw err;
    }
  }

  private async identity(mac: string): Promise<GatewayIdentity> {
    const gw = await this.d.hub.directory.lookup(mac);
    if (!gw) throw notFound('gateway');
    return gw;
  }

  /** A gateway connected: send the init and the update that waited for it. */
  private async onArrival(gw: GatewayIdentity) {
    if (gw.virtual) return;
    try {
      // Every node sees the arrival (external broker): each piece of waiting work is
      // claimed in the database first, so it is sent once. The monitor list is idempotent.
      if (gw.pendingInit && (await this.d.repo.claimPendingInit(gw.id, gw.teamId))) {
        await this.d.hub.command(gw, 'init', {}).catch(async (err: unknown) => {
          await this.d.repo.claimPendingInit(gw.id, gw.teamId, true);
          throw err;
        });
      }
      const addresses = await this.d.monitorListFor(gw.mac);
      // An empty list is not sent here: the monitoring module sends one when it empties a list.
      if (addresses.length) await this.d.hub.command(gw, 'monitor', { addresses });
      const pending = await this.d.repo.takePendingUpdate(gw.id);
      if (!pending) return;
      await this.d.gateways.update({ id: gw.id, team_id: gw.teamId }, { waiting_update: 0 });
      const view = await this.find(gw.id);
      await this.sendUpdate(view, pending.version, pending.branch === 'beta' ? 'beta' : 'MAIN');
    } catch (err) {
      this.d.log.warn({ err, mac: gw.mac }, 'work waiting for the gateway failed');
    }
  }
}

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
import type { GatewayCommandEvent } from '../hub-events';

/** Where the addresses a gateway is told to record come from (the monitoring module). */
export interface MonitorLists {
  /** `projectId`: the gateway's project as just read (else looked up). */
  monitorListFor(mac: string, projectId?: string | null): Promise<{ ga: string; dpt: string }[]>;
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

/** Errors after which the command never reached the gateway: nothing to record. */
const NOT_SENT = new Set(['gatewayOffline', 'hubDisabled', 'notFound', 'forbidden']);

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
    by: SessionUser,
    ref: string,
    name: 'reboot' | 'nodered.restart' | 'nodered.update',
    message: string,
  ) {
    const gw = await this.find(ref);
    await this.told(gw, by, name, () => this.d.hub.command(gw, name, {}));
    return done(message);
  }

  /**
   * Runs a command and tells the gateway's history who sent it (event `command`), with the
   * error code when the gateway refused it or did not answer.
   */
  private async told<T>(
    gw: Pick<GatewayView, 'mac' | 'team_id' | 'project_id'>,
    by: SessionUser | null,
    command: string,
    run: () => Promise<T>,
    data?: GatewayCommandEvent['data'],
  ): Promise<T> {
    // When it was sent: the gateway may go offline (a reboot) before it answers.
    const at = Date.now();
    const tell = (error?: string) =>
      this.d.hub.events.emit('command', {
        mac: gw.mac,
        teamId: gw.team_id,
        projectId: gw.project_id,
        command,
        user: by ? { id: by.id, email: by.email } : null,
        at,
        ...(data ? { data } : {}),
        ...(error ? { error } : {}),
      });
    try {
      const result = await run();
      tell();
      return result;
    } catch (err) {
      const code = err instanceof AppError ? String(err.code) : 'error';
      if (!NOT_SENT.has(code)) tell(code);
      throw err;
    }
  }

  /** `GET /api/gateway/init/{id}` sends init now when the gateway is online (else at its next connect). */
  async initIfOnline(ref: string) {
    const gw = await this.find(ref);
    if (gw.virtual === 1 || !this.d.hub.reachable(gw)) return;
    await this.d.hub.command(gw, 'init', {});
    await this.d.gateways.update(gw, { pending_init: 0 });
  }

  async initPasswords(by: SessionUser, ref: string, args: CommandArgs<'passwords.init'>) {
    const gw = await this.find(ref);
    await this.told(gw, by, 'passwords.init', () => this.d.hub.command(gw, 'passwords.init', args));
    await this.d.gateways.update(gw, { initpswds: 1 });
    return done('changeSuccess');
  }

  async configPassword(by: SessionUser, ref: string, args: CommandArgs<'config.password'>) {
    const gw = await this.find(ref);
    await this.told(gw, by, 'config.password', () =>
      this.d.hub.command(gw, 'config.password', args),
    );
    return done('idModified');
  }

  async noderedPassword(by: SessionUser, ref: string, args: CommandArgs<'nodered.password'>) {
    const gw = await this.find(ref);
    await this.told(gw, by, 'nodered.password', () =>
      this.d.hub.command(gw, 'nodered.password', args),
    );
    return done('idModified');
  }

  async poolType(by: SessionUser, ref: string, type: CommandArgs<'pool.type'>['type']) {
    const gw = await this.find(ref);
    await this.told(gw, by, 'pool.type', () => this.d.hub.command(gw, 'pool.type', { type }), {
      detail: type,
    });
    await this.d.gateways.update(gw, { pooltype: type });
    return done('success');
  }

  /** Transfer dialog: the source's configuration, exported and imported onto the target. */
  async transfer(by: SessionUser, from: GatewayView, to: GatewayView) {
    if (from.id === to.id) throw new AppError('sameGateway', 'Source and target are the same');
    if (!this.d.hub.reachable(to)) throw gatewayOffline();
    const exported = exportResult.safeParse(await this.d.hub.command(from, 'config.export', {}));
    if (!exported.success)
      throw new AppError('gatewayRefused', 'Unreadable configuration', { reason: 'badReply' });
    await this.told(
      to,
      by,
      'config.import',
      () => this.d.hub.command(to, 'config.import', exported.data),
      {
        detail: from.mac,
      },
    );
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
      await this.told(gw, user, 'update', async () => undefined, {
        from: gw.version,
        to: version,
        branch,
        detail: 'queued',
      });
      return done('updateQueued');
    }
    await this.sendUpdate(gw, version, branch, user);
    return done('updateCommandSent');
  }

  private async sendUpdate(
    gw: GatewayView,
    version: string,
    branch: UpdateBranch,
    by: SessionUser | null,
  ) {
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
    // Told before it is sent: the gateway may report its new version before the reply.
    this.d.hub.events.emit('command', {
      mac: gw.mac,
      teamId: gw.team_id,
      projectId: gw.project_id,
      command: 'update',
      user: by ? { id: by.id, email: by.email } : null,
      at: Date.now(),
      data: { from: gw.version, to: version, branch, result: 'started' },
    });
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
      // gw was read on this arrival (Ingest): its project and what waits are current.
      const addresses =
        gw.waiting?.monitored === false ? [] : await this.d.monitorListFor(gw.mac, gw.projectId);
      // An empty list is not sent here: the monitoring module sends one when it empties a list.
      if (addresses.length) await this.d.hub.command(gw, 'monitor', { addresses });
      if (gw.waiting?.update === false) return;
      const pending = await this.d.repo.takePendingUpdate(gw.id);
      if (!pending) return;
      await this.d.gateways.update({ id: gw.id, team_id: gw.teamId }, { waiting_update: 0 });
      const view = await this.find(gw.id);
      const branch = pending.branch === 'beta' ? 'beta' : 'MAIN';
      await this.sendUpdate(view, pending.version, branch, null);
    } catch (err) {
      this.d.log.warn({ err, mac: gw.mac }, 'work waiting for the gateway failed');
    }
  }
}

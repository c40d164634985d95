import { randomBytes } from 'node:crypto';
import { linkedGatewayName, type GatewayItem, type WaitingReply } from '@atrium/contracts/gateway';
import type { ActivityAction, ActivityDetails } from '@atrium/contracts/activity';
import type { GatewayType } from '@atrium/contracts/limits';
import type { RecordActivity } from '../../lib/activity';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import type { RevisionCache } from '../../lib/list-cache';
import { PreparedJson } from '../../lib/prepared-json';
import { gatewayRef, type ProjectAccess } from '../../lib/tenancy/project-access';
import type { UsersRepository } from '../users/users.repository';
import { newGatewayRow } from './gateway-rows';
import { toGatewayDetails, toGatewayItem, toGatewayItems } from './gateway-view';
import type { GatewayView, GatewaysRepository } from './gateways.repository';

export interface GatewaysDeps {
  gateways: GatewaysRepository;
  users: Pick<UsersRepository, 'findByEmail'>;
  access: ProjectAccess;
  cache: RevisionCache;
  /** The reference version of a type, given to new virtual gateways. */
  latestVersion: (type: GatewayType) => Promise<string>;
  /** The team activity log (audit module). */
  record: RecordActivity;
}

const notWaiting = () => new AppError('gwNotWaiting', 'No waiting gateway has this MAC and serial');
const alreadyAdded = () =>
  new AppError('gatewayAlreadyAdded', 'This gateway is already on an account');

/** Gateways of an account (document 3 §7, gateway service). */
export class GatewaysService {
  constructor(private readonly d: GatewaysDeps) {}

  /** The account's gateways; a viewer-rank account's are those of the projects it views. */
  async listAccount(user: SessionUser) {
    const [own, shared] = await Promise.all([
      user.rank === 'viewer'
        ? this.d.gateways.listInViewedProjects(user.id, user.team)
        : this.d.gateways.listByTeam(user.team),
      this.d.gateways.listSharedWith(user.id, user.team),
    ]);
    return { gateways: toGatewayItems(own), shared: toGatewayItems(shared) };
  }

  /** A project's gateway table as JSON, built once per change of its team. */
  async listProjectJson(projectId: string): Promise<PreparedJson> {
    const revision = await this.d.gateways.revisionOfProject(projectId);
    if (revision === undefined) throw notFound('project');
    return this.d.cache.get(`gateways:${projectId}`, revision, async () => {
      const gateways = toGatewayItems(await this.d.gateways.listByProject(projectId));
      return new PreparedJson(Buffer.from(JSON.stringify({ gateways })));
    });
  }

  async get(ref: string): Promise<GatewayItem> {
    return this.item(await this.mustFind(ref));
  }

  async details(ref: string) {
    return toGatewayDetails(await this.mustFind(ref));
  }

  async rename(user: SessionUser, ref: string, name: string) {
    const gw = await this.mustFind(ref);
    await this.d.gateways.update(gw, { name });
    if (name !== gw.name) {
      await this.note(user, 'gateway.rename', { ...gw, name }, { from: gw.name });
    }
    return this.get(gw.id);
  }

  /** Lets another account read the gateway; the e-mail must be an existing account's. */
  async share(user: SessionUser, ref: string, email: string) {
    const gw = await this.mustFind(ref);
    const target = await this.d.users.findByEmail(email);
    if (!target) throw new AppError('userNotFound', 'No such account');
    await this.d.gateways.share(gw.id, target.id);
    await this.note(user, 'gateway.share', gw, { email: target.email });
  }

  /**
   * Marks the gateway initialised. The command itself goes to the device with
   * the gateway hub; until then `pendingInit` records that it was asked.
   */
  async init(ref: string) {
    const gw = await this.mustFind(ref);
    await this.d.gateways.update(gw, { initialized: 1, pending_init: gw.virtual === 1 ? 0 : 1 });
    return this.get(gw.id);
  }

  async remove(user: SessionUser, ref: string) {
    const gw = await this.mustFind(ref);
    await this.d.gateways.delete(gw);
    await this.note(user, 'gateway.remove', gw);
  }

  /**
   * The add-gateway stepper's check (document 1 §4): a waiting gateway, or
   * one the caller can see (to move or skip); another account's is 409.
   */
  async waiting(user: SessionUser, mac: string, sn: string): Promise<WaitingReply> {
    const gw = await this.d.gateways.find({ mac });
    if (!gw || gw.sn !== sn) throw notWaiting();
    const gwSummary = {
      name: gw.name,
      initialized: gw.initialized === 1,
      project: gw.project_id,
      projectName: gw.project_name,
    };
    if (gw.waiting === 1) return { waiting: true, gw: gwSummary };
    if (!(await this.d.access.gatewayRole(user, gw.id))) throw alreadyAdded();
    return { waiting: false, gw: gwSummary };
  }

  /** Moves a waiting gateway to the caller's account, and links it to project `id` if given. */
  async create(user: SessionUser, body: { name: string; mac: string; sn: string; id?: string }) {
    const gw = await this.d.gateways.find({ mac: body.mac });
    if (!gw || gw.sn !== body.sn) throw notWaiting();
    if (gw.waiting !== 1) throw alreadyAdded();
    const project = body.id ? await this.d.access.requireProject(user, body.id, 'edit') : undefined;
    const claimed = await this.d.gateways.claim(gw.id, {
      team_id: project?.team_id ?? user.team,
      project_id: project?.id ?? null,
      name: project ? linkedGatewayName(body.name) : body.name,
    });
    if (!claimed) throw alreadyAdded();
    const added = await this.get(gw.id);
    const team = project?.team_id ?? user.team;
    const details = project ? { project: project.name, projectId: project.id } : undefined;
    await this.note(user, 'gateway.add', { ...gw, team_id: team, name: added.name }, details);
    return added;
  }

  /** A demo gateway (document 1 §4): virtual, online, of type kloudnx, linked to the project. */
  async createVirtual(user: SessionUser, body: { name: string; project: string }) {
    const project = await this.d.access.requireProject(user, body.project, 'edit');
    const version = await this.d.latestVersion('kloudnx');
    for (let attempt = 0; ; attempt++) {
      // 02: a locally administered address, never a real device's.
      const row = newGatewayRow({
        mac: `02${randomBytes(5).toString('hex')}`,
        sn: `DEMO${randomBytes(2).toString('hex').toUpperCase()}`,
        type: 'kloudnx',
        name: linkedGatewayName(body.name),
        team_id: project.team_id,
        project_id: project.id,
        version,
        virtual: 1,
        online: 1,
        initialized: 1,
        initpswds: 1,
        last_online: Date.now(),
      });
      try {
        await this.d.gateways.insert([row]);
        const details = { virtual: true, project: project.name, projectId: project.id };
        await this.note(user, 'gateway.add', row, details);
        return this.get(row.id);
      } catch (err) {
        if (attempt >= 2 || !(await this.d.gateways.existingMacs([row.mac])).size) throw err;
      }
    }
  }

  /** The team activity log, in the gateway's team (none while it waits for an account). */
  private async note(
    user: SessionUser,
    action: ActivityAction,
    gw: { mac: string; name: string; team_id: string | null },
    details?: ActivityDetails,
  ) {
    if (!gw.team_id) return;
    await this.d.record({
      team: gw.team_id,
      actor: user,
      action,
      target: { kind: 'gateway', id: gw.mac, name: gw.name },
      ...(details ? { details } : {}),
    });
  }

  private item(gw: GatewayView) {
    const item = toGatewayItem(gw);
    if (!item) throw notFound('gateway');
    return item;
  }

  private async mustFind(ref: string) {
    const gw = await this.d.gateways.find(gatewayRef(ref));
    if (!gw) throw notFound('gateway');
    return gw;
  }
}

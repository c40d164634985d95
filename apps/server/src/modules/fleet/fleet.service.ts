import {
  FLEET_ATTENTION_MAX,
  FLEET_RECENT_MS,
  type FleetAttention,
  type FleetSummary,
  type FleetTypeCount,
} from '@atrium/contracts/fleet';
import {
  FLOW_EDITOR_TYPES,
  type FlowEditorGateway,
  type FlowEditorsPage,
  type FlowEditorsQuery,
  type FlowEditorType,
} from '@atrium/contracts/flow-editors';
import { GATEWAY_TYPES } from '@atrium/contracts/limits';
import { versionStatus, type LatestVersions } from '@atrium/contracts/version';
import { isGatewayType } from '../../lib/tenancy/stored-values';
import type { SessionUser } from '../../lib/session-user';
import type { FleetRepository, FleetScope } from './fleet.repository';

export interface FleetServiceDeps {
  repo: FleetRepository;
  /** Every type's reference version (the information module's). */
  latestVersions: () => Promise<LatestVersions>;
}

/** Below the reference version: the status rule's "outdated", and end-of-life firmware. */
const isOutdated = (status: ReturnType<typeof versionStatus>) =>
  status === 'outdated' || status === 'EOL';

type Reasons = Omit<FleetAttention, 'projectId' | 'projectName'>;

/**
 * Most urgent first: gateways offline, then failed updates, then open alerts, then alerts of
 * the week, then the newest alert.
 */
const urgency = (a: Reasons, b: Reasons) =>
  b.offline - a.offline ||
  b.failedUpdates - a.failedUpdates ||
  b.openAlerts - a.openAlerts ||
  b.activeAlerts - a.activeAlerts ||
  (b.lastAlertAt ?? 0) - (a.lastAlertAt ?? 0);

/** The fleet home (decision 0023): counts, per-type breakdown and the projects needing attention. */
export class FleetService {
  constructor(private readonly d: FleetServiceDeps) {}

  async summary(user: SessionUser, now = Date.now()): Promise<FleetSummary> {
    const scope: FleetScope =
      user.rank === 'admin'
        ? { all: true }
        : // A viewer-rank account sees only the projects it views (decision 0024).
          { teamId: user.rank === 'viewer' ? null : user.team, userId: user.id };
    const since = now - FLEET_RECENT_MS;
    const [projects, gateways, attention] = await Promise.all([
      this.d.repo.countProjects(scope),
      this.gateways(scope),
      this.attention(scope, since),
    ]);
    return { gateways, attention, projects };
  }

  private async gateways(scope: FleetScope): Promise<FleetSummary['gateways']> {
    const [groups, latest] = await Promise.all([
      this.d.repo.gatewayGroups(scope),
      this.d.latestVersions(),
    ]);
    const byType = new Map<string, FleetTypeCount>();
    for (const g of groups) {
      if (!isGatewayType(g.type)) continue;
      const row = byType.get(g.type) ?? { type: g.type, total: 0, online: 0, outdated: 0 };
      row.total += g.n;
      if (g.online) row.online += g.n;
      if (isOutdated(versionStatus(g.type, g.version, latest[g.type]))) row.outdated += g.n;
      byType.set(g.type, row);
    }
    const types = GATEWAY_TYPES.flatMap((t) => byType.get(t) ?? []);
    const sum = (key: 'total' | 'online' | 'outdated') => types.reduce((n, t) => n + t[key], 0);
    const total = sum('total');
    const online = sum('online');
    return { total, online, offline: total - online, outdated: sum('outdated'), byType: types };
  }

  private async attention(scope: FleetScope, since: number): Promise<FleetAttention[]> {
    const [offline, failed, alerts] = await Promise.all([
      this.d.repo.offlineByProject(scope),
      this.d.repo.failedUpdatesByProject(scope, since),
      this.d.repo.alertsByProject(scope, since),
    ]);
    const reasons = new Map<string, Reasons>();
    const of = (id: string) => {
      const r = reasons.get(id) ?? { offline: 0, failedUpdates: 0, activeAlerts: 0, openAlerts: 0 };
      reasons.set(id, r);
      return r;
    };
    for (const o of offline) of(o.projectId).offline = o.n;
    for (const f of failed) of(f.projectId).failedUpdates = f.n;
    for (const a of alerts)
      Object.assign(of(a.projectId), {
        activeAlerts: a.n,
        openAlerts: a.open,
        lastAlertAt: a.last,
      });
    const top = [...reasons]
      .sort(([idA, a], [idB, b]) => urgency(a, b) || idA.localeCompare(idB))
      .slice(0, FLEET_ATTENTION_MAX);
    const names = await this.d.repo.projectNames(top.map(([id]) => id));
    return top.flatMap(([projectId, r]) => {
      const projectName = names.get(projectId);
      return projectName === undefined ? [] : [{ projectId, projectName, ...r }];
    });
  }

  /**
   * The flow-editor gateways the user owns, paged (decision 0036): a team's members but viewers
   * see their team's; administrators see every one. Never a gateway only viewed or shared.
   */
  async flowEditors(user: SessionUser, q: FlowEditorsQuery): Promise<FlowEditorsPage> {
    const owner = { teamId: user.rank === 'admin' ? undefined : user.team };
    const { rows, total } = await this.d.repo.flowEditorsPage(
      owner,
      {
        types: q.type ? [q.type] : FLOW_EDITOR_TYPES,
        ...(q.online ? { online: q.online === 'true' } : {}),
        ...(q.search ? { search: q.search } : {}),
      },
      { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
    );
    const items = rows.flatMap((r): FlowEditorGateway[] => {
      const type = FLOW_EDITOR_TYPES.find((t): t is FlowEditorType => t === r.type);
      if (!type) return [];
      return [
        {
          id: r.id,
          mac: r.mac,
          sn: r.sn,
          name: r.name,
          type,
          version: r.version,
          online: Number(r.online) === 1,
          protect: Number(r.protect) === 1,
          virtual: Number(r.virtual) === 1,
          vpnOnline: Number(r.vpn_online) === 1,
          projectId: r.project_id,
          projectName: r.project_name,
          lastOnline: r.last_online === null ? null : Number(r.last_online),
        },
      ];
    });
    return { items, total, page: q.page, pageSize: q.pageSize };
  }
}

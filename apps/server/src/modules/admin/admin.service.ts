import type {
  AdminFleetStats,
  AdminGatewaysPage,
  AdminGatewaysQuery,
  AdminPageQuery,
  AdminTeamsPage,
  AdminUsersPage,
} from '@atrium/contracts/admin';
import type { FirmwareItem } from '@atrium/contracts/hub';
import { GATEWAY_TYPES, type GatewayType } from '@atrium/contracts/limits';
import type { LatestVersions } from '@atrium/contracts/version';
import type { AdminRepository } from './admin.repository';

interface Deps {
  repo: AdminRepository;
  /** Every type's reference version (the information module's). */
  latestVersions: () => Promise<LatestVersions>;
}

const pageOf = (q: AdminPageQuery) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
const search = (q: AdminPageQuery) => (q.search ? q.search : undefined);
const nullableNumber = (v: number | string | bigint | null) => (v === null ? null : Number(v));

/** The administrator's console (issue 17 §5, decision 0028): lists across every team. */
export class AdminService {
  constructor(private readonly d: Deps) {}

  async gateways(q: AdminGatewaysQuery): Promise<AdminGatewaysPage> {
    const filter = {
      search: search(q),
      type: q.type,
      online: q.online === undefined ? undefined : q.online === 'true',
    };
    const [rows, total] = await Promise.all([
      this.d.repo.gatewaysPage(filter, pageOf(q)),
      this.d.repo.countGateways(filter),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        mac: r.mac,
        sn: r.sn,
        type: r.type as GatewayType,
        name: r.name,
        version: r.version,
        online: Number(r.online) === 1,
        waiting: Number(r.waiting) === 1,
        teamId: r.team_id,
        teamName: r.team_name ?? null,
        projectId: r.project_id,
        projectName: r.project_name ?? null,
        lastOnline: nullableNumber(r.last_online),
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async teams(q: AdminPageQuery): Promise<AdminTeamsPage> {
    const [rows, total] = await Promise.all([
      this.d.repo.teamsPage(search(q), pageOf(q)),
      this.d.repo.countTeams(search(q)),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        createdAt: Number(r.created_at),
        users: Number(r.users ?? 0),
        projects: Number(r.projects ?? 0),
        gateways: Number(r.gateways ?? 0),
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async users(q: AdminPageQuery): Promise<AdminUsersPage> {
    const [rows, total] = await Promise.all([
      this.d.repo.usersPage(search(q), pageOf(q)),
      this.d.repo.countUsers(search(q)),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        email: r.email,
        name: r.name,
        rank: r.rank,
        teamId: r.team_id,
        teamName: r.team_name ?? null,
        emailVerified: Number(r.email_verified) === 1,
        locked: Number(r.locked) === 1,
        createdAt: Number(r.created_at),
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async fleetStats(): Promise<AdminFleetStats> {
    const [groups, latest, teams, users] = await Promise.all([
      this.d.repo.gatewayGroups(),
      this.d.latestVersions(),
      this.d.repo.countAll('teams'),
      this.d.repo.countAll('users'),
    ]);
    const types = GATEWAY_TYPES.map((type) => {
      const mine = groups.filter((g) => g.type === type);
      const versions = new Map<string | null, { total: number; online: number }>();
      for (const g of mine) {
        const v = versions.get(g.version) ?? { total: 0, online: 0 };
        v.total += g.n;
        if (g.online) v.online += g.n;
        versions.set(g.version, v);
      }
      const sum = (pick: (g: (typeof mine)[number]) => boolean) =>
        mine.filter(pick).reduce((n, g) => n + g.n, 0);
      return {
        type,
        total: sum(() => true),
        online: sum((g) => g.online),
        waiting: sum((g) => g.waiting),
        reference: latest[type] ?? null,
        versions: [...versions.entries()]
          .map(([version, v]) => ({ version, ...v }))
          .sort((a, b) => b.total - a.total || String(a.version).localeCompare(String(b.version))),
      };
    });
    return {
      total: types.reduce((n, t) => n + t.total, 0),
      online: types.reduce((n, t) => n + t.online, 0),
      waiting: types.reduce((n, t) => n + t.waiting, 0),
      teams,
      users,
      types,
    };
  }

  async firmware(): Promise<FirmwareItem[]> {
    const rows = await this.d.repo.firmware();
    return rows.map((r) => ({
      id: r.id,
      type: r.type as GatewayType,
      version: r.version,
      branch: r.branch as FirmwareItem['branch'],
      sha256: r.sha256,
      size: Number(r.size),
      createdAt: Number(r.created_at),
    }));
  }
}

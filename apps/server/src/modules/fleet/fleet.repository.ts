import type { FlowEditorType } from '@atrium/contracts/flow-editors';
import type { Db } from '../../db/database';
import { contains, likePattern, macSearch } from '../../db/text-search';

/**
 * Whose fleet: every gateway (administrators), or a team's projects and gateways (null for a
 * viewer-rank account, which reads only what it views, decision 0024) with the projects the
 * user views and the gateways shared with it.
 */
export type FleetScope = { all: true } | { teamId: string | null; userId: string };

/** Counts arrive as numbers on SQLite and as strings (bigint) on PostgreSQL. */
type Count = number | string | bigint;
type Member = { teamId: string | null; userId: string };

/**
 * The only SQL of the fleet home: a handful of GROUP BY queries over gateways, projects and
 * alerts (their tables are read here, as the alerts and projects repositories read each
 * other's), whatever the size of the fleet.
 */
export class FleetRepository {
  constructor(private readonly db: Db) {}

  /** The subqueries of the project ids a member sees: its team's (unless null), those it views. */
  private projectIdsOf(s: Member) {
    return {
      team:
        s.teamId === null
          ? null
          : this.db.selectFrom('projects').select('id').where('team_id', '=', s.teamId),
      viewed: this.db
        .selectFrom('project_viewers')
        .select('project_id')
        .where('user_id', '=', s.userId),
    };
  }

  private gatewaysIn(scope: FleetScope) {
    const q = this.db.selectFrom('gateways');
    if ('all' in scope) return q;
    const { team, viewed } = this.projectIdsOf(scope);
    const shared = this.db
      .selectFrom('gateway_shares')
      .select('gateway_id')
      .where('user_id', '=', scope.userId);
    return q.where((eb) => {
      const seen = [eb('project_id', 'in', viewed), eb('id', 'in', shared)];
      if (team && scope.teamId !== null)
        seen.push(eb('team_id', '=', scope.teamId), eb('project_id', 'in', team));
      return eb.or(seen);
    });
  }

  async countProjects(scope: FleetScope): Promise<number> {
    let q = this.db.selectFrom('projects').select((eb) => eb.fn.countAll<Count>().as('n'));
    if (!('all' in scope)) {
      const { teamId } = scope;
      const { viewed } = this.projectIdsOf(scope);
      q = q.where((eb) =>
        teamId === null
          ? eb('id', 'in', viewed)
          : eb.or([eb('team_id', '=', teamId), eb('id', 'in', viewed)]),
      );
    }
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** Gateways counted by type, version and presence: few rows for any fleet. */
  async gatewayGroups(scope: FleetScope) {
    const rows = await this.gatewaysIn(scope)
      .select(['type', 'version', 'online', (eb) => eb.fn.countAll<Count>().as('n')])
      .groupBy(['type', 'version', 'online'])
      .execute();
    return rows.map((r) => ({ ...r, online: Number(r.online) === 1, n: Number(r.n) }));
  }

  /** Gateways not online, per project of the scope. */
  async offlineByProject(scope: FleetScope) {
    const rows = await this.gatewaysIn(scope)
      .select(['project_id', (eb) => eb.fn.countAll<Count>().as('n')])
      .where('online', '=', 0)
      .where('project_id', 'is not', null)
      .groupBy('project_id')
      .execute();
    return rows.flatMap((r) => (r.project_id ? [{ projectId: r.project_id, n: Number(r.n) }] : []));
  }

  /** Alerts open, or raised since `since`, per project of the scope, with the newest raise. */
  async alertsByProject(scope: FleetScope, since: number) {
    let q = this.db
      .selectFrom('alerts')
      .select([
        'project_id',
        (eb) => eb.fn.countAll<Count>().as('n'),
        (eb) => eb.fn.max('raised_at').as('last'),
        (eb) =>
          eb.fn
            .sum<Count>(eb.case().when('cleared_at', 'is', null).then(1).else(0).end())
            .as('open'),
      ])
      .where((eb) => eb.or([eb('cleared_at', 'is', null), eb('raised_at', '>=', since)]));
    if (!('all' in scope)) {
      const { team, viewed } = this.projectIdsOf(scope);
      q = q.where((eb) =>
        team
          ? eb.or([eb('project_id', 'in', team), eb('project_id', 'in', viewed)])
          : eb('project_id', 'in', viewed),
      );
    }
    const rows = await q.groupBy('project_id').execute();
    return rows.map((r) => ({
      projectId: r.project_id,
      n: Number(r.n),
      open: Number(r.open),
      last: Number(r.last),
    }));
  }

  /**
   * Updates that failed since `since`, per project of the scope: `update` events of the gateway
   * history (decision 0021) whose result is `failed`, counted where the event was recorded.
   */
  async failedUpdatesByProject(scope: FleetScope, since: number) {
    let q = this.db
      .selectFrom('gateway_events')
      .select(['project_id', (eb) => eb.fn.countAll<Count>().as('n')])
      .where('kind', '=', 'update')
      .where('at', '>=', since)
      // `data` is the event's JSON as JSON.stringify writes it (gateway-events.service.ts).
      .where('data', 'like', '%"result":"failed"%')
      .where('project_id', 'is not', null);
    if (!('all' in scope)) {
      const { team, viewed } = this.projectIdsOf(scope);
      q = q.where((eb) =>
        team
          ? eb.or([eb('project_id', 'in', team), eb('project_id', 'in', viewed)])
          : eb('project_id', 'in', viewed),
      );
    }
    const rows = await q.groupBy('project_id').execute();
    return rows.flatMap((r) => (r.project_id ? [{ projectId: r.project_id, n: Number(r.n) }] : []));
  }

  async projectNames(ids: readonly string[]) {
    if (ids.length === 0) return new Map<string, string>();
    const rows = await this.db
      .selectFrom('projects')
      .select(['id', 'name'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /**
   * One page of the flow-editor gateways a member owns (its team's, directly or through the
   * team's projects; every one for administrators), ordered by name then MAC, and their count.
   */
  async flowEditorsPage(owner: FlowEditorOwner, f: FlowEditorFilter, page: FleetPage) {
    const base = this.db
      .selectFrom('gateways as g')
      .leftJoin('projects as p', 'p.id', 'g.project_id')
      .where('g.type', 'in', [...f.types])
      .where('g.waiting', '=', 0)
      .where((eb) => {
        const all = [];
        if (owner.teamId !== undefined)
          all.push(eb.or([eb('g.team_id', '=', owner.teamId), eb('p.team_id', '=', owner.teamId)]));
        if (f.online !== undefined) all.push(eb('g.online', '=', f.online ? 1 : 0));
        if (f.search) {
          const p = likePattern(f.search);
          const any = [contains('g.name', p), contains('g.sn', p), contains('p.name', p)];
          const mac = macSearch('g.mac', f.search);
          if (mac) any.push(mac);
          all.push(eb.or(any));
        }
        return eb.and(all);
      });
    const [rows, count] = await Promise.all([
      base
        .select([
          'g.id',
          'g.mac',
          'g.sn',
          'g.name',
          'g.type',
          'g.version',
          'g.online',
          'g.protect',
          'g.virtual',
          'g.vpn_online',
          'g.project_id',
          'g.last_online',
          'p.name as project_name',
        ])
        .orderBy('g.name')
        .orderBy('g.mac')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<Count>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}

/** Whose flow editors: a team's (its id), or every gateway (administrators: undefined). */
export interface FlowEditorOwner {
  teamId: string | undefined;
}
export interface FlowEditorFilter {
  types: readonly FlowEditorType[];
  online?: boolean;
  search?: string;
}
export interface FleetPage {
  limit: number;
  offset: number;
}

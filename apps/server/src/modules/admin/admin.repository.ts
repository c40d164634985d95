import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { GatewayType } from '@atrium/contracts/limits';
import type { Db } from '../../db/database';
import { contains, likePattern, macSearch } from '../../db/text-search';

/** Counts arrive as numbers on SQLite and as strings (bigint) on PostgreSQL. */
type Count = number | string | bigint;

export interface Page {
  limit: number;
  offset: number;
}
export interface GatewayFilter {
  search?: string;
  type?: GatewayType;
  online?: boolean;
}

/**
 * The only SQL of the administrator's console (decision 0028): every list is one page query
 * (ORDER BY a unique column, LIMIT/OFFSET) and one count query under the same filters; the
 * counts of a team's rows are correlated subqueries on indexed columns, evaluated for the page's
 * rows only. The fleet statistics are one GROUP BY. It reads teams, users, projects, gateways
 * and firmware across every team, as only administrators may.
 */
export class AdminRepository {
  constructor(private readonly db: Db) {}

  /** The filters of the gateway list, as one condition on the alias `g`. */
  private gatewayWhere(f: GatewayFilter): Expression<SqlBool> {
    const all: RawBuilder<SqlBool>[] = [sql<SqlBool>`1 = 1`];
    if (f.type) all.push(sql<SqlBool>`${sql.ref('g.type')} = ${f.type}`);
    if (f.online !== undefined)
      all.push(sql<SqlBool>`${sql.ref('g.online')} = ${f.online ? 1 : 0}`);
    if (f.search) {
      const p = likePattern(f.search);
      const any = [contains('g.name', p), contains('g.sn', p)];
      const mac = macSearch('g.mac', f.search);
      if (mac) any.push(mac);
      all.push(sql<SqlBool>`(${sql.join(any, sql` or `)})`);
    }
    return sql<SqlBool>`${sql.join(all, sql` and `)}`;
  }

  async gatewaysPage(f: GatewayFilter, page: Page) {
    const rows = await this.db
      .selectFrom('gateways as g')
      .leftJoin('teams as t', 't.id', 'g.team_id')
      .leftJoin('projects as p', 'p.id', 'g.project_id')
      .select([
        'g.id',
        'g.mac',
        'g.sn',
        'g.type',
        'g.name',
        'g.version',
        'g.online',
        'g.waiting',
        'g.team_id',
        'g.project_id',
        'g.last_online',
        't.name as team_name',
        'p.name as project_name',
      ])
      .where(this.gatewayWhere(f))
      .orderBy('g.mac')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows;
  }

  async countGateways(f: GatewayFilter): Promise<number> {
    const row = await this.db
      .selectFrom('gateways as g')
      .select((eb) => eb.fn.countAll<Count>().as('n'))
      .where(this.gatewayWhere(f))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private teamWhere(search: string | undefined) {
    return search ? contains('t.name', likePattern(search)) : sql<SqlBool>`1 = 1`;
  }

  async teamsPage(search: string | undefined, page: Page) {
    return this.db
      .selectFrom('teams as t')
      .select((eb) => [
        't.id',
        't.name',
        't.created_at',
        eb
          .selectFrom('users as u')
          .select((e) => e.fn.countAll<Count>().as('n'))
          .whereRef('u.team_id', '=', 't.id')
          .as('users'),
        eb
          .selectFrom('projects as p')
          .select((e) => e.fn.countAll<Count>().as('n'))
          .whereRef('p.team_id', '=', 't.id')
          .as('projects'),
        eb
          .selectFrom('gateways as g')
          .select((e) => e.fn.countAll<Count>().as('n'))
          .whereRef('g.team_id', '=', 't.id')
          .as('gateways'),
      ])
      .where(this.teamWhere(search))
      .orderBy('t.name')
      .orderBy('t.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  async countTeams(search: string | undefined): Promise<number> {
    const row = await this.db
      .selectFrom('teams as t')
      .select((eb) => eb.fn.countAll<Count>().as('n'))
      .where(this.teamWhere(search))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private userWhere(search: string | undefined) {
    if (!search) return sql<SqlBool>`1 = 1`;
    const p = likePattern(search);
    return sql<SqlBool>`(${contains('u.email', p)} or ${contains('u.name', p)} or ${contains('t.name', p)})`;
  }

  async usersPage(search: string | undefined, page: Page) {
    return this.db
      .selectFrom('users as u')
      .leftJoin('teams as t', 't.id', 'u.team_id')
      .select([
        'u.id',
        'u.email',
        'u.name',
        'u.rank',
        'u.team_id',
        'u.email_verified',
        'u.locked',
        'u.created_at',
        't.name as team_name',
      ])
      .where(this.userWhere(search))
      .orderBy('u.email')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  async countUsers(search: string | undefined): Promise<number> {
    const row = await this.db
      .selectFrom('users as u')
      .leftJoin('teams as t', 't.id', 'u.team_id')
      .select((eb) => eb.fn.countAll<Count>().as('n'))
      .where(this.userWhere(search))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Gateways counted by type, version, presence and waiting: few rows for any fleet. */
  async gatewayGroups() {
    const rows = await this.db
      .selectFrom('gateways')
      .select(['type', 'version', 'online', 'waiting', (eb) => eb.fn.countAll<Count>().as('n')])
      .groupBy(['type', 'version', 'online', 'waiting'])
      .execute();
    return rows.map((r) => ({
      type: r.type,
      version: r.version,
      online: Number(r.online) === 1,
      waiting: Number(r.waiting) === 1,
      n: Number(r.n),
    }));
  }

  async countAll(table: 'teams' | 'users'): Promise<number> {
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<Count>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async firmware() {
    return this.db
      .selectFrom('firmware')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(500)
      .execute();
  }
}

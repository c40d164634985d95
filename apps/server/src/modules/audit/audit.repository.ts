import { sql, type Insertable, type Selectable } from 'kysely';
import type { ActivityAction } from '@atrium/contracts/activity';
import type { Db } from '../../db/database';
import type { TeamActivityTable } from '../../db/schema';

export type ActivityRow = Selectable<TeamActivityTable>;

/** What the list and the export read: a team's entries, filtered, newest first. */
export interface ActivitySelection {
  team: string;
  from?: number | undefined;
  to?: number | undefined;
  actions?: readonly ActivityAction[] | undefined;
  /** Lowercase part of the actor's e-mail. */
  actor?: string | undefined;
  /** Only entries older than this one (the previous page's last). */
  before?: { at: number; id: string } | undefined;
  limit: number;
}

/** `%` and `_` of a typed e-mail are letters, not wildcards. */
const likePattern = (part: string) => `%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The team activity log's SQL (decision 0022). */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<TeamActivityTable>): Promise<void> {
    await this.db.insertInto('team_activity').values(row).execute();
  }

  /** Entries newest first: by time, then id (the page cursor's order). */
  async list(s: ActivitySelection): Promise<ActivityRow[]> {
    let q = this.db.selectFrom('team_activity').selectAll().where('team_id', '=', s.team);
    if (s.from !== undefined) q = q.where('at', '>=', s.from);
    if (s.to !== undefined) q = q.where('at', '<', s.to);
    if (s.actions?.length) q = q.where('action', 'in', [...s.actions]);
    if (s.actor) q = q.where(sql<boolean>`actor_email like ${likePattern(s.actor)} escape '\\'`);
    const before = s.before;
    if (before) {
      q = q.where((eb) =>
        eb.or([
          eb('at', '<', before.at),
          eb.and([eb('at', '=', before.at), eb('id', '<', before.id)]),
        ]),
      );
    }
    return q.orderBy('at', 'desc').orderBy('id', 'desc').limit(s.limit).execute();
  }

  /** Which of these projects and gateways (by MAC) the team still has, and their project. */
  async currentProjects(team: string, projectIds: string[], macs: string[]) {
    const [projects, gateways] = await Promise.all([
      projectIds.length
        ? this.db
            .selectFrom('projects')
            .select('id')
            .where('team_id', '=', team)
            .where('id', 'in', projectIds)
            .execute()
        : [],
      macs.length
        ? this.db
            .selectFrom('gateways')
            .select(['mac', 'project_id'])
            .where('team_id', '=', team)
            .where('mac', 'in', macs)
            .where('project_id', 'is not', null)
            .execute()
        : [],
    ]);
    return {
      projects: new Set(projects.map((p) => p.id)),
      gateways: new Map(gateways.map((g) => [g.mac, g.project_id ?? ''])),
    };
  }

  /** Removes what is older than `cutoff`; returns how many rows went. */
  async deleteBefore(cutoff: number): Promise<number> {
    const r = await this.db.deleteFrom('team_activity').where('at', '<', cutoff).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { ProjectTable } from '../../db/schema';
import { CompiledOnce } from '../../db/compiled-once';
import { bumpTeams, teamRevision } from '../../lib/tenancy/team-revisions.repository';

export type ProjectRow = ProjectTable;

/** Rows per INSERT: under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/** The only place with SQL for projects and their viewers. */
export class ProjectsRepository {
  constructor(private readonly db: Db) {}

  /** Every projects-list request's first query, compiled once (decision 0062). */
  private readonly listStateQuery = new CompiledOnce(['teamId', 'userId'], (p) =>
    this.db.selectNoFrom((eb) => [
      eb
        .selectFrom('team_revisions')
        .select('revision')
        .where('team_id', '=', p.teamId)
        .as('revision'),
      eb
        .exists(
          eb
            .selectFrom('project_viewers as v')
            .innerJoin('projects as p', 'p.id', 'v.project_id')
            .select('v.user_id')
            .where('v.user_id', '=', p.userId)
            .where('p.team_id', '<>', p.teamId),
        )
        .as('viewing'),
    ]),
  );

  findById(id: string) {
    return this.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Another project of the team with this lowercased name, if any. */
  findByNameKey(teamId: string, nameKey: string) {
    return this.db
      .selectFrom('projects')
      .select(['id', 'name'])
      .where('team_id', '=', teamId)
      .where('name_key', '=', nameKey)
      .executeTakeFirst();
  }

  listByTeam(teamId: string) {
    return this.db
      .selectFrom('projects')
      .selectAll()
      .where('team_id', '=', teamId)
      .orderBy('name_key')
      .execute();
  }

  /** Projects on which the user was granted viewer, but those of `exceptTeam` when given. */
  listViewedBy(userId: string, exceptTeam: string | null) {
    let q = this.db
      .selectFrom('projects as p')
      .innerJoin('project_viewers as v', 'v.project_id', 'p.id')
      .selectAll('p')
      .where('v.user_id', '=', userId);
    if (exceptTeam !== null) q = q.where('p.team_id', '<>', exceptTeam);
    return q.orderBy('p.name_key').execute();
  }

  listAll() {
    return this.db.selectFrom('projects').selectAll().orderBy('name_key').execute();
  }

  /** Every project's id and logger subscription (the retention sweep's input). */
  listSubscriptions() {
    return this.db.selectFrom('projects').select(['id', 'logger_subscription']).execute();
  }

  async insert(rows: Insertable<ProjectTable>[]) {
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto('projects')
          .values(rows.slice(i, i + CHUNK))
          .execute();
      }
      await bumpTeams(
        trx,
        rows.map((r) => r.team_id),
      );
    });
  }

  async update(project: Pick<ProjectRow, 'id' | 'team_id'>, patch: Updateable<ProjectTable>) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('projects')
        .set({ ...patch, updated_at: Date.now() })
        .where('id', '=', project.id)
        .execute();
      await bumpTeams(trx, [project.team_id]);
    });
  }

  /** Deletes the project; its gateways stay on the team's account, unlinked. */
  async delete(project: Pick<ProjectRow, 'id' | 'team_id'>) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('gateways')
        .set({ project_id: null, updated_at: Date.now() })
        .where('project_id', '=', project.id)
        .execute();
      await trx.deleteFrom('projects').where('id', '=', project.id).execute();
      await bumpTeams(trx, [project.team_id]);
    });
  }

  revision(teamId: string) {
    return teamRevision(this.db, teamId);
  }

  /**
   * In one query, what a list request needs first: the team's revision, and
   * whether the user views projects of other teams.
   */
  async listState(teamId: string, userId: string) {
    const { rows } = await this.db.executeQuery(this.listStateQuery.with({ teamId, userId }));
    const row = rows[0];
    if (!row) throw new Error('projects list state: no row');
    return {
      revision: Number(row.revision ?? 0),
      viewing: row.viewing === true || row.viewing === 1,
    };
  }

  listViewers(projectId: string) {
    return this.db
      .selectFrom('project_viewers as v')
      .innerJoin('users as u', 'u.id', 'v.user_id')
      .select(['u.id', 'u.email', 'u.name'])
      .where('v.project_id', '=', projectId)
      .orderBy('u.email')
      .execute();
  }

  async addViewer(projectId: string, userId: string) {
    await this.db
      .insertInto('project_viewers')
      .values({ project_id: projectId, user_id: userId, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
      .execute();
  }

  async removeViewers(projectId: string, userIds: string[]) {
    if (userIds.length === 0) return;
    await this.db
      .deleteFrom('project_viewers')
      .where('project_id', '=', projectId)
      .where('user_id', 'in', userIds)
      .execute();
  }
}

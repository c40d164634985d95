import type { Db } from '../../db/database';

/** A gateway named by its MAC or by its id. */
export type GatewayRef = { mac: string } | { id: string };

/** The only place with SQL for tenancy checks: who may see or edit which project or gateway. */
export class ProjectAccessRepository {
  constructor(private readonly db: Db) {}

  /** The owning team, and whether the user was granted viewer on the project. */
  projectAccessRow(projectId: string, userId: string) {
    return this.db
      .selectFrom('projects as p')
      .select((eb) => [
        'p.team_id',
        eb
          .exists(
            eb
              .selectFrom('project_viewers as v')
              .select('v.user_id')
              .whereRef('v.project_id', '=', 'p.id')
              .where('v.user_id', '=', userId),
          )
          .as('viewer'),
      ])
      .where('p.id', '=', projectId)
      .executeTakeFirst();
  }

  /** What decides a user's role on a gateway: its team, its project's team, viewer grant, share. */
  gatewayAccessRow(ref: GatewayRef, userId: string) {
    const q = this.db
      .selectFrom('gateways as g')
      .leftJoin('projects as p', 'p.id', 'g.project_id')
      .select((eb) => [
        'g.team_id',
        'p.team_id as project_team',
        eb
          .exists(
            eb
              .selectFrom('project_viewers as v')
              .select('v.user_id')
              .whereRef('v.project_id', '=', 'g.project_id')
              .where('v.user_id', '=', userId),
          )
          .as('viewer'),
        eb
          .exists(
            eb
              .selectFrom('gateway_shares as s')
              .select('s.user_id')
              .whereRef('s.gateway_id', '=', 'g.id')
              .where('s.user_id', '=', userId),
          )
          .as('shared'),
      ]);
    return (
      'mac' in ref ? q.where('g.mac', '=', ref.mac) : q.where('g.id', '=', ref.id)
    ).executeTakeFirst();
  }

  /** The project's row, once its access is settled. */
  findProject(id: string) {
    return this.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  }
}

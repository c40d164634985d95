import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { GatewayTable } from '../../db/schema';
import type { GatewayRef } from '../../lib/tenancy/project-access.repository';
import { bumpTeams, projectTeamRevision } from '../../lib/tenancy/team-revisions.repository';

export type GatewayRow = Omit<Selectable<GatewayTable>, 'secret_hash'>;
/** A gateway with the name and addons of its project (null when unlinked). */
export type GatewayView = GatewayRow & {
  project_name: string | null;
  project_addons: string | null;
  project_team: string | null;
};

const CHUNK = 500;

const chunks = <T>(list: readonly T[]) => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
};

/** Every column but the device secret's hash, which never leaves the database. */
const COLUMNS = [
  'g.id',
  'g.mac',
  'g.sn',
  'g.type',
  'g.name',
  'g.team_id',
  'g.project_id',
  'g.version',
  'g.waiting',
  'g.virtual',
  'g.online',
  'g.connection',
  'g.initialized',
  'g.pending_init',
  'g.initpswds',
  'g.waiting_certs',
  'g.waiting_update',
  'g.step',
  'g.pooltype',
  'g.protect',
  'g.ip',
  'g.volt',
  'g.busload',
  'g.last_online',
  'g.last_connection',
  'g.vpn_online',
  'g.vpn_last_connection',
  'g.created_at',
  'g.updated_at',
] as const;

/** The only place with SQL for gateways and their shares. */
export class GatewaysRepository {
  constructor(private readonly db: Db) {}

  private view() {
    return this.db
      .selectFrom('gateways as g')
      .leftJoin('projects as p', 'p.id', 'g.project_id')
      .select(COLUMNS)
      .select([
        'p.name as project_name',
        'p.addons as project_addons',
        'p.team_id as project_team',
      ]);
  }

  find(ref: GatewayRef): Promise<GatewayView | undefined> {
    const q = this.view();
    return (
      'mac' in ref ? q.where('g.mac', '=', ref.mac) : q.where('g.id', '=', ref.id)
    ).executeTakeFirst();
  }

  /** The revision the project's gateway table is cached under (its team's). */
  revisionOfProject(projectId: string) {
    return projectTeamRevision(this.db, projectId);
  }

  listByProject(projectId: string): Promise<GatewayView[]> {
    return this.view().where('g.project_id', '=', projectId).orderBy('g.name').execute();
  }

  /** The account's gateways, linked to a project or not. */
  listByTeam(teamId: string): Promise<GatewayView[]> {
    return this.view().where('g.team_id', '=', teamId).orderBy('g.name').execute();
  }

  /** The team's gateways in the projects the user was granted viewer on (viewer rank). */
  listInViewedProjects(userId: string, teamId: string): Promise<GatewayView[]> {
    return this.view()
      .where('g.team_id', '=', teamId)
      .where('g.project_id', 'in', (eb) =>
        eb.selectFrom('project_viewers').select('project_id').where('user_id', '=', userId),
      )
      .orderBy('g.name')
      .execute();
  }

  /** Gateways of other accounts shared with the user. */
  listSharedWith(userId: string, exceptTeam: string): Promise<GatewayView[]> {
    return this.view()
      .innerJoin('gateway_shares as s', 's.gateway_id', 'g.id')
      .where('s.user_id', '=', userId)
      .where((eb) => eb.or([eb('g.team_id', 'is', null), eb('g.team_id', '<>', exceptTeam)]))
      .orderBy('g.name')
      .execute();
  }

  /** The projects list's summaries of the gateways linked to a team's projects, in one query. */
  summariesOfTeam(teamId: string) {
    return this.db
      .selectFrom('gateways')
      .select(['mac', 'name', 'type', 'online', 'connection', 'version', 'project_id'])
      .where('project_id', 'in', (eb) =>
        eb.selectFrom('projects').select('id').where('team_id', '=', teamId),
      )
      .orderBy('name')
      .execute();
  }

  async summariesOfProjects(projectIds: string[]) {
    const rows = [];
    for (const ids of chunks(projectIds)) {
      rows.push(
        ...(await this.db
          .selectFrom('gateways')
          .select(['mac', 'name', 'type', 'online', 'connection', 'version', 'project_id'])
          .where('project_id', 'in', ids)
          .orderBy('name')
          .execute()),
      );
    }
    return rows;
  }

  namesOfProject(projectId: string) {
    return this.db
      .selectFrom('gateways')
      .select(['name', 'mac', 'type'])
      .where('project_id', '=', projectId)
      .orderBy('name')
      .execute();
  }

  async findByMacs(macs: string[]): Promise<GatewayView[]> {
    const rows: GatewayView[] = [];
    for (const part of chunks(macs))
      rows.push(...(await this.view().where('g.mac', 'in', part).execute()));
    return rows;
  }

  async existingMacs(macs: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunks(macs)) {
      const rows = await this.db
        .selectFrom('gateways')
        .select('mac')
        .where('mac', 'in', part)
        .execute();
      rows.forEach((r) => found.add(r.mac));
    }
    return found;
  }

  /** Inserts gateways in one transaction: all of them, or none. */
  async insert(rows: Insertable<GatewayTable>[]) {
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(rows)) await trx.insertInto('gateways').values(part).execute();
      await bumpTeams(
        trx,
        rows.map((r) => r.team_id),
      );
    });
  }

  /**
   * Links gateways to a project: they join the project's team and keep the
   * first `nameMax` characters of their name (document 1 §5), as linkedGatewayName.
   */
  async link(gateways: GatewayRow[], project: { id: string; team_id: string }, nameMax: number) {
    const now = Date.now();
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(gateways.map((g) => g.id))) {
        await trx
          .updateTable('gateways')
          .set({
            project_id: project.id,
            team_id: project.team_id,
            waiting: 0,
            name: sql<string>`rtrim(substr(name, 1, ${nameMax}))`,
            updated_at: now,
          })
          .where('id', 'in', part)
          .execute();
      }
      await bumpTeams(trx, [project.team_id, ...gateways.map((g) => g.team_id)]);
    });
  }

  async unlink(projectId: string, teamId: string, ids: string[]) {
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(ids)) {
        await trx
          .updateTable('gateways')
          .set({ project_id: null, updated_at: Date.now() })
          .where('project_id', '=', projectId)
          .where('id', 'in', part)
          .execute();
      }
      await bumpTeams(trx, [teamId]);
    });
  }

  /**
   * Moves a waiting gateway to an account; false when it was no longer
   * waiting (another account claimed it first).
   */
  async claim(id: string, patch: Updateable<GatewayTable> & { team_id: string }) {
    return this.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('gateways')
        .set({ ...patch, waiting: 0, updated_at: Date.now() })
        .where('id', '=', id)
        .where('waiting', '=', 1)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await bumpTeams(trx, [patch.team_id]);
      return true;
    });
  }

  async update(gw: Pick<GatewayRow, 'id' | 'team_id'>, patch: Updateable<GatewayTable>) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('gateways')
        .set({ ...patch, updated_at: Date.now() })
        .where('id', '=', gw.id)
        .execute();
      await bumpTeams(trx, [gw.team_id]);
    });
  }

  async delete(gw: Pick<GatewayRow, 'id' | 'team_id'>) {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('gateways').where('id', '=', gw.id).execute();
      await bumpTeams(trx, [gw.team_id]);
    });
  }

  async share(gatewayId: string, userId: string) {
    await this.db
      .insertInto('gateway_shares')
      .values({ gateway_id: gatewayId, user_id: userId, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['gateway_id', 'user_id']).doNothing())
      .execute();
  }
}

import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type {
  BossDashboardTable,
  ChartDashboardTable,
  DashboardShareTable,
  ProjectTable,
} from '../../db/schema';

export type ChartDashboardRow = Selectable<ChartDashboardTable>;
export type BossDashboardRow = Selectable<BossDashboardTable>;
export type ShareRow = Selectable<DashboardShareTable>;

/** Ids per IN list: under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

/** Every SQL of the dashboards module (issue 20, decision 0032). */
export class DashboardsRepository {
  constructor(private readonly db: Db) {}

  findProject(projectId: string): Promise<Selectable<ProjectTable> | undefined> {
    return this.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', projectId)
      .executeTakeFirst();
  }

  // chart dashboards

  listCharts(projectId: string): Promise<ChartDashboardRow[]> {
    return this.db
      .selectFrom('chart_dashboards')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  findChart(projectId: string, id: string): Promise<ChartDashboardRow | undefined> {
    return this.db
      .selectFrom('chart_dashboards')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Inserts a dashboard unless the project already has `limit` of them (null: no limit); the
   * count and the insert run in one transaction, so two saves cannot both pass the limit.
   */
  async insertChart(row: Insertable<ChartDashboardTable>, limit: number | null): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (limit !== null) {
        // Serialises the project's creations (PostgreSQL); SQLite has one writer anyway.
        await trx
          .updateTable('projects')
          .set({ updated_at: row.created_at })
          .where('id', '=', row.project_id)
          .execute();
        const { n } = await trx
          .selectFrom('chart_dashboards')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('project_id', '=', row.project_id)
          .executeTakeFirstOrThrow();
        if (Number(n) >= limit) return false;
      }
      await trx.insertInto('chart_dashboards').values(row).execute();
      return true;
    });
  }

  async updateChart(
    projectId: string,
    id: string,
    patch: Updateable<ChartDashboardTable>,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('chart_dashboards')
      .set(patch)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Deletes a dashboard and its share links; the ids of the links that were live. */
  async deleteChart(projectId: string, id: string): Promise<string[] | null> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .deleteFrom('chart_dashboards')
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) return null;
      const live = await trx
        .deleteFrom('dashboard_shares')
        .where('project_id', '=', projectId)
        .where('dashboard_id', '=', id)
        .returning(['id', 'revoked_at'])
        .execute();
      return live.filter((s) => s.revoked_at === null).map((s) => s.id);
    });
  }

  // boss dashboards

  findBoss(projectId: string): Promise<BossDashboardRow | undefined> {
    return this.db
      .selectFrom('boss_dashboards')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  }

  /** Creates the project's boss dashboard unless one exists (the existing one stays). */
  async insertBoss(row: Insertable<BossDashboardTable>): Promise<void> {
    await this.db
      .insertInto('boss_dashboards')
      .values(row)
      .onConflict((oc) => oc.column('project_id').doNothing())
      .execute();
  }

  async updateBoss(projectId: string, patch: Updateable<BossDashboardTable>): Promise<void> {
    await this.db
      .updateTable('boss_dashboards')
      .set(patch)
      .where('project_id', '=', projectId)
      .execute();
  }

  // share links

  async insertShare(row: Insertable<DashboardShareTable>): Promise<void> {
    await this.db.insertInto('dashboard_shares').values(row).execute();
  }

  findShareByHash(hash: string): Promise<ShareRow | undefined> {
    return this.db
      .selectFrom('dashboard_shares')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirst();
  }

  findShare(id: string): Promise<ShareRow | undefined> {
    return this.db
      .selectFrom('dashboard_shares')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The live (not revoked) links of dashboards of a project. */
  liveShares(projectId: string, dashboardIds?: readonly string[]): Promise<ShareRow[]> {
    let q = this.db
      .selectFrom('dashboard_shares')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('revoked_at', 'is', null);
    if (dashboardIds) {
      if (dashboardIds.length === 0) return Promise.resolve([]);
      q = q.where('dashboard_id', 'in', dashboardIds);
    }
    return q.orderBy('created_at').execute();
  }

  countLiveShares(dashboardId: string, now: number): Promise<number> {
    return this.db
      .selectFrom('dashboard_shares')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('dashboard_id', '=', dashboardId)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  async revokeShare(id: string, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('dashboard_shares')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  // data

  /** The ids of existing series of a project, by (kind, mac, address). */
  async seriesIds(
    projectId: string,
  ): Promise<{ id: number; gateway_mac: string; address: string; kind: string }[]> {
    return this.db
      .selectFrom('ts_series')
      .select(['id', 'gateway_mac', 'address', 'kind'])
      .where('project_id', '=', projectId)
      .execute();
  }

  /**
   * The last point of each series at or before `stop`: one index seek per series on the
   * (series, t) primary key.
   */
  async lastPoints(
    seriesIds: readonly number[],
    stop: number,
  ): Promise<Map<number, { t: number; v: number }>> {
    const out = new Map<number, { t: number; v: number }>();
    await Promise.all(
      seriesIds.map(async (id) => {
        const row = await this.db
          .selectFrom('ts_raw')
          .select(['t', 'v'])
          .where('series', '=', id)
          .where('t', '<=', stop)
          .orderBy('t', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (row) out.set(id, { t: Number(row.t), v: Number(row.v) });
      }),
    );
    return out;
  }

  /** Day rollups (Paris days, keyed by their 00:00) of series over [start, stop). */
  async dayRollups(
    seriesIds: readonly number[],
    start: number,
    stop: number,
  ): Promise<
    { series: number; bucket: number; count: number; sum: number; min: number; max: number }[]
  > {
    const out = [];
    for (let i = 0; i < seriesIds.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom('ts_1d')
        .select(['series', 'bucket', 'count', 'sum', 'min', 'max'])
        .where('series', 'in', seriesIds.slice(i, i + CHUNK))
        .where('bucket', '>=', start)
        .where('bucket', '<', stop)
        .orderBy('series')
        .orderBy('bucket')
        .execute();
      out.push(
        ...rows.map((r) => ({
          series: Number(r.series),
          bucket: Number(r.bucket),
          count: Number(r.count),
          sum: Number(r.sum),
          min: Number(r.min),
          max: Number(r.max),
        })),
      );
    }
    return out;
  }

  /**
   * Min, max and mean of series over [start, stop) from a rollup table (hours for a month or
   * less, else days): buckets that start inside the range count whole.
   */
  async stats(
    seriesIds: readonly number[],
    start: number,
    stop: number,
    table: 'ts_1h' | 'ts_1d',
  ): Promise<Map<number, { min: number; max: number; mean: number }>> {
    const out = new Map<number, { min: number; max: number; mean: number }>();
    for (let i = 0; i < seriesIds.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom(table)
        .select('series')
        .select((eb) => [
          eb.fn.min('min').as('min'),
          eb.fn.max('max').as('max'),
          eb.fn.sum<number>('sum').as('sum'),
          eb.fn.sum<number>('count').as('count'),
        ])
        .where('series', 'in', seriesIds.slice(i, i + CHUNK))
        .where('bucket', '>=', start)
        .where('bucket', '<', stop)
        .groupBy('series')
        .execute();
      for (const r of rows) {
        const count = Number(r.count);
        if (!count) continue;
        out.set(Number(r.series), {
          min: Number(r.min),
          max: Number(r.max),
          mean: Number(r.sum) / count,
        });
      }
    }
    return out;
  }

  /** The project's alerts raised since `since`, newest first. */
  alertsSince(projectId: string, since: number, limit: number) {
    return this.db
      .selectFrom('alerts')
      .select(['id', 'kind', 'mac', 'address', 'condition', 'limit_value', 'unit', 'value'])
      .select(['raised_at', 'cleared_at'])
      .where('project_id', '=', projectId)
      .where('raised_at', '>=', since)
      .orderBy('raised_at', 'desc')
      .limit(limit)
      .execute();
  }

  countAlertsSince(projectId: string, since: number): Promise<number> {
    return this.db
      .selectFrom('alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('raised_at', '>=', since)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }
}

import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { LEVEL_MS, type Level, type Span } from './timeseries.windows';
import type { Aggregation, SeriesKey } from './timeseries.types';

/** One aggregated bucket of one series. */
export interface BucketRow {
  series: number;
  x: number;
  y: number;
}

const TABLE: Readonly<Record<Level, string>> = {
  raw: 'ts_raw',
  '1m': 'ts_1m',
  '1h': 'ts_1h',
  '1d': 'ts_1d',
};

// Raw points aggregate their value; rollups combine their partial aggregates.
const RAW_Y: Readonly<Record<Aggregation, string>> = {
  mean: 'AVG(v)',
  max: 'MAX(v)',
  min: 'MIN(v)',
};
const ROLLUP_Y: Readonly<Record<Aggregation, string>> = {
  mean: 'SUM(sum) / CAST(SUM(count) AS DOUBLE PRECISION)',
  max: 'MAX(max)',
  min: 'MIN(min)',
};

// A rollup read at its own width needs no grouping: rows come in key order, with no sort.
const ROW_Y: Readonly<Record<Aggregation, string>> = {
  mean: 'sum / CAST(count AS DOUBLE PRECISION)',
  max: 'max',
  min: 'min',
};

/** Largest id list put in one statement (SQLite allows 32,766 variables). */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Rollup rows as they are, when the window is the level's own width. */
function readRollup(ids: readonly number[], span: Span, level: Level, agg: Aggregation) {
  return sql<BucketRow>`
    SELECT series, bucket AS x, ${sql.raw(ROW_Y[agg])} AS y FROM ${sql.table(TABLE[level])}
    WHERE series IN (${sql.join(ids)}) AND bucket >= ${span.from} AND bucket < ${span.to}
    ORDER BY series, bucket`;
}

/** Rows grouped into windows: raw points into seconds, or days into weeks. */
function groupBuckets(ids: readonly number[], span: Span, level: Level, agg: Aggregation) {
  const time = sql.ref(level === 'raw' ? 't' : 'bucket');
  const y = sql.raw(level === 'raw' ? RAW_Y[agg] : ROLLUP_Y[agg]);
  const [off, ms] = [sql.lit(span.offset), sql.lit(span.ms)];
  // Integer division floors because every timestamp is ≥ 0.
  const x = sql`((${time} + ${off}) / ${ms}) * ${ms} - ${off}`;
  return sql<BucketRow>`
    SELECT series, ${x} AS x, ${y} AS y FROM ${sql.table(TABLE[level])}
    WHERE series IN (${sql.join(ids)}) AND ${time} >= ${span.from} AND ${time} < ${span.to}
    GROUP BY 1, 2 ORDER BY 1, 2`;
}

/** The SQL both dialects share: series, graph aggregation, step seeds and row pruning. */
export class TimeSeriesRepository {
  constructor(private readonly db: Db) {}

  async insertSeriesIfMissing(key: SeriesKey): Promise<void> {
    await this.db
      .insertInto('ts_series')
      .values({
        project_id: key.projectId,
        gateway_mac: key.gatewayMac,
        address: key.address,
        kind: key.kind,
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.columns(['project_id', 'gateway_mac', 'address', 'kind']).doNothing())
      .execute();
  }

  async findSeriesId(key: SeriesKey): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('ts_series')
      .select('id')
      .where('project_id', '=', key.projectId)
      .where('gateway_mac', '=', key.gatewayMac)
      .where('address', '=', key.address)
      .where('kind', '=', key.kind)
      .executeTakeFirst();
    return row?.id;
  }

  async seriesOfProject(projectId: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('ts_series')
      .select('id')
      .where('project_id', '=', projectId)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Buckets of `span` per series, read from `level`, ordered by series then time. */
  async aggregate(ids: readonly number[], span: Span, level: Level, agg: Aggregation) {
    const query = level !== 'raw' && LEVEL_MS[level] === span.ms ? readRollup : groupBuckets;
    let rows: BucketRow[] = [];
    for (const part of chunks(ids)) {
      rows = rows.concat((await query(part, span, level, agg).execute(this.db)).rows);
    }
    return rows;
  }

  /** The last raw value of a series before `t`, if any. */
  async lastBefore(series: number, t: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('ts_raw')
      .select('v')
      .where('series', '=', series)
      .where('t', '<', t)
      .orderBy('t', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.v;
  }

  /** Deletes raw points and rollup buckets before `cutoff` (a UTC midnight) in one transaction. */
  async deleteOlder(ids: readonly number[] | 'all', cutoff: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const level of ['raw', '1m', '1h', '1d'] as const) {
        const [table, time] = [sql.table(TABLE[level]), sql.ref(level === 'raw' ? 't' : 'bucket')];
        if (ids === 'all') {
          await sql`DELETE FROM ${table} WHERE ${time} < ${cutoff}`.execute(trx);
          continue;
        }
        for (const part of chunks(ids)) {
          await sql`DELETE FROM ${table} WHERE series IN (${sql.join(part)}) AND ${time} < ${cutoff}`.execute(
            trx,
          );
        }
      }
    });
  }
}

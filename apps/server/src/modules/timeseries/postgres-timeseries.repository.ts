import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { BucketKey, RawOutcome, RollupRow } from './timeseries.batch';
import { windowEnd, type RollupLevel } from './timeseries.windows';
import type { Point } from './timeseries.types';
import { bumpBlocks } from './timeseries.repository';
import type { RollupIncrements, WriteTransaction } from './timeseries.store';

const TABLE: Readonly<Record<RollupLevel, string>> = {
  '1m': 'ts_1m',
  '1h': 'ts_1h',
  '1d': 'ts_1d',
};

// Each level is rebuilt from the one below: minutes from raw, hours from minutes, Paris days from hours.
const SOURCE: Readonly<Record<RollupLevel, { from: string; time: string; cols: string }>> = {
  '1m': { from: 'ts_raw', time: 't', cols: 'COUNT(*), SUM(r.v), MIN(r.v), MAX(r.v)' },
  '1h': { from: 'ts_1m', time: 'bucket', cols: 'SUM(r.count), SUM(r.sum), MIN(r.min), MAX(r.max)' },
  '1d': { from: 'ts_1h', time: 'bucket', cols: 'SUM(r.count), SUM(r.sum), MIN(r.min), MAX(r.max)' },
};

const column = <T>(rows: readonly T[], pick: (row: T) => number) => rows.map(pick);

/** Points as rows (series, t, v) of unnest'ed arrays: one parameter per column. */
const unnestPoints = (points: readonly Point[]) =>
  sql`SELECT * FROM unnest(${column(points, (p) => p.seriesId)}::int[],
    ${column(points, (p) => p.t)}::bigint[], ${column(points, (p) => p.v)}::float8[])
    AS b(series, t, v)`;

/** Rollup increments of one level as one multi-row upsert over unnest'ed arrays. */
function addRows(level: RollupLevel, rows: readonly RollupRow[]) {
  const table = sql.raw(TABLE[level]);
  return sql`INSERT INTO ${table} (series, bucket, count, sum, min, max)
    SELECT * FROM unnest(${column(rows, (r) => r.series)}::int[],
      ${column(rows, (r) => r.bucket)}::bigint[], ${column(rows, (r) => r.count)}::bigint[],
      ${column(rows, (r) => r.sum)}::float8[], ${column(rows, (r) => r.min)}::float8[],
      ${column(rows, (r) => r.max)}::float8[])
    ON CONFLICT (series, bucket) DO UPDATE SET count = ${table}.count + excluded.count,
      sum = ${table}.sum + excluded.sum, min = LEAST(${table}.min, excluded.min),
      max = GREATEST(${table}.max, excluded.max)`;
}

/** Statements of the PostgreSQL write path: one round trip each, whatever the batch size. */
export class PostgresWriteRepository implements WriteTransaction {
  constructor(private readonly trx: Db) {}

  /**
   * Inserts the new points and returns the others (usually none), in the batch's order
   * (a join keeps no order of its own, and the rollups' buckets are read off sorted
   * points); those are then updated where their value differs. ON CONFLICT DO NOTHING waits for a concurrent
   * writer of the same key, so a point is never counted as new twice.
   */
  async writeRaw(sorted: Point[]): Promise<RawOutcome> {
    const { rows: taken } = await sql<Point>`
      WITH b AS (${unnestPoints(sorted)}),
        ins AS (INSERT INTO ts_raw (series, t, v) SELECT series, t, v FROM b
          ON CONFLICT (series, t) DO NOTHING RETURNING series, t)
      SELECT b.series AS "seriesId", b.t, b.v FROM b LEFT JOIN ins USING (series, t)
      WHERE ins.series IS NULL ORDER BY b.series, b.t`.execute(this.trx);
    if (taken.length === 0) return { fresh: sorted, replaced: [] };
    const { rows: changed } = await sql<{ series: number; t: number }>`
      UPDATE ts_raw r SET v = c.v FROM (${unnestPoints(taken)}) c
      WHERE r.series = c.series AND r.t = c.t AND r.v <> c.v RETURNING r.series, r.t`.execute(
      this.trx,
    );
    const isTaken = new Set(taken.map((p) => `${p.seriesId}:${p.t}`));
    const isChanged = new Set(changed.map((r) => `${r.series}:${r.t}`));
    return {
      fresh: sorted.filter((p) => !isTaken.has(`${p.seriesId}:${p.t}`)),
      replaced: taken.filter((p) => isChanged.has(`${p.seriesId}:${p.t}`)),
    };
  }

  /** All levels in one statement (data-modifying CTEs), so one round trip per batch. */
  async addToRollups(increments: RollupIncrements): Promise<void> {
    const parts = increments.filter((i) => i.rows.length > 0).map((i) => addRows(i.level, i.rows));
    const last = parts.pop();
    if (!last) return;
    const ctes = parts.map((p, i) => sql`${sql.raw(`r${i}`)} AS (${p})`);
    const withClause = ctes.length ? sql`WITH ${sql.join(ctes)} ` : sql``;
    await sql`${withClause}${last}`.execute(this.trx);
  }

  async recompute(level: RollupLevel, buckets: BucketKey[]): Promise<void> {
    const { from, time, cols } = SOURCE[level];
    const t = sql.raw(`r.${time}`);
    // Each bucket's end is passed in: a Paris day lasts 23 to 25 hours.
    await sql`INSERT INTO ${sql.raw(TABLE[level])} (series, bucket, count, sum, min, max)
      SELECT b.series, b.bucket, ${sql.raw(cols)}
      FROM unnest(${column(buckets, (b) => b.series)}::int[],
        ${column(buckets, (b) => b.bucket)}::bigint[],
        ${column(buckets, (b) => windowEnd(b.bucket, level))}::bigint[]) AS b(series, bucket, bucket_end)
      JOIN ${sql.raw(from)} r ON r.series = b.series AND ${t} >= b.bucket AND ${t} < b.bucket_end
      GROUP BY b.series, b.bucket
      ON CONFLICT (series, bucket) DO UPDATE SET count = excluded.count, sum = excluded.sum,
        min = excluded.min, max = excluded.max`.execute(this.trx);
  }

  async bumpBlocks(blocks: readonly number[]): Promise<void> {
    await bumpBlocks(this.trx, blocks);
  }
}

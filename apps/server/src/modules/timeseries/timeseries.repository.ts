import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import { sqliteHandleOf, type Db } from '../../db/database';
import { pointsJson } from '../../lib/points-json';
import { mayHoldNonFinite, xsRise } from '../../lib/points-json-text.mjs';
import { PARIS_WEEK_OF_MIDNIGHT, parisWeekMidnight } from '../../lib/paris-time';
import { PRUNE_BLOCK } from './timeseries.blocks';
import { FIXED_MS, isFixed, type Level, type RollupLevel, type Span } from './timeseries.windows';
import type { Aggregation, GraphPoint, SeriesKey } from './timeseries.types';

/** One aggregated bucket of one series. */
export interface BucketRow {
  series: number;
  x: number;
  y: number;
}

/** Count, sum, min and max of one series' points over a tile (an hour) starting at `x`. */
export interface TileRow {
  series: number;
  x: number;
  count: number;
  sum: number;
  min: number;
  max: number;
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

/** PostgreSQL: a wide read split into statements of at least MIN_PART series, this many at once. */
const PARALLEL_READS = 4;
const MIN_PART = 25;

/**
 * Threads a SQLite graph read is split across, one statement each (decision 0051). Without
 * them SQLite reads on the event loop; PostgreSQL reads a wide graph on up to PARALLEL_READS
 * pooled connections.
 */
export interface ParallelReader {
  readonly size: number;
  /** False once unusable (a thread failed, or closed): the read falls back to `db`. */
  readonly usable: boolean;
  /** `readyColumn`: a column of points as JSON text, checked beside the read (row's `ready`). */
  all<R>(query: CompiledQuery<R>, readyColumn?: string): Promise<R[]>;
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Rollup rows as they are, when the window is the level's own. */
function readRollup(ids: readonly number[], span: Span, level: RollupLevel, agg: Aggregation) {
  return sql<BucketRow>`
    SELECT series, bucket AS x, ${sql.raw(ROW_Y[agg])} AS y FROM ${sql.table(TABLE[level])}
    WHERE series IN (${sql.join(ids)}) AND bucket >= ${span.from} AND bucket < ${span.to}
    ORDER BY series, bucket`;
}

/**
 * Rollup rows at their own width as two JSON arrays per series, times and values,
 * built by the database (decision 0038): a wide graph gets one row per series
 * instead of one per bucket. Both engines print a double so that it parses back to
 * the same value (SQLite 3.43+, PostgreSQL 12+), so the points equal `readRollup`'s.
 * SQLite feeds its aggregates in primary-key order, which is time order (an ORDER BY
 * inside them would sort again and cost twice the read); the caller checks it.
 */
function readRollupLists(
  ids: readonly number[],
  span: Span,
  level: RollupLevel,
  agg: Aggregation,
  postgres: boolean,
) {
  const y = sql.raw(ROW_Y[agg]);
  const [xs, ys] = postgres
    ? [sql`json_agg(bucket ORDER BY bucket)`, sql`json_agg(${y} ORDER BY bucket)`]
    : [sql`json_group_array(bucket)`, sql`json_group_array(${y})`];
  return sql<{ series: number; xs: string | number[]; ys: string | number[] }>`
    SELECT series, ${xs} AS xs, ${ys} AS ys FROM ${sql.table(TABLE[level])}
    WHERE series IN (${sql.join(ids)}) AND bucket >= ${span.from} AND bucket < ${span.to}
    GROUP BY series`;
}

/**
 * Rollup rows at their own width as one JSON text per series, `[{"x":…,"y":…},…]`,
 * written by the database (decision 0043): the reply's bytes for the series, parsed and
 * written again by nobody. Numbers come out so that they parse back to the same double
 * (SQLite's JSON functions; PostgreSQL's float8 text, shortest exact form since version
 * 12). Both engines aggregate rows in primary-key order here (SQLite's clustered scan;
 * PostgreSQL's sorted subquery, which costs less than sorting inside the aggregate):
 * `checkedPointsJson` verifies it and mends the text otherwise, and the non-finite values.
 */
function readRollupJson(
  ids: readonly number[],
  span: Span,
  level: RollupLevel,
  agg: Aggregation,
  postgres: boolean,
) {
  const y = sql.raw(ROW_Y[agg]);
  const where = sql`series IN (${sql.join(ids)}) AND bucket >= ${span.from} AND bucket < ${span.to}`;
  if (postgres) {
    return sql<{ series: number; json: string }>`
      SELECT series, '[' || string_agg(p, ',') || ']' AS json FROM (
        SELECT series, '{"x":' || bucket || ',"y":' || (${y})::text || '}' AS p
        FROM ${sql.table(TABLE[level])} WHERE ${where} ORDER BY series, bucket) r
      GROUP BY series`;
  }
  return sql<{ series: number; json: string }>`
    SELECT series, json_group_array(json_object('x', bucket, 'y', ${y})) AS json
    FROM ${sql.table(TABLE[level])} WHERE ${where} GROUP BY series`;
}

/** A range of buckets to read, and the segment of the graph it is (decision 0054). */
export interface SegmentRange {
  segment: number;
  from: number;
  to: number;
}

/**
 * `readRollupJson` cut into segments: one JSON text per series and segment of `ranges`
 * (ascending, disjoint) that has rows. Each run of adjacent ranges is one index range scan.
 */
function readRollupJsonSegments(
  ids: readonly number[],
  ranges: readonly SegmentRange[],
  level: RollupLevel,
  agg: Aggregation,
  postgres: boolean,
) {
  const runs: { from: number; to: number }[] = [];
  for (const r of ranges) {
    const last = runs[runs.length - 1];
    if (last && last.to === r.from) last.to = r.to;
    else runs.push({ from: r.from, to: r.to });
  }
  const table = sql.table(TABLE[level]);
  const y = sql.raw(ROW_Y[agg]);
  const scans = runs.map(
    (run) => sql`SELECT series, bucket, ${y} AS y FROM ${table}
      WHERE series IN (${sql.join(ids)}) AND bucket >= ${run.from} AND bucket < ${run.to}`,
  );
  const rows = sql.join(scans, sql` UNION ALL `);
  const whens = ranges.map((r) => sql`WHEN bucket < ${r.to} THEN ${sql.lit(r.segment)}`);
  const segment = sql`CASE ${sql.join(whens, sql` `)} END`;
  if (postgres) {
    return sql<{ series: number; segment: number; json: string }>`
      SELECT series, segment, '[' || string_agg(p, ',') || ']' AS json FROM (
        SELECT series, ${segment} AS segment, '{"x":' || bucket || ',"y":' || y::text || '}' AS p
        FROM (${rows}) u ORDER BY series, bucket) r
      GROUP BY series, segment`;
  }
  return sql<{ series: number; segment: number; json: string }>`
    SELECT series, segment, json_group_array(json_object('x', bucket, 'y', y)) AS json FROM (
      SELECT series, bucket, ${segment} AS segment, y FROM (${rows}) u ORDER BY series, bucket)
    GROUP BY series, segment`;
}

/** A value that is not finite as each engine writes it (SQLite: ±9.0e+999). */
const NON_FINITE = /"y":(?:-?Infinity|NaN|-?9\.0e\+999)\}/g;

/**
 * A series' JSON text from `readRollupJson` as the reply writes it: points in time order
 * (sorted again if the engine did not feed its aggregate in key order, which no plan of
 * this query does), a value that is not finite written `null`, as JSON.stringify would.
 */
export function checkedPointsJson(json: string): string {
  let text = json;
  if (mayHoldNonFinite(text)) text = text.replace(NON_FINITE, '"y":null}');
  if (xsRise(text)) return text;
  const points = JSON.parse(text) as GraphPoint[];
  return pointsJson(points.sort((a, b) => a.x - b.x));
}

/** A JSON array column: PostgreSQL's driver parses json, SQLite returns the text. */
const numbers = (column: string | number[]): number[] =>
  typeof column === 'string' ? (JSON.parse(column) as number[]) : column;

/** Raw points grouped into fixed windows of `ms` (seconds, or minutes and hours from raw). */
function groupRaw(ids: readonly number[], span: Span, ms: number, agg: Aggregation) {
  // Integer division floors because every timestamp is ≥ 0.
  const x = sql`(t / ${sql.lit(ms)}) * ${sql.lit(ms)}`;
  return sql<BucketRow>`
    SELECT series, ${x} AS x, ${sql.raw(RAW_Y[agg])} AS y FROM ts_raw
    WHERE series IN (${sql.join(ids)}) AND t >= ${span.from} AND t < ${span.to}
    GROUP BY 1, 2 ORDER BY 1, 2`;
}

/** Day rollups grouped into Paris weeks; `x` is the week number (see PARIS_WEEK_OF_MIDNIGHT). */
function groupWeeks(ids: readonly number[], span: Span, agg: Aggregation) {
  const { shiftMs, weekMs } = PARIS_WEEK_OF_MIDNIGHT;
  // Integer division floors: every day key is at least 1969-12-31 23:00 UTC.
  const week = sql`(bucket + ${sql.lit(shiftMs)}) / ${sql.lit(weekMs)}`;
  return sql<BucketRow>`
    SELECT series, ${week} AS x, ${sql.raw(ROLLUP_Y[agg])} AS y FROM ts_1d
    WHERE series IN (${sql.join(ids)}) AND bucket >= ${span.from} AND bucket < ${span.to}
    GROUP BY 1, 2 ORDER BY 1, 2`;
}

/** Raw points per UTC hour, as partial aggregates: a Paris day or week is whole hours. */
function rawHours(ids: readonly number[], span: Span) {
  const hour = sql.lit(FIXED_MS['1h']);
  return sql<TileRow>`
    SELECT series, (t / ${hour}) * ${hour} AS x,
      COUNT(*) AS count, SUM(v) AS sum, MIN(v) AS min, MAX(v) AS max
    FROM ts_raw WHERE series IN (${sql.join(ids)}) AND t >= ${span.from} AND t < ${span.to}
    GROUP BY 1, 2 ORDER BY 1, 2`;
}

/** Series created per statement (5 parameters each: far below either database's limit). */
const SERIES_CHUNK = 500;
const keyText = (projectId: string, mac: string, address: string, kind: string) =>
  `${projectId}\u0000${mac}\u0000${address}\u0000${kind}`;
const textOf = (k: SeriesKey) => keyText(k.projectId, k.gatewayMac, k.address, k.kind);

/** The SQL both dialects share: series, graph aggregation, step seeds and row pruning. */
export class TimeSeriesRepository {
  private readonly postgres: boolean;

  /** `reader`: SQLite's reader threads, for the graph reads (decision 0051). */
  constructor(
    private readonly db: Db,
    private readonly reader?: ParallelReader,
  ) {
    this.postgres = sqliteHandleOf(db) === undefined;
  }

  /**
   * Creates the series of `keys` that do not exist and gives every key's id, in `keys`' order:
   * one INSERT and one SELECT per 500 keys. Rows go in key order, so two nodes creating
   * overlapping series at once wait for each other instead of deadlocking.
   */
  async createSeries(keys: readonly SeriesKey[]): Promise<number[]> {
    const ids = new Map<string, number>();
    const sorted = [...new Map(keys.map((k) => [textOf(k), k]))]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, k]) => k);
    for (let i = 0; i < sorted.length; i += SERIES_CHUNK) {
      const chunk = sorted.slice(i, i + SERIES_CHUNK);
      const now = Date.now();
      await this.db
        .insertInto('ts_series')
        .values(
          chunk.map((k) => ({
            project_id: k.projectId,
            gateway_mac: k.gatewayMac,
            address: k.address,
            kind: k.kind,
            created_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['project_id', 'gateway_mac', 'address', 'kind']).doNothing(),
        )
        .execute();
      const rows = await sql<{
        id: number;
        project_id: string;
        gateway_mac: string;
        address: string;
        kind: string;
      }>`
        SELECT id, project_id, gateway_mac, address, kind FROM ts_series
        WHERE (project_id, gateway_mac, address, kind) IN (VALUES ${sql.join(
          chunk.map((k) => sql`(${k.projectId}, ${k.gatewayMac}, ${k.address}, ${k.kind})`),
        )})`.execute(this.db);
      for (const r of rows.rows)
        ids.set(keyText(r.project_id, r.gateway_mac, r.address, r.kind), Number(r.id));
    }
    return keys.map((k) => {
      const id = ids.get(textOf(k));
      if (id === undefined) throw new Error(`Series ${JSON.stringify(k)} was not created`);
      return id;
    });
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

  /** A project's series of these addresses with their keys: one query on the key's index. */
  async seriesOfAddresses(
    projectId: string,
    addresses: readonly string[],
  ): Promise<{ id: number; key: SeriesKey }[]> {
    if (addresses.length === 0) return [];
    const rows = await this.db
      .selectFrom('ts_series')
      .select(['id', 'gateway_mac', 'address', 'kind'])
      .where('project_id', '=', projectId)
      .where('address', 'in', addresses)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      key: { projectId, gatewayMac: r.gateway_mac, address: r.address, kind: r.kind },
    }));
  }

  async seriesOfProject(projectId: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('ts_series')
      .select('id')
      .where('project_id', '=', projectId)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Buckets of `span` per series, ordered by series then time: a level's own rows, raw
   * points grouped into fixed windows, or days into weeks. Raw points into Paris days
   * or weeks are `rawHours` merged by the caller.
   */
  async aggregate(ids: readonly number[], span: Span, level: Level, agg: Aggregation) {
    const { window } = span;
    if (level !== 'raw' && level === window) {
      return this.collect(ids, (part) => readRollup(part, span, level, agg));
    }
    if (level === 'raw' && isFixed(window)) {
      return this.collect(ids, (part) => groupRaw(part, span, FIXED_MS[window], agg));
    }
    if (level === '1d' && window === '1w') {
      const rows = await this.collect(ids, (part) => groupWeeks(part, span, agg));
      return rows.map((r) => ({ ...r, x: parisWeekMidnight(r.x) }));
    }
    throw new Error(`No aggregate of ${level} into ${window}`);
  }

  /**
   * A rollup level read at its own width, as the points of each series that has any
   * (in time order): what `aggregate` gives for it, in one row per series.
   */
  async rollupLists(
    ids: readonly number[],
    span: Span,
    level: RollupLevel,
    agg: Aggregation,
  ): Promise<Map<number, GraphPoint[]>> {
    const rows = await this.collect(ids, (part) =>
      readRollupLists(part, span, level, agg, this.postgres),
    );
    const lists = new Map<number, GraphPoint[]>();
    for (const row of rows) {
      const [xs, ys] = [numbers(row.xs), numbers(row.ys)];
      const points = new Array<GraphPoint>(xs.length);
      let sorted = true;
      for (let i = 0; i < xs.length; i++) {
        points[i] = { x: xs[i] ?? 0, y: ys[i] ?? 0 };
        if (i > 0 && (xs[i] ?? 0) <= (xs[i - 1] ?? 0)) sorted = false;
      }
      if (!sorted) points.sort((a, b) => a.x - b.x);
      lists.set(row.series, points);
    }
    return lists;
  }

  /** `rollupLists` as the JSON text of each series that has points (decision 0043). */
  async rollupJson(
    ids: readonly number[],
    span: Span,
    level: RollupLevel,
    agg: Aggregation,
  ): Promise<Map<number, string>> {
    const query = (part: readonly number[]) =>
      readRollupJson(part, span, level, agg, this.postgres);
    // PostgreSQL: up to PARALLEL_READS statements at once, each on its own pooled connection,
    // so its own server process: a year × 100 series takes about two thirds of one statement.
    const rows: { series: number; json: string; ready?: boolean }[] = this.postgres
      ? await this.spread(ids, query, PARALLEL_READS)
      : await this.collect(ids, query, 'json');
    return new Map(
      rows.map((r) => [Number(r.series), r.ready === true ? r.json : checkedPointsJson(r.json)]),
    );
  }

  /**
   * `rollupJson` of some segments of a graph (decision 0054): the checked JSON text per
   * series and segment that has rows, keyed `series:segment`.
   */
  async rollupJsonSegments(
    ids: readonly number[],
    ranges: readonly SegmentRange[],
    level: RollupLevel,
    agg: Aggregation,
  ): Promise<Map<string, string>> {
    const query = (part: readonly number[]) =>
      readRollupJsonSegments(part, ranges, level, agg, this.postgres);
    const rows: { series: number; segment: number; json: string; ready?: boolean }[] = this.postgres
      ? await this.spread(ids, query, PARALLEL_READS)
      : await this.collect(ids, query, 'json');
    return new Map(
      rows.map((r) => [
        `${Number(r.series)}:${Number(r.segment)}`,
        r.ready === true ? r.json : checkedPointsJson(r.json),
      ]),
    );
  }

  /** The generations of `blocks` (0 for a block never bumped). */
  async blockGenerations(blocks: readonly number[]): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('ts_block_gen')
      .select(['block', 'gen'])
      .where('block', 'in', [...blocks])
      .execute();
    const gens = new Map(blocks.map((b) => [b, 0]));
    for (const r of rows) gens.set(Number(r.block), Number(r.gen));
    return gens;
  }

  /** Raw points per UTC hour (partial aggregates), to merge into Paris days or weeks. */
  rawHours(ids: readonly number[], span: Span): Promise<TileRow[]> {
    return this.collect(ids, (part) => rawHours(part, span));
  }

  /**
   * The rows of `query` over every id: on SQLite's reader threads when there are (one part
   * per thread, decision 0051), else in chunks of CHUNK ids on `db`, one after the other.
   * `readyColumn`: a column of points as JSON text that the threads check (row's `ready`).
   */
  private async collect<R>(
    ids: readonly number[],
    query: (part: readonly number[]) => RawBuilder<R>,
    readyColumn?: string,
  ): Promise<R[]> {
    const reader = this.reader?.usable ? this.reader : undefined;
    if (reader) return this.spread(ids, query, reader.size, reader, readyColumn);
    let rows: R[] = [];
    for (const part of chunks(ids)) {
      rows = rows.concat((await query(part).execute(this.db)).rows);
    }
    return rows;
  }

  /**
   * `query` split in parts of at least MIN_PART ids, `width` statements at once, rows in the
   * parts' order: on the reader threads if given (a part whose thread is gone is read on
   * `db`), else on `db`'s pooled connections.
   */
  private async spread<R>(
    ids: readonly number[],
    query: (part: readonly number[]) => RawBuilder<R>,
    width: number,
    reader?: ParallelReader,
    readyColumn?: string,
  ): Promise<R[]> {
    const read = async (part: readonly number[]): Promise<R[]> => {
      if (reader?.usable) {
        try {
          return await reader.all(query(part).compile(this.db), readyColumn);
        } catch (err) {
          if (reader.usable) throw err; // else a thread is gone: read it here
        }
      }
      return (await query(part).execute(this.db)).rows;
    };
    const size = Math.min(CHUNK, Math.max(MIN_PART, Math.ceil(ids.length / width)));
    const parts: number[][] = [];
    for (let i = 0; i < ids.length; i += size) parts.push(ids.slice(i, i + size));
    let rows: R[] = [];
    for (let i = 0; i < parts.length; i += width) {
      const wave = await Promise.all(parts.slice(i, i + width).map(read));
      rows = rows.concat(...wave);
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

  /**
   * Deletes raw points and rollup buckets before `cutoff` (a Paris midnight) in one
   * transaction, with PRUNE_BLOCK's bump if rollups went; returns how many raw points went.
   */
  async deleteOlder(ids: readonly number[] | 'all', cutoff: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let [points, rollups] = [0, 0];
      for (const level of ['raw', '1m', '1h', '1d'] as const) {
        const [table, time] = [sql.table(TABLE[level]), sql.ref(level === 'raw' ? 't' : 'bucket')];
        const statements =
          ids === 'all'
            ? [sql`DELETE FROM ${table} WHERE ${time} < ${cutoff}`]
            : chunks(ids).map(
                (part) =>
                  sql`DELETE FROM ${table} WHERE series IN (${sql.join(part)}) AND ${time} < ${cutoff}`,
              );
        for (const statement of statements) {
          const deleted = Number((await statement.execute(trx)).numAffectedRows ?? 0);
          if (level === 'raw') points += deleted;
          else rollups += deleted;
        }
      }
      // Graphs keep no text of a block whose rollups a prune cut (decision 0054).
      if (rollups > 0) await bumpBlocks(trx, [PRUNE_BLOCK]);
      return points;
    });
  }
}

/** Bumps the generations of `blocks` (ascending), in the caller's transaction (decision 0054). */
export async function bumpBlocks(db: Db, blocks: readonly number[]): Promise<void> {
  await db
    .insertInto('ts_block_gen')
    .values(blocks.map((block) => ({ block, gen: 1 })))
    .onConflict((oc) => oc.column('block').doUpdateSet({ gen: sql`ts_block_gen.gen + 1` }))
    .execute();
}

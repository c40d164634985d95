import type { SeriesKind } from '../../db/schema';

/** What a series records: one group address (or meter value, or the supply voltage) of one gateway. */
export interface SeriesKey {
  projectId: string;
  gatewayMac: string;
  /** Group address "1/2/3", meter value name, or "voltage". */
  address: string;
  kind: SeriesKind;
}

/** One recorded value: `t` in epoch milliseconds. */
export interface Point {
  seriesId: number;
  t: number;
  v: number;
}

/**
 * Window of a graph bucket; 'auto' lets the store choose about 1,000 buckets per series.
 * Seconds, minutes and hours are fixed widths; '1d' is a Paris calendar day (23 to 25 h)
 * and '1w' a Paris week from Monday 00:00.
 */
export type Window = '1s' | '1m' | '1h' | '1d' | '1w';
export type Precision = 'auto' | Window;
export type Aggregation = 'mean' | 'max' | 'min';

export interface QueryInput {
  seriesIds: number[];
  /** Range [start, stop) in epoch ms; buckets are whole windows that intersect it. */
  start: number;
  stop: number;
  precision: Precision;
  aggregation: Aggregation;
  /** Values are 0/1: buckets become steps, seeded with the value in force at the range start. */
  isBool: boolean;
  /** 'raw' forces a GROUP BY over raw points (benchmarks and tests); default reads rollups. */
  source?: 'rollup' | 'raw';
}

export interface GraphPoint {
  /** Start of the bucket, epoch ms (for days and weeks, 00:00 in Paris). */
  x: number;
  y: number;
}

export interface QueryResult {
  /** The window actually used (what 'auto' chose). */
  precision: Window;
  /** One entry per requested series id, in the requested order; buckets without data are absent. */
  series: { seriesId: number; points: GraphPoint[] }[];
}

/** `QueryResult` with each series' points as JSON text, `[{"x":…,"y":…},…]` (`[]` if none). */
export interface QueryJsonResult {
  precision: Window;
  series: { seriesId: number; json: string }[];
}

/** Which series a prune applies to; `all` may drop whole monthly partitions on PostgreSQL. */
export type PruneScope = { seriesIds: number[] } | { projectId: string } | { all: true };

export interface PruneResult {
  /** The cut-off applied: `olderThan` rounded down to a midnight in Paris. */
  cutoff: number;
  /** PostgreSQL partitions dropped whole (empty on SQLite). */
  droppedPartitions: string[];
  /** Raw points deleted row by row (not counting those of dropped partitions). */
  deletedPoints: number;
}

/** The time-series store: series, batched writes kept rolled up, graph queries and pruning. */
export interface TimeSeriesStore {
  /** What the texts of sealed blocks may take and take now, in bytes (decision 0054). */
  readonly graphCache: { maxBytes: number; bytes: number };
  /** The id of a series, created on first use; cached in memory. */
  ensureSeries(key: SeriesKey): Promise<number>;
  /** The id of an existing series, without creating it. */
  findSeries(key: SeriesKey): Promise<number | undefined>;
  /** `findSeries` of many keys of one project, in one query for those not cached. */
  findSeriesOfProject(
    projectId: string,
    keys: readonly SeriesKey[],
  ): Promise<(number | undefined)[]>;
  /**
   * Writes points and their rollups in one transaction; resolves only after commit.
   * A point at an existing (series, t) replaces it (last write wins).
   */
  writeBatch(points: readonly Point[]): Promise<void>;
  /** Aggregated buckets per series; throws TimeSeriesError 'invalidRange' or 'tooManyPoints'. */
  query(input: QueryInput): Promise<QueryResult>;
  /**
   * `query`'s points as JSON text per series, for a reply written as it is: a rollup read
   * at its own width (auto over a year) is written by the database itself (decision 0043).
   */
  queryJson(input: QueryInput): Promise<QueryJsonResult>;
  /** Deletes raw points and rollups older than `olderThan` (rounded down to a Paris midnight). */
  prune(scope: PruneScope, olderThan: number): Promise<PruneResult>;
  /** Stops background work (SQLite's writer thread); call after the last write. */
  close(): Promise<void>;
}

/**
 * How a store is built: `writerThread`, SQLite batches written by a worker thread;
 * `readThreads`, wide SQLite graph reads split across reader threads; `graphCacheBytes`, the
 * most the texts of sealed blocks may take (decision 0054; PostgreSQL uses only this one).
 */
export interface StoreOptions {
  writerThread?: boolean;
  readThreads?: boolean;
  graphCacheBytes?: number;
}

import type { Db } from '../../db/database';
import {
  BlockTextCache,
  PRUNE_BLOCK,
  lateBlocks,
  segmentsOf,
  type Segment,
} from './timeseries.blocks';
import { pointsJson } from '../../lib/points-json';
import {
  bucketsOf,
  normalizeBatch,
  rollUp,
  type BucketKey,
  type RawOutcome,
  type RollupRow,
} from './timeseries.batch';
import { mergeTiles, seriesPoints, toGraphPoints } from './timeseries.shape';
import { TimeSeriesRepository, type ParallelReader } from './timeseries.repository';
import {
  ROLLUP_LEVELS,
  isFixed,
  planQuery,
  windowStart,
  type Level,
  type RollupLevel,
  type Span,
} from './timeseries.windows';
import type {
  Aggregation,
  Point,
  PruneResult,
  PruneScope,
  QueryInput,
  QueryJsonResult,
  QueryResult,
  SeriesKey,
  TimeSeriesStore,
} from './timeseries.types';

/** The dialect-specific statements of one write transaction. */
export interface WriteTransaction {
  /**
   * Upserts the points (last write wins) and tells which were new and which replaced a
   * value, both sorted by (series, t) as `sorted` is: `bucketsOf` and `rollUp` need it.
   */
  writeRaw(sorted: Point[]): Promise<RawOutcome> | RawOutcome;
  /** Adds increments to the rollups (count and sum added, min and max combined). */
  addToRollups(increments: RollupIncrements): Promise<void> | void;
  /** Recomputes whole buckets from the level below (raw for 1m, 1m for 1h, 1h for Paris days). */
  recompute(level: RollupLevel, buckets: BucketKey[]): Promise<void> | void;
  /** Bumps the generations of sealed blocks (ascending) the batch wrote into (decision 0054). */
  bumpBlocks(blocks: readonly number[]): Promise<void> | void;
}

/** What the texts of sealed blocks may take by default (`GRAPH_CACHE_MB`, decision 0054). */
export const DEFAULT_GRAPH_CACHE_BYTES = 32 * 2 ** 20;

/** Per level, the batch's new points aggregated in memory: one row per bucket touched. */
export type RollupIncrements = { level: RollupLevel; rows: RollupRow[] }[];

const seriesCacheKey = (k: SeriesKey) =>
  JSON.stringify([k.projectId, k.gatewayMac, k.address, k.kind]);

/**
 * What both implementations share: the series cache, the write algorithm, graph
 * queries and pruning. Subclasses supply the write transaction (and partitions).
 *
 * Rollups follow this rule: a new point is added to its buckets; a point that
 * replaces a different value makes its minute be recomputed from raw, then its hour
 * from minutes and its day from hours (min and max cannot be "subtracted"); a point
 * equal to the stored one (a gateway's resend) changes nothing.
 */
export abstract class BaseTimeSeriesStore implements TimeSeriesStore {
  protected readonly repo: TimeSeriesRepository;
  private readonly seriesIds = new Map<string, Promise<number>>();
  private seriesQueue: {
    key: SeriesKey;
    resolve: (id: number) => void;
    reject: (err: unknown) => void;
  }[] = [];
  private seriesFlushing = false;

  /** Texts of sealed blocks kept for wide graphs (decision 0054); none when 0 bytes. */
  private readonly blockTexts: BlockTextCache;

  /**
   * `reader`: connections a wide read is split across (SQLite's reader threads);
   * `graphCacheBytes`: the most the texts of sealed blocks may take (0: none kept).
   */
  constructor(
    protected readonly db: Db,
    reader?: ParallelReader,
    graphCacheBytes = DEFAULT_GRAPH_CACHE_BYTES,
  ) {
    this.repo = new TimeSeriesRepository(db, reader);
    this.blockTexts = new BlockTextCache(graphCacheBytes);
  }

  get graphCache() {
    return { maxBytes: this.blockTexts.maxBytes, bytes: this.blockTexts.size };
  }

  protected abstract inTransaction(work: (tx: WriteTransaction) => Promise<void>): Promise<void>;

  /** Hook run before a batch's transaction (PostgreSQL creates missing partitions). */
  protected async prepareWrite(_sorted: readonly Point[]): Promise<void> {}

  /** Hook for a prune of every series (PostgreSQL drops whole old partitions). */
  protected async dropWholePartitions(_cutoff: number): Promise<string[]> {
    return [];
  }

  ensureSeries(key: SeriesKey): Promise<number> {
    const cacheKey = seriesCacheKey(key);
    let id = this.seriesIds.get(cacheKey);
    if (!id) {
      id = this.createSeries(key);
      this.seriesIds.set(cacheKey, id);
      // A failed creation is not cached, so the next call retries.
      void id.catch(() => this.seriesIds.delete(cacheKey));
    }
    return id;
  }

  /**
   * Creates a series (if missing) and gives its id. The series asked for in one event-loop
   * turn, and those asked for while a creation is under way, go together: one INSERT and one
   * SELECT for hundreds of them (a cold start asks for tens of thousands in seconds).
   */
  protected createSeries(key: SeriesKey): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.seriesQueue.push({ key, resolve, reject }) === 1 && !this.seriesFlushing)
        setImmediate(() => void this.flushSeries());
    });
  }

  private async flushSeries(): Promise<void> {
    this.seriesFlushing = true;
    while (this.seriesQueue.length > 0) {
      const queue = this.seriesQueue;
      this.seriesQueue = [];
      try {
        const ids = await this.repo.createSeries(queue.map((q) => q.key));
        queue.forEach((q, i) => q.resolve(ids[i] as number));
      } catch (err) {
        for (const q of queue) q.reject(err);
      }
    }
    this.seriesFlushing = false;
  }

  findSeries(key: SeriesKey): Promise<number | undefined> {
    return this.seriesIds.get(seriesCacheKey(key)) ?? this.repo.findSeriesId(key);
  }

  /** `findSeries` of many keys of one project: one query for those not cached. */
  async findSeriesOfProject(
    projectId: string,
    keys: readonly SeriesKey[],
  ): Promise<(number | undefined)[]> {
    const cached = keys.map((k) => this.seriesIds.get(seriesCacheKey(k)));
    const missing = [...new Set(keys.filter((_, i) => !cached[i]).map((k) => k.address))];
    const found = new Map(
      (await this.repo.seriesOfAddresses(projectId, missing)).map((r) => [
        seriesCacheKey(r.key),
        r.id,
      ]),
    );
    return Promise.all(
      keys.map(async (k, i) => {
        const id = cached[i];
        return id ? await id : found.get(seriesCacheKey(k));
      }),
    );
  }

  async close(): Promise<void> {}

  async writeBatch(points: readonly Point[]): Promise<void> {
    const sorted = normalizeBatch(points);
    if (sorted.length === 0) return;
    await this.prepareWrite(sorted);
    await this.inTransaction(async (tx) => {
      const { fresh, replaced } = await tx.writeRaw(sorted);
      await tx.addToRollups(ROLLUP_LEVELS.map((level) => ({ level, rows: rollUp(fresh, level) })));
      // Finest first: each level is recomputed from the one just brought up to date.
      if (replaced.length > 0) {
        for (const level of ROLLUP_LEVELS) await tx.recompute(level, bucketsOf(replaced, level));
      }
      // Last, so that the rows of the generations are held only until the commit just after.
      const late = lateBlocks(Date.now(), fresh, replaced);
      if (late.length > 0) await tx.bumpBlocks(late);
    });
  }

  async query(input: QueryInput): Promise<QueryResult> {
    const plan = planQuery(input);
    const ids = [...new Set(input.seriesIds)];
    const lastBefore = (id: number, t: number) => this.repo.lastBefore(id, t);
    if (plan.level !== 'raw' && plan.level === plan.span.window && ids.length) {
      // A level read at its own width (auto over a year: Paris days): one row per series.
      const lists = await this.repo.rollupLists(ids, plan.span, plan.level, input.aggregation);
      const series = await seriesPoints(input, plan.span, lists, lastBefore);
      return { precision: plan.span.window, series };
    }
    const rows = ids.length
      ? await this.buckets(ids, plan.span, plan.level, input.aggregation)
      : [];
    const series = await toGraphPoints(input, plan.span, rows, lastBefore);
    return { precision: plan.span.window, series };
  }

  async queryJson(input: QueryInput): Promise<QueryJsonResult> {
    const plan = planQuery(input);
    if (!input.isBool && plan.level !== 'raw' && plan.level === plan.span.window) {
      // As in `query`, one row per series, here already the reply's text (decision 0043).
      const ids = [...new Set(input.seriesIds)];
      const segments = segmentsOf(plan.span.from, plan.span.to, Date.now());
      const texts = !ids.length
        ? new Map<number, string>()
        : segments && this.blockTexts.maxBytes > 0
          ? await this.segmentsJson(ids, segments, plan.level, input.aggregation)
          : await this.repo.rollupJson(ids, plan.span, plan.level, input.aggregation);
      const series = input.seriesIds.map((seriesId) => ({
        seriesId,
        json: texts.get(seriesId) ?? '[]',
      }));
      return { precision: plan.span.window, series };
    }
    const result = await this.query(input);
    const series = result.series.map((s) => ({ seriesId: s.seriesId, json: pointsJson(s.points) }));
    return { precision: result.precision, series };
  }

  /**
   * `rollupJson` over segments (decision 0054): a sealed block's text is taken from the
   * cache when it was read under the block's current generation and the prunes' one; the
   * rest (the head, the tail and the blocks missing for any series) is read in one go, and
   * what it gives for sealed blocks is kept. The generations are read before the rows, so a
   * text is never kept under a generation newer than the rows it was read from.
   */
  private async segmentsJson(
    ids: readonly number[],
    segments: readonly Segment[],
    level: RollupLevel,
    agg: Aggregation,
  ): Promise<Map<number, string>> {
    const blocks = segments.flatMap((s) => (s.block === undefined ? [] : [s.block]));
    const gens = await this.repo.blockGenerations([PRUNE_BLOCK, ...blocks]);
    const pruned = gens.get(PRUNE_BLOCK) ?? 0;
    const stamp = (block: number) => `${gens.get(block) ?? 0}/${pruned}`;
    const key = (id: number, block: number) => `${level}|${agg}|${block}|${id}`;
    // Per segment, per series: the text between the brackets (empty when no rows).
    const inner: (string | undefined)[][] = segments.map((seg) =>
      ids.map((id) =>
        seg.block === undefined
          ? undefined
          : this.blockTexts.get(key(id, seg.block), stamp(seg.block)),
      ),
    );
    const toRead = segments.flatMap((seg, i) =>
      inner[i]?.some((text) => text === undefined)
        ? [{ segment: i, from: seg.from, to: seg.to }]
        : [],
    );
    if (toRead.length > 0) {
      const read = await this.repo.rollupJsonSegments(ids, toRead, level, agg);
      for (const { segment } of toRead) {
        const seg = segments[segment] as Segment;
        const texts = inner[segment] as (string | undefined)[];
        ids.forEach((id, j) => {
          const text = (read.get(`${id}:${segment}`) ?? '[]').slice(1, -1);
          texts[j] = text;
          if (seg.block !== undefined)
            this.blockTexts.set(key(id, seg.block), stamp(seg.block), text);
        });
      }
    }
    return new Map(
      ids.map((id, j) => {
        const parts = inner.map((texts) => texts[j] ?? '').filter((text) => text !== '');
        return [id, `[${parts.join(',')}]`];
      }),
    );
  }

  /** Buckets from SQL, except raw points into Paris days or weeks: hours merged here. */
  private async buckets(ids: number[], span: Span, level: Level, agg: Aggregation) {
    if (level === 'raw' && !isFixed(span.window)) {
      return mergeTiles(await this.repo.rawHours(ids, span), span, agg);
    }
    return this.repo.aggregate(ids, span, level, agg);
  }

  async prune(scope: PruneScope, olderThan: number): Promise<PruneResult> {
    // Whole Paris days, so no day rollup keeps points that raw no longer has.
    const cutoff = windowStart(Math.max(0, olderThan), '1d');
    if ('all' in scope) {
      const droppedPartitions = await this.dropWholePartitions(cutoff);
      const deletedPoints = await this.repo.deleteOlder('all', cutoff);
      return { cutoff, droppedPartitions, deletedPoints };
    }
    const ids =
      'seriesIds' in scope ? scope.seriesIds : await this.repo.seriesOfProject(scope.projectId);
    const deletedPoints = ids.length ? await this.repo.deleteOlder(ids, cutoff) : 0;
    return { cutoff, droppedPartitions: [], deletedPoints };
  }
}

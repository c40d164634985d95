import { isValidPoint, startOfWindow, type RollupLevel } from './timeseries.windows';
import { TimeSeriesError } from '../../lib/timeseries-error';
import type { Point } from './timeseries.types';

const invalidPoint = (p: Point) =>
  new TimeSeriesError('invalidPoint', `Invalid point ${p.seriesId}@${p.t}=${p.v}`);

/** One rollup bucket's increment (or full value): count, sum, min and max of its points. */
export interface RollupRow {
  series: number;
  bucket: number;
  count: number;
  sum: number;
  min: number;
  max: number;
}

/** A (series, bucket start) pair. */
export interface BucketKey {
  series: number;
  bucket: number;
}

/** Whether a point can be stored: a positive integer series, a time from 1970 to 9999, a finite value. */
export const isStorablePoint = (p: Point): boolean =>
  Number.isSafeInteger(p.seriesId) && p.seriesId > 0 && isValidPoint(p.t, p.v);

/**
 * Validates a batch, keeps the last point written at each (series, t) and sorts by
 * (series, t): one statement may not touch a row twice, and a fixed order keeps
 * concurrent writers from deadlocking on rollup rows.
 */
export function normalizeBatch(points: readonly Point[]): Point[] {
  const bySeries = new Map<number, Map<number, number>>();
  for (const p of points) {
    if (!isStorablePoint(p)) throw invalidPoint(p);
    const { seriesId, t, v } = p;
    let times = bySeries.get(seriesId);
    if (!times) bySeries.set(seriesId, (times = new Map<number, number>()));
    times.set(t, v);
  }
  const byKey = <T>(a: [number, T], b: [number, T]) => a[0] - b[0];
  const out: Point[] = [];
  for (const [seriesId, times] of [...bySeries].sort(byKey)) {
    for (const [t, v] of [...times].sort(byKey)) out.push({ seriesId, t, v });
  }
  return out;
}

/** Points sorted by (series, t) aggregated into the level's buckets, in (series, bucket) order. */
export function rollUp(sorted: readonly Point[], level: RollupLevel): RollupRow[] {
  const bucketOf = startOfWindow(level);
  const rows: RollupRow[] = [];
  let row: RollupRow | undefined;
  for (const { seriesId, t, v } of sorted) {
    const bucket = bucketOf(t);
    if (row?.series === seriesId && row.bucket === bucket) {
      row.count += 1;
      row.sum += v;
      row.min = Math.min(row.min, v);
      row.max = Math.max(row.max, v);
    } else {
      row = { series: seriesId, bucket, count: 1, sum: v, min: v, max: v };
      rows.push(row);
    }
  }
  return rows;
}

/** The distinct buckets of the level that points sorted by (series, t) fall in. */
export function bucketsOf(sorted: readonly Point[], level: RollupLevel): BucketKey[] {
  return rollUp(sorted, level).map(({ series, bucket }) => ({ series, bucket }));
}

/** A sorted batch cut per series, with each series' first and last timestamp. */
export interface SeriesGroup {
  series: number;
  lo: number;
  hi: number;
  points: Point[];
}

export function groupBySeries(sorted: readonly Point[]): SeriesGroup[] {
  const out: SeriesGroup[] = [];
  let group: SeriesGroup | undefined;
  for (const p of sorted) {
    if (group?.series === p.seriesId) {
      group.hi = p.t;
      group.points.push(p);
    } else {
      group = { series: p.seriesId, lo: p.t, hi: p.t, points: [p] };
      out.push(group);
    }
  }
  return out;
}

/** How a batch landed in the raw table: new points, and points that replaced a different value. */
export interface RawOutcome {
  fresh: Point[];
  replaced: Point[];
}

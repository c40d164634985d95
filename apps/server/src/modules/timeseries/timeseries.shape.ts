import type { BucketRow, TileRow } from './timeseries.repository';
import { windowEnd, windowStart, type Span } from './timeseries.windows';
import type { Aggregation, GraphPoint, QueryInput, QueryResult } from './timeseries.types';

/**
 * A boolean bucket's step value. Max and min of 0/1 values are already 0 or 1; a
 * mean becomes the value the bucket held in at least half of its samples (rollups
 * keep no "last value"), so 0.5 rounds up to 1.
 */
export function boolStep(y: number, aggregation: Aggregation): number {
  return aggregation === 'mean' ? (y >= 0.5 ? 1 : 0) : y;
}

/**
 * Splits aggregated rows per requested series (in the requested order). Boolean
 * series become steps and, when their first bucket is not the span's first, start
 * with the last value recorded before it, so the step line is continuous.
 */
export function toGraphPoints(
  input: Pick<QueryInput, 'seriesIds' | 'aggregation' | 'isBool'>,
  span: Span,
  rows: readonly BucketRow[],
  lastBefore: (series: number, t: number) => Promise<number | undefined>,
): Promise<QueryResult['series']> {
  const byId = new Map<number, GraphPoint[]>(input.seriesIds.map((id) => [id, []]));
  for (const { series, x, y } of rows) byId.get(series)?.push({ x, y });
  return seriesPoints(input, span, byId, lastBefore);
}

/**
 * The same from points already split per series (a series without points may be
 * absent). The lists are taken over: boolean steps are written into them.
 */
export async function seriesPoints(
  input: Pick<QueryInput, 'seriesIds' | 'aggregation' | 'isBool'>,
  span: Span,
  lists: ReadonlyMap<number, GraphPoint[]>,
  lastBefore: (series: number, t: number) => Promise<number | undefined>,
): Promise<QueryResult['series']> {
  const byId = new Map(input.seriesIds.map((id) => [id, lists.get(id) ?? []]));
  if (input.isBool) {
    await Promise.all(
      [...byId].map(async ([id, points]) => {
        for (const p of points) p.y = boolStep(p.y, input.aggregation);
        if (points[0]?.x === span.from) return;
        const before = await lastBefore(id, span.from);
        if (before !== undefined) points.unshift({ x: span.from, y: before });
      }),
    );
  }
  return input.seriesIds.map((seriesId) => ({ seriesId, points: byId.get(seriesId) ?? [] }));
}

const TILE_Y: Readonly<Record<Aggregation, (r: TileRow) => number>> = {
  mean: (r) => r.sum / r.count,
  max: (r) => r.max,
  min: (r) => r.min,
};

/**
 * Tiles sorted by (series, x) combined into the windows of `span` (Paris days or
 * weeks, whose width varies, so SQL cannot group them by arithmetic).
 */
export function mergeTiles(
  tiles: readonly TileRow[],
  span: Span,
  aggregation: Aggregation,
): BucketRow[] {
  const merged: TileRow[] = [];
  let last: TileRow | undefined;
  let end = 0;
  for (const tile of tiles) {
    // Sorted tiles: a tile before the current window's end belongs to it.
    if (last?.series === tile.series && tile.x < end) {
      last.count += tile.count;
      last.sum += tile.sum;
      last.min = Math.min(last.min, tile.min);
      last.max = Math.max(last.max, tile.max);
    } else {
      last = { ...tile, x: windowStart(tile.x, span.window) };
      end = windowEnd(last.x, span.window);
      merged.push(last);
    }
  }
  const y = TILE_Y[aggregation];
  return merged.map((r) => ({ series: r.series, x: r.x, y: y(r) }));
}

import { expect } from 'vitest';
import { newId } from '../../lib/ids';
import { boolStep } from './timeseries.shape';
import { planQuery, windowStart } from './timeseries.windows';
import type { GraphPoint, Point, QueryInput, QueryResult, SeriesKey } from './timeseries.types';

// Test helpers only: fixtures, a model of the raw table and the graph query computed from it in plain JS.

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
/** A Monday, 00:00 UTC. */
export const T0 = Date.UTC(2024, 0, 15);

/** A series key of a new project. */
export const seriesKey = (over: Partial<SeriesKey> = {}): SeriesKey => ({
  projectId: newId(),
  gatewayMac: '00112233AABB',
  address: '1/2/3',
  kind: 'knx',
  ...over,
});

/** A query of one day from T0 at auto precision, mean, numeric. */
export const queryOf = (seriesIds: number[], over: Partial<QueryInput> = {}): QueryInput => ({
  seriesIds,
  start: T0,
  stop: T0 + DAY,
  precision: 'auto',
  aggregation: 'mean',
  isBool: false,
  ...over,
});

/** The raw table after writing `batches` in order: the last point at each (series, t) wins. */
export function rawModel(batches: readonly (readonly Point[])[]): Point[] {
  const byKey = new Map<string, Point>();
  for (const p of batches.flat()) byKey.set(`${p.seriesId}:${p.t}`, p);
  return [...byKey.values()].sort((a, b) => a.seriesId - b.seriesId || a.t - b.t);
}

const AGGREGATE = {
  mean: (vs: number[]) => vs.reduce((s, v) => s + v, 0) / vs.length,
  max: (vs: number[]) => Math.max(...vs),
  min: (vs: number[]) => Math.min(...vs),
};

function bucketsOf(points: readonly Point[], input: QueryInput, from: number, to: number) {
  const { span } = planQuery(input);
  const groups = new Map<number, number[]>();
  for (const { t, v } of points) {
    if (t < from || t >= to) continue;
    const x = windowStart(t, span.window);
    groups.set(x, [...(groups.get(x) ?? []), v]);
  }
  return [...groups.keys()]
    .sort((a, b) => a - b)
    .map((x) => {
      const y = AGGREGATE[input.aggregation](groups.get(x) ?? []);
      return { x, y: input.isBool ? boolStep(y, input.aggregation) : y };
    });
}

/** What `query` must return for the raw table `raw`, computed point by point. */
export function bruteForceQuery(raw: readonly Point[], input: QueryInput): QueryResult {
  const { span } = planQuery(input);
  const series = input.seriesIds.map((seriesId) => {
    const own = raw.filter((p) => p.seriesId === seriesId);
    const points: GraphPoint[] = bucketsOf(own, input, span.from, span.to);
    const before = own.filter((p) => p.t < span.from).at(-1);
    if (input.isBool && points[0]?.x !== span.from && before) {
      points.unshift({ x: span.from, y: before.v });
    }
    return { seriesId, points };
  });
  return { precision: span.window, series };
}

/** Same buckets and, within float rounding, the same values. */
export function expectSameResult(actual: QueryResult, expected: QueryResult): void {
  expect(actual.precision).toBe(expected.precision);
  expect(actual.series.map((s) => s.seriesId)).toEqual(expected.series.map((s) => s.seriesId));
  actual.series.forEach((s, i) => {
    const want = expected.series[i]?.points ?? [];
    expect(s.points.map((p) => p.x)).toEqual(want.map((p) => p.x));
    s.points.forEach((p, j) => {
      const y = want[j]?.y ?? NaN;
      expect(Math.abs(p.y - y)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(y)));
    });
  });
}

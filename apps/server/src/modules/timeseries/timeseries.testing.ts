import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { migrateToLatest, openDatabase, sqliteHandleOf, type Db } from '../../db/database';
import { newId } from '../../lib/ids';
import { boolStep } from './timeseries.shape';
import { planQuery } from './timeseries.windows';
import type {
  GraphPoint,
  Point,
  QueryInput,
  QueryResult,
  SeriesKey,
  TimeSeriesStore,
  Window,
} from './timeseries.types';

// Test helpers only: fixtures, a model of the raw table and the graph query computed from it in plain JS.

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
/** Monday 2024-01-15, 00:00 in Paris (winter: 23:00 UTC the day before). */
export const T0 = Date.UTC(2024, 0, 14, 23);

// The reference model of Paris days, written apart from the store's (which reads the
// time-zone data through Intl): the EU rule, summer time (UTC+2) from the last Sunday of
// March to the last Sunday of October at 01:00 UTC, else UTC+1. It holds from 1996 on.
const lastSunday = (year: number, month: number) => {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
};

/** Paris minus UTC at `t`, by the EU rule. */
export function parisOffsetByRule(t: number): number {
  const year = new Date(t).getUTCFullYear();
  return t >= lastSunday(year, 2) && t < lastSunday(year, 9) ? 2 * HOUR : HOUR;
}

/** The instant of 00:00 in Paris of the day holding `t`, by the EU rule. */
export function parisMidnightByRule(t: number): number {
  const local = t + parisOffsetByRule(t);
  const midnight = local - (((local % DAY) + DAY) % DAY);
  // Midnight in summer is 22:00 UTC, in winter 23:00 UTC: the one whose own offset agrees.
  const summer = midnight - 2 * HOUR;
  return parisOffsetByRule(summer) === 2 * HOUR ? summer : midnight - HOUR;
}

/** The bucket of `t` as the spec defines it: fixed widths, Paris days, weeks from Monday. */
export function referenceBucket(t: number, window: Window): number {
  switch (window) {
    case '1s':
    case '1m':
    case '1h': {
      const ms = { '1s': 1000, '1m': MIN, '1h': HOUR }[window];
      return t - (t % ms);
    }
    case '1d':
      return parisMidnightByRule(t);
    case '1w': {
      let day = parisMidnightByRule(t);
      // Step back a day at a time to Monday (getUTCDay of a Paris midnight + 2 h is its Paris weekday).
      while (new Date(day + 2 * HOUR).getUTCDay() !== 1) day = parisMidnightByRule(day - 1);
      return day;
    }
  }
}

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
    const x = referenceBucket(t, span.window);
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

/** A test server started before the file's tests and closed after them, with its store. */
/**
 * A migrated SQLite file in a temporary folder for the tests of one file (opened in
 * beforeAll, closed and removed in afterAll): the worker threads need a file, not memory.
 */
export function sqliteFileForTests(prefix: string): {
  readonly db: Db;
  readonly file: string;
  readonly sqlite: SQLite.Database;
} {
  let opened: { dir: string; file: string; db: Db } | undefined;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    const file = join(dir, 'atrium.sqlite');
    opened = { dir, file, db: openDatabase({ kind: 'sqlite', file }) };
    await migrateToLatest(opened.db);
  });
  afterAll(async () => {
    await opened?.db.destroy();
    if (opened) rmSync(opened.dir, { recursive: true, force: true });
  });
  const started = () => {
    if (!opened) throw new Error('the SQLite file opens in beforeAll');
    return opened;
  };
  return {
    get db() {
      return started().db;
    },
    get file() {
      return started().file;
    },
    get sqlite() {
      const sqlite = sqliteHandleOf(started().db);
      if (!sqlite) throw new Error('not SQLite');
      return sqlite;
    },
  };
}

export function storeTestServer(): { readonly t: TestServer; readonly store: TimeSeriesStore } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  const started = (): TestServer => {
    if (!server) throw new Error('the test server starts in beforeAll');
    return server;
  };
  return {
    get t() {
      return started();
    },
    get store() {
      return started().modules.timeseries.store;
    },
  };
}

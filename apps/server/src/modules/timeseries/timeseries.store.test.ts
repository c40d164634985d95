import { describe, expect, it, vi } from 'vitest';
import {
  DAY,
  HOUR,
  MIN,
  T0,
  bruteForceQuery,
  expectSameResult,
  queryOf,
  rawModel,
  seriesKey,
  storeTestServer,
} from './timeseries.testing';
import { createTimeSeriesStore } from './create-timeseries-store';
import { TimeSeriesRepository } from './timeseries.repository';
import type { Point, QueryInput, SeriesKey } from './timeseries.types';

const server = storeTestServer();

const key = seriesKey;
const q = queryOf;
const newSeries = (over: Partial<SeriesKey> = {}) => server.store.ensureSeries(key(over));

/** Rollup rows of a series as stored, per level. */
async function rollups(series: number) {
  const read = (table: 'ts_1m' | 'ts_1h' | 'ts_1d') =>
    server.t.app.db
      .selectFrom(table)
      .select(['bucket', 'count', 'sum', 'min', 'max'])
      .where('series', '=', series)
      .orderBy('bucket')
      .execute();
  return { m: await read('ts_1m'), h: await read('ts_1h'), d: await read('ts_1d') };
}

describe(`time-series store (${process.env.ATRIUM_TEST_DB ?? 'sqlite'})`, () => {
  it('gives one stable id per series key, kept in the database', async () => {
    const k = key();
    const id = await server.store.ensureSeries(k);
    expect(await server.store.ensureSeries({ ...k })).toBe(id);
    expect(await server.store.ensureSeries({ ...k, kind: 'voltage' })).not.toBe(id);
    expect(await server.store.ensureSeries({ ...k, address: '1/2/4' })).not.toBe(id);
    const fresh = createTimeSeriesStore(server.t.app.db);
    expect(await fresh.findSeries(k)).toBe(id);
    expect(await fresh.ensureSeries(k)).toBe(id);
    expect(await fresh.findSeries({ ...k, address: '9/9/9' })).toBeUndefined();
    const ids = await Promise.all(
      [1, 2, 3].map(() => fresh.ensureSeries({ ...k, address: '4/4/4' })),
    );
    expect(new Set(ids).size).toBe(1);
  });

  it('creates the series asked for in one turn together, and two stores racing agree', async () => {
    const spy = vi.spyOn(TimeSeriesRepository.prototype, 'createSeries');
    try {
      const keys = Array.from({ length: 1_200 }, (_, i) =>
        key({ gatewayMac: `0000000${String(i % 12).padStart(5, '0')}`, address: `${i % 100}/0/1` }),
      );
      const [a, b] = [
        createTimeSeriesStore(server.t.app.db),
        createTimeSeriesStore(server.t.app.db),
      ];
      // Store b asks in the reverse order at the same time: same rows, in another order.
      const [idsA, idsB] = await Promise.all([
        Promise.all(keys.map((k) => a.ensureSeries(k))),
        Promise.all([...keys].reverse().map((k) => b.ensureSeries(k))),
      ]);
      expect(new Set(idsA).size).toBe(1_200);
      expect([...idsB].reverse()).toEqual(idsA);
      // One call per store with all its keys (one INSERT and one SELECT per 500 inside).
      expect(spy.mock.calls.map((c) => c[0].length)).toEqual([1_200, 1_200]);
      const fresh = createTimeSeriesStore(server.t.app.db);
      expect(await fresh.findSeries(keys[777]!)).toBe(idsA[777]);
    } finally {
      spy.mockRestore();
    }
  });

  it('aggregates raw points per window, skipping empty buckets', async () => {
    const [a, b] = [await newSeries(), await newSeries()];
    await server.store.writeBatch([
      { seriesId: a, t: T0 + 1_000, v: 1 },
      { seriesId: a, t: T0 + 2_500, v: 3 },
      { seriesId: a, t: T0 + 3 * MIN, v: 10 },
      { seriesId: b, t: T0 + 59_999, v: -2 },
    ]);
    const perMinute = await server.store.query(q([b, a, 999_999], { precision: '1m' }));
    expect(perMinute).toEqual({
      precision: '1m',
      series: [
        { seriesId: b, points: [{ x: T0, y: -2 }] },
        {
          seriesId: a,
          points: [
            { x: T0, y: 2 },
            { x: T0 + 3 * MIN, y: 10 },
          ],
        },
        { seriesId: 999_999, points: [] },
      ],
    });
    const max = await server.store.query(q([a], { precision: '1s', aggregation: 'max' }));
    expect(max.series[0]?.points).toEqual([
      { x: T0 + 1_000, y: 1 },
      { x: T0 + 2_000, y: 3 },
      { x: T0 + 3 * MIN, y: 10 },
    ]);
    const min = await server.store.query(q([a], { precision: '1h', aggregation: 'min' }));
    expect(min.series[0]?.points).toEqual([{ x: T0, y: 1 }]);
  });

  it('keeps rollups equal to the raw points through replacements and resends', async () => {
    const s = await newSeries();
    const first = [0, 1, 2].map((i) => ({ seriesId: s, t: T0 + i * 20_000, v: 10 + i }));
    await server.store.writeBatch(first);
    await server.store.writeBatch(first); // a gateway's resend: nothing changes
    expect((await rollups(s)).m).toEqual([{ bucket: T0, count: 3, sum: 33, min: 10, max: 12 }]);
    // Replacing the maximum lowers it: min/max are recomputed, not merged.
    const second = [
      { seriesId: s, t: T0 + 40_000, v: 5 },
      { seriesId: s, t: T0 + HOUR, v: 7 },
      { seriesId: s, t: T0 + HOUR, v: 8 }, // same batch: the last one wins
    ];
    await server.store.writeBatch(second);
    const { m, h, d } = await rollups(s);
    expect(m).toEqual([
      { bucket: T0, count: 3, sum: 26, min: 5, max: 11 },
      { bucket: T0 + HOUR, count: 1, sum: 8, min: 8, max: 8 },
    ]);
    expect(h).toEqual([
      { bucket: T0, count: 3, sum: 26, min: 5, max: 11 },
      { bucket: T0 + HOUR, count: 1, sum: 8, min: 8, max: 8 },
    ]);
    expect(d).toEqual([{ bucket: T0, count: 4, sum: 34, min: 5, max: 11 }]);
    const raw = rawModel([first, first, second]);
    for (const precision of ['1s', '1m', '1h', '1d', '1w'] as const) {
      const input = q([s], { precision, aggregation: 'max' });
      expectSameResult(await server.store.query(input), bruteForceQuery(raw, input));
    }
  });

  it('chooses about 1,000 buckets in auto, from the coarsest rollup that fits', async () => {
    const s = await newSeries();
    const points = Array.from({ length: 400 }, (_, i) => ({ seriesId: s, t: T0 + i * DAY, v: i }));
    await server.store.writeBatch(points);
    const cases = [
      [10 * MIN, '1s'],
      [HOUR, '1m'],
      [DAY, '1m'],
      [31 * DAY, '1h'],
      [366 * DAY, '1d'],
      [4000 * DAY, '1w'],
    ] as const;
    for (const [length, precision] of cases) {
      const input = q([s], { stop: T0 + length });
      const result = await server.store.query(input);
      expect(result.precision).toBe(precision);
      expectSameResult(result, bruteForceQuery(points, input));
    }
    const weeks = await server.store.query(
      q([s], { start: T0 + 2 * DAY, stop: T0 + 9 * DAY, precision: '1w' }),
    );
    expect(weeks.series[0]?.points).toEqual([
      { x: T0, y: 3 }, // Monday T0 .. Sunday: points 0..6, the range widened to whole weeks
      { x: T0 + 7 * DAY, y: 10 },
    ]);
  });

  it('refuses reversed ranges and queries of more than 100,000 points per series', async () => {
    const s = await newSeries();
    await expect(server.store.query(q([s], { start: T0, stop: T0 - 1 }))).rejects.toMatchObject({
      code: 'invalidRange',
    });
    await expect(server.store.query(q([s], { stop: T0 }))).rejects.toMatchObject({
      code: 'invalidRange',
    });
    await expect(
      server.store.query(q([s], { stop: T0 + 365 * DAY, precision: '1s' })),
    ).rejects.toMatchObject({ code: 'tooManyPoints' });
    await expect(
      server.store.query(q([s], { stop: T0 + DAY, precision: '1s' })),
    ).resolves.toBeDefined();
  });

  it('returns booleans as steps that start with the value in force', async () => {
    const s = await newSeries({ address: '0/0/1' });
    await server.store.writeBatch([
      { seriesId: s, t: T0 - 5 * HOUR, v: 1 },
      { seriesId: s, t: T0 + 2 * HOUR, v: 0 },
      { seriesId: s, t: T0 + 2 * HOUR + 1, v: 1 },
      { seriesId: s, t: T0 + 3 * HOUR, v: 0 },
      { seriesId: s, t: T0 + 3 * HOUR + 1, v: 0 },
      { seriesId: s, t: T0 + 3 * HOUR + 2, v: 1 },
    ]);
    const steps = (aggregation: QueryInput['aggregation']) =>
      server.store.query(q([s], { precision: '1h', aggregation, isBool: true }));
    expect((await steps('mean')).series[0]?.points).toEqual([
      { x: T0, y: 1 }, // the value before the range
      { x: T0 + 2 * HOUR, y: 1 }, // half of the samples were 1: rounds up
      { x: T0 + 3 * HOUR, y: 0 }, // one third
    ]);
    expect((await steps('min')).series[0]?.points.map((p) => p.y)).toEqual([1, 0, 0]);
    expect((await steps('max')).series[0]?.points.map((p) => p.y)).toEqual([1, 1, 1]);
    const noHistory = await server.store.query(
      q([s], { start: T0 - 6 * HOUR, stop: T0, precision: '1h', isBool: true }),
    );
    expect(noHistory.series[0]?.points).toEqual([{ x: T0 - 5 * HOUR, y: 1 }]);
  });

  it('rejects a batch with an invalid point and writes none of it', async () => {
    const s = await newSeries();
    const bad: Point[][] = [
      [{ seriesId: s, t: T0, v: Number.NaN }],
      [{ seriesId: s, t: -1, v: 1 }],
      [{ seriesId: s, t: T0 + 0.5, v: 1 }],
      [{ seriesId: 0, t: T0, v: 1 }],
    ];
    for (const batch of bad) {
      await expect(
        server.store.writeBatch([{ seriesId: s, t: T0 + 1, v: 1 }, ...batch]),
      ).rejects.toMatchObject({ code: 'invalidPoint' });
    }
    expect((await server.store.query(q([s], { precision: '1m' }))).series[0]?.points).toEqual([]);
  });
});

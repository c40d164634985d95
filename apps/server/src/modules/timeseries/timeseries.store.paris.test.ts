import { describe, expect, it } from 'vitest';
import {
  HOUR,
  bruteForceQuery,
  expectSameResult,
  queryOf,
  rawModel,
  seriesKey,
  storeTestServer,
} from './timeseries.testing';
import type { Point, QueryInput } from './timeseries.types';

const server = storeTestServer();

const utc = Date.UTC;
const newSeries = () => server.store.ensureSeries(seriesKey());

/** The day rollup rows of a series as stored: bucket and count. */
const dayRows = (series: number) =>
  server.t.app.db
    .selectFrom('ts_1d')
    .select(['bucket', 'count', 'min', 'max'])
    .where('series', '=', series)
    .orderBy('bucket')
    .execute();

/** Bucket starts and values of one series. */
async function buckets(series: number, over: Partial<QueryInput>) {
  return (await server.store.query(queryOf([series], over))).series[0]?.points;
}

/** One point at every UTC hour of [from, to), valued by its index. */
const hourly = (series: number, from: number, to: number): Point[] =>
  Array.from({ length: (to - from) / HOUR }, (_, i) => ({
    seriesId: series,
    t: from + i * HOUR,
    v: i,
  }));

describe(`day and week buckets in Paris time (${process.env.ATRIUM_TEST_DB ?? 'sqlite'})`, () => {
  it('rolls a point at 23:30 UTC on a winter day into the next Paris day', async () => {
    const s = await newSeries();
    await server.store.writeBatch([
      { seriesId: s, t: utc(2026, 0, 14, 22, 30), v: 1 }, // 23:30 on the 14th in Paris
      { seriesId: s, t: utc(2026, 0, 14, 23, 30), v: 5 }, // 00:30 on the 15th in Paris
    ]);
    expect(await dayRows(s)).toEqual([
      { bucket: utc(2026, 0, 13, 23), count: 1, min: 1, max: 1 },
      { bucket: utc(2026, 0, 14, 23), count: 1, min: 5, max: 5 },
    ]);
    const range = { start: utc(2026, 0, 13, 23), stop: utc(2026, 0, 15, 23), precision: '1d' };
    for (const source of ['rollup', 'raw'] as const) {
      expect(await buckets(s, { ...range, source } as Partial<QueryInput>)).toEqual([
        { x: utc(2026, 0, 13, 23), y: 1 },
        { x: utc(2026, 0, 14, 23), y: 5 },
      ]);
    }
  });

  it('keeps 23 hours in the day of 2026-03-29 and 25 in that of 2026-10-25', async () => {
    const s = await newSeries();
    const march = hourly(s, utc(2026, 2, 28, 23), utc(2026, 2, 30, 22));
    const october = hourly(s, utc(2026, 9, 24, 22), utc(2026, 9, 26, 23));
    await server.store.writeBatch([...march, ...october]);
    expect((await dayRows(s)).map((r) => [r.bucket, r.count])).toEqual([
      [utc(2026, 2, 28, 23), 23],
      [utc(2026, 2, 29, 22), 24],
      [utc(2026, 9, 24, 22), 25],
      [utc(2026, 9, 25, 23), 24],
    ]);
    // A replaced value recomputes its whole day from the hours, the 25th hour included.
    const lastHour = { seriesId: s, t: utc(2026, 9, 25, 22), v: -7 };
    await server.store.writeBatch([lastHour]);
    expect((await dayRows(s))[2]).toEqual({
      bucket: utc(2026, 9, 24, 22),
      count: 25,
      min: -7,
      max: 23,
    });
    const raw = rawModel([march, october, [lastHour]]);
    for (const precision of ['1h', '1d', '1w', 'auto'] as const) {
      for (const source of ['rollup', 'raw'] as const) {
        const input = queryOf([s], {
          start: utc(2026, 2, 20),
          stop: utc(2026, 10, 1),
          precision,
          source,
          aggregation: 'min',
        });
        expectSameResult(await server.store.query(input), bruteForceQuery(raw, input));
      }
    }
  });

  it('starts week buckets on Monday 00:00 in Paris, winter and summer', async () => {
    const s = await newSeries();
    await server.store.writeBatch([
      { seriesId: s, t: utc(2026, 0, 11, 22, 30), v: 1 }, // Sunday 23:30 in Paris
      { seriesId: s, t: utc(2026, 0, 11, 23, 30), v: 2 }, // Monday 00:30 in Paris
      { seriesId: s, t: utc(2026, 6, 5, 21, 30), v: 3 }, // Sunday 23:30 in Paris
      { seriesId: s, t: utc(2026, 6, 5, 22, 30), v: 4 }, // Monday 00:30 in Paris
    ]);
    const range = { start: utc(2026, 0, 1), stop: utc(2026, 6, 10), precision: '1w' as const };
    for (const source of ['rollup', 'raw'] as const) {
      expect(await buckets(s, { ...range, source })).toEqual([
        { x: utc(2026, 0, 4, 23), y: 1 },
        { x: utc(2026, 0, 11, 23), y: 2 }, // Sunday 23:00 UTC
        { x: utc(2026, 5, 28, 22), y: 3 },
        { x: utc(2026, 6, 5, 22), y: 4 }, // Sunday 22:00 UTC
      ]);
    }
  });

  it('prunes whole Paris days', async () => {
    const s = await newSeries();
    await server.store.writeBatch([
      { seriesId: s, t: utc(2026, 0, 14, 22, 30), v: 1 },
      { seriesId: s, t: utc(2026, 0, 14, 23, 30), v: 2 },
    ]);
    const result = await server.store.prune({ seriesIds: [s] }, utc(2026, 0, 15, 10));
    expect(result).toMatchObject({ cutoff: utc(2026, 0, 14, 23), deletedPoints: 1 });
    expect((await dayRows(s)).map((r) => r.bucket)).toEqual([utc(2026, 0, 14, 23)]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  DAY,
  HOUR,
  MIN,
  T0,
  parisMidnightByRule,
  queryOf,
  seriesKey,
  storeTestServer,
} from './timeseries.testing';
import { createTimeSeriesStore } from './create-timeseries-store';
import { TimeSeriesRepository, checkedPointsJson } from './timeseries.repository';
import { toGraphPoints } from './timeseries.shape';
import { planQuery } from './timeseries.windows';
import type { Aggregation, Point, QueryInput } from './timeseries.types';

const server = storeTestServer();

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/**
 * Issue 21: a wide graph reads a rollup level as one row per series (two JSON arrays)
 * instead of one row per bucket. These compare it with the row-per-bucket read it
 * replaced, and the one query of many series with one query per series, exactly.
 */
describe(`wide graph reads (${process.env.ATRIUM_TEST_DB ?? 'sqlite'})`, () => {
  const SERIES = 12;
  let ids: number[] = [];
  let bools: number[] = [];

  it('loads series with gaps, awkward values and replaced points', async () => {
    const rnd = random(21);
    const project = seriesKey().projectId;
    ids = [];
    for (let i = 0; i < SERIES; i++) {
      ids.push(
        await server.store.ensureSeries(seriesKey({ projectId: project, address: `1/0/${i}` })),
      );
    }
    bools = [];
    for (let i = 0; i < 3; i++) {
      bools.push(
        await server.store.ensureSeries(seriesKey({ projectId: project, address: `2/0/${i}` })),
      );
    }
    const points: Point[] = [];
    // Forty days, a point every 7 to 97 minutes; series 3 is empty, series 5 has one point.
    for (const [k, seriesId] of ids.entries()) {
      if (k === 3) continue;
      if (k === 5) {
        points.push({ seriesId, t: T0 + 10 * DAY + 17, v: 0.1 + 0.2 });
        continue;
      }
      for (
        let t = T0 - 5 * DAY + k * 13_001;
        t < T0 + 35 * DAY;
        t += (7 + Math.floor(rnd() * 90)) * MIN
      ) {
        // Values whose shortest decimal form is long, tiny, huge or negative.
        const v =
          [rnd() * 100, 1 / 3 + k, -rnd() * 1e-7, rnd() * 1e21, 20.1][Math.floor(rnd() * 5)] ?? 0;
        points.push({ seriesId, t, v });
      }
    }
    for (const [k, seriesId] of bools.entries()) {
      for (
        let t = T0 - 3 * DAY + k * HOUR;
        t < T0 + 35 * DAY;
        t += (30 + Math.floor(rnd() * 600)) * MIN
      ) {
        points.push({ seriesId, t, v: rnd() < 0.5 ? 0 : 1 });
      }
    }
    await server.store.writeBatch(points);
    // Replaced values make buckets be recomputed rather than added to.
    await server.store.writeBatch(
      points
        .filter((_, i) => i % 11 === 0)
        .map((p) => ({ ...p, v: bools.includes(p.seriesId) ? 1 - p.v : p.v + 1 })),
    );
  });

  it('finds many series of a project in one lookup, cached or not, missing ones undefined', async () => {
    const projectId = seriesKey().projectId;
    const keys = [0, 1, 2].map((i) => seriesKey({ projectId, address: `3/0/${i}` }));
    const voltage = seriesKey({ projectId, address: 'voltage', kind: 'voltage' });
    const made = [
      await server.store.ensureSeries(keys[0]!),
      await server.store.ensureSeries(keys[2]!),
      await server.store.ensureSeries(voltage),
    ];
    const other = seriesKey({ address: '3/0/1' }); // another project's series of the same address
    await server.store.ensureSeries(other);
    const asked = [keys[2]!, keys[1]!, voltage, keys[0]!, { ...voltage, kind: 'knx' as const }];
    const want = [made[1], undefined, made[2], made[0], undefined];
    expect(await server.store.findSeriesOfProject(projectId, asked)).toEqual(want);
    const fresh = createTimeSeriesStore(server.t.app.db); // nothing cached
    expect(await fresh.findSeriesOfProject(projectId, asked)).toEqual(want);
    expect(await fresh.findSeriesOfProject(projectId, [])).toEqual([]);
  });

  const ranges: [string, Partial<QueryInput>][] = [
    ['a month at auto precision (Paris days)', { start: T0, stop: T0 + 31 * DAY }],
    ['a month in hours', { start: T0 + 7 * MIN, stop: T0 + 30 * DAY, precision: '1h' }],
    ['two days in minutes', { start: T0 + 2 * DAY + 5, stop: T0 + 4 * DAY, precision: '1m' }],
  ];
  const aggregations: Aggregation[] = ['mean', 'max', 'min'];

  for (const [name, range] of ranges) {
    for (const aggregation of aggregations) {
      it(`${name}, ${aggregation}: same points as one row per bucket`, async () => {
        const input = queryOf([...ids, ids[0] ?? 0], { ...range, aggregation });
        const { span, level } = planQuery(input);
        expect(level).toBe(span.window); // the path under test: a level at its own width
        const repo = new TimeSeriesRepository(server.t.app.db);
        const rows = await repo.aggregate(ids, span, level, aggregation);
        const before = await toGraphPoints(input, span, rows, () => Promise.resolve(undefined));
        const now = await server.store.query(input);
        expect(now.series).toEqual(before);
        expect(now.series.find((s) => s.seriesId === ids[3])?.points).toEqual([]);
        expect(now.series.some((s) => s.points.length > 20)).toBe(true);
        // The same points as JSON text (decision 0043), in the same order.
        const text = await server.store.queryJson(input);
        expect(text.precision).toBe(now.precision);
        expect(text.series.map((s) => s.seriesId)).toEqual(now.series.map((s) => s.seriesId));
        expect(text.series.map((s) => JSON.parse(s.json) as unknown)).toEqual(
          now.series.map((s) => s.points),
        );
        expect(text.series.find((s) => s.seriesId === ids[3])?.json).toBe('[]');
        // And one query for every series equals one query per series.
        for (const [i, seriesId] of ids.entries()) {
          const alone = await server.store.query({ ...input, seriesIds: [seriesId] });
          expect(alone.series[0]?.points, `series ${i}`).toEqual(now.series[i]?.points);
        }
      });
    }
  }

  it('booleans: steps seeded with the value before, same as one query per series', async () => {
    for (const aggregation of aggregations) {
      const input = queryOf(bools, { start: T0, stop: T0 + 31 * DAY, aggregation, isBool: true });
      const { span, level } = planQuery(input);
      const repo = new TimeSeriesRepository(server.t.app.db);
      const rows = await repo.aggregate(bools, span, level, aggregation);
      const before = await toGraphPoints(input, span, rows, (id, t) => repo.lastBefore(id, t));
      const now = await server.store.query(input);
      expect(now.series).toEqual(before);
      expect(now.series.every((s) => s.points.every((p) => p.y === 0 || p.y === 1))).toBe(true);
      for (const [i, seriesId] of bools.entries()) {
        const alone = await server.store.query({ ...input, seriesIds: [seriesId] });
        expect(alone.series[0]?.points).toEqual(now.series[i]?.points);
      }
      const text = await server.store.queryJson(input);
      expect(text.series.map((s) => JSON.parse(s.json) as unknown)).toEqual(
        now.series.map((s) => s.points),
      );
    }
  });

  it('writes a value that is not finite as null, as the reply always did', async () => {
    const seriesId = await server.store.ensureSeries(seriesKey({ address: '4/0/1' }));
    const day = (d: number) => parisMidnightByRule(T0 + d * DAY + 12 * HOUR);
    // No gateway value can get there (points must be finite); a sum past the largest double can.
    await server.t.app.db
      .insertInto('ts_1d')
      .values([
        { series: seriesId, bucket: day(0), count: 2, sum: 3, min: 1, max: 2 },
        { series: seriesId, bucket: day(1), count: 2, sum: Infinity, min: 1e308, max: 1e308 },
        { series: seriesId, bucket: day(2), count: 1, sum: -Infinity, min: -1e308, max: -1e308 },
      ])
      .execute();
    const input = queryOf([seriesId], { start: T0, stop: T0 + 10 * DAY, precision: '1d' });
    expect(planQuery(input).level).toBe('1d');
    const text = await server.store.queryJson(input);
    expect(text.series[0]?.json).toBe(
      `[{"x":${day(0)},"y":1.5},{"x":${day(1)},"y":null},{"x":${day(2)},"y":null}]`,
    );
  });
});

describe('checkedPointsJson', () => {
  it('keeps text in time order as it is', () => {
    const text = '[{"x":-3600000,"y":1},{"x":0,"y":2.5},{"x":86400000,"y":1.0e-07}]';
    expect(checkedPointsJson(text)).toBe(text);
    expect(checkedPointsJson('[]')).toBe('[]');
  });

  it('sorts points that came out of order, and writes non-finite values as null', () => {
    expect(checkedPointsJson('[{"x":20,"y":2},{"x":10,"y":1.0e+21},{"x":30,"y":3}]')).toBe(
      '[{"x":10,"y":1e+21},{"x":20,"y":2},{"x":30,"y":3}]',
    );
    expect(checkedPointsJson('[{"x":20,"y":2},{"x":20,"y":2}]')).toBe(
      '[{"x":20,"y":2},{"x":20,"y":2}]',
    );
    expect(
      checkedPointsJson(
        '[{"x":1,"y":Infinity},{"x":2,"y":-Infinity},{"x":3,"y":NaN},' +
          '{"x":4,"y":9.0e+999},{"x":5,"y":-9.0e+999},{"x":6,"y":9.0e+99}]',
      ),
    ).toBe(
      '[{"x":1,"y":null},{"x":2,"y":null},{"x":3,"y":null},' +
        '{"x":4,"y":null},{"x":5,"y":null},{"x":6,"y":9.0e+99}]',
    );
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import {
  DAY,
  HOUR,
  T0,
  bruteForceQuery,
  expectSameResult,
  queryOf as q,
  seriesKey as key,
} from './timeseries.testing';
import { pruneByPlan } from './timeseries.retention';
import type { TimeSeriesStore } from './timeseries.types';

let t: TestServer;
let store: TimeSeriesStore;
beforeAll(async () => {
  t = await startTestServer();
  store = t.modules.timeseries.store;
});
afterAll(() => t.close());

const newSeries = () => store.ensureSeries(key());

describe('retention pruning', () => {
  it('deletes a project’s points and rollups before the cut-off day, and only theirs', async () => {
    const [mine, other] = [key(), key()];
    const [a, b] = [await store.ensureSeries(mine), await store.ensureSeries(other)];
    const points = [a, b].flatMap((seriesId) =>
      [-40, -3, -1, 0].map((days) => ({ seriesId, t: T0 + days * DAY + 5 * HOUR, v: days })),
    );
    await store.writeBatch(points);
    // The cut-off goes down to midnight in Paris: the point at T0 - 1 day + 5 h stays.
    const result = await store.prune({ projectId: mine.projectId }, T0 - DAY + 10 * HOUR);
    expect(result).toEqual({ cutoff: T0 - DAY, droppedPartitions: [], deletedPoints: 2 });
    const input = q([a, b], { start: T0 - 50 * DAY, stop: T0 + DAY, precision: '1h' });
    const kept = points.filter((p) => p.seriesId === b || p.t >= T0 - DAY);
    expectSameResult(await store.query(input), bruteForceQuery(kept, input));
    expectSameResult(
      await store.query({ ...input, precision: '1d' }),
      bruteForceQuery(kept, { ...input, precision: '1d' }),
    );
    await store.prune({ seriesIds: [b] }, T0 + DAY);
    expect((await store.query(input)).series[1]?.points).toEqual([]);
  });

  it('prunes every series at once, dropping whole monthly partitions on PostgreSQL', async () => {
    const s = await newSeries();
    const old = Date.UTC(2001, 4, 20);
    await store.writeBatch([
      { seriesId: s, t: old, v: 1 },
      { seriesId: s, t: Date.UTC(2001, 5, 20), v: 2 },
    ]);
    const result = await store.prune({ all: true }, Date.UTC(2001, 5, 10, 12));
    // 2001-06-10 00:00 in Paris (summer time).
    expect(result.cutoff).toBe(Date.UTC(2001, 5, 9, 22));
    const pg = t.dbKind === 'postgres';
    // On PostgreSQL the old point went with its partition, not as a deleted row.
    expect(result).toMatchObject({
      droppedPartitions: pg ? ['ts_raw_200105'] : [],
      deletedPoints: pg ? 0 : 1,
    });
    const input = q([s], { start: old - DAY, stop: Date.UTC(2001, 6, 1), precision: '1d' });
    expect((await store.query(input)).series[0]?.points).toEqual([
      { x: Date.UTC(2001, 5, 19, 22), y: 2 },
    ]);
  });
});

describe.runIf(process.env.ATRIUM_TEST_DB === 'postgres')('PostgreSQL partitions', () => {
  it('creates monthly partitions on demand and keeps a default one', async () => {
    const s = await newSeries();
    await store.writeBatch([{ seriesId: s, t: Date.UTC(2031, 11, 31, 23, 59), v: 1 }]);
    const { rows } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'ts_raw'::regclass AND c.relname >= 'ts_raw_2031'
      ORDER BY 1`.execute(t.app.db);
    expect(rows.map((r) => r.name)).toEqual(['ts_raw_203112', 'ts_raw_203201', 'ts_raw_default']);
    const inDefault = await sql`SELECT 1 FROM ts_raw_default`.execute(t.app.db);
    expect(inDefault.rows).toEqual([]);
  });
});

describe('pruning by plan', () => {
  it('keeps one month for a free project and twelve for a pro one', async () => {
    const [free, pro] = [key(), key()];
    const [a, b] = [await store.ensureSeries(free), await store.ensureSeries(pro)];
    const now = Date.UTC(2030, 6, 15, 12);
    const ages = [400, 300, 40, 20]; // days before now
    const points = [a, b].flatMap((seriesId) =>
      ages.map((days) => ({ seriesId, t: now - days * DAY, v: days })),
    );
    await store.writeBatch(points);
    await pruneByPlan(
      store,
      [
        { projectId: free.projectId, plan: 'free' },
        { projectId: pro.projectId, plan: 'pro' },
      ],
      now,
    );
    const input = q([a, b], { start: now - 500 * DAY, stop: now, precision: '1d' });
    const kept = points.filter((p) => (p.seriesId === a ? p.v === 20 : p.v <= 300));
    expectSameResult(await store.query(input), bruteForceQuery(kept, input));
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  DAY,
  HOUR,
  T0,
  bruteForceQuery,
  expectSameResult,
  queryOf as q,
  seriesKey as key,
  storeTestServer,
} from './timeseries.testing';
import { pruneByPlan } from './timeseries.retention';

const server = storeTestServer();

const newSeries = () => server.store.ensureSeries(key());

describe('retention pruning', () => {
  it('deletes a project’s points and rollups before the cut-off day, and only theirs', async () => {
    const [mine, other] = [key(), key()];
    const [a, b] = [await server.store.ensureSeries(mine), await server.store.ensureSeries(other)];
    const points = [a, b].flatMap((seriesId) =>
      [-40, -3, -1, 0].map((days) => ({ seriesId, t: T0 + days * DAY + 5 * HOUR, v: days })),
    );
    await server.store.writeBatch(points);
    // The cut-off goes down to midnight in Paris: the point at T0 - 1 day + 5 h stays.
    const result = await server.store.prune({ projectId: mine.projectId }, T0 - DAY + 10 * HOUR);
    expect(result).toEqual({ cutoff: T0 - DAY, droppedPartitions: [], deletedPoints: 2 });
    const input = q([a, b], { start: T0 - 50 * DAY, stop: T0 + DAY, precision: '1h' });
    const kept = points.filter((p) => p.seriesId === b || p.t >= T0 - DAY);
    expectSameResult(await server.store.query(input), bruteForceQuery(kept, input));
    expectSameResult(
      await server.store.query({ ...input, precision: '1d' }),
      bruteForceQuery(kept, { ...input, precision: '1d' }),
    );
    await server.store.prune({ seriesIds: [b] }, T0 + DAY);
    expect((await server.store.query(input)).series[1]?.points).toEqual([]);
  });

  it('prunes every series at once, dropping whole monthly partitions on PostgreSQL', async () => {
    const s = await newSeries();
    const old = Date.UTC(2001, 4, 20);
    await server.store.writeBatch([
      { seriesId: s, t: old, v: 1 },
      { seriesId: s, t: Date.UTC(2001, 5, 20), v: 2 },
    ]);
    const result = await server.store.prune({ all: true }, Date.UTC(2001, 5, 10, 12));
    // 2001-06-10 00:00 in Paris (summer time).
    expect(result.cutoff).toBe(Date.UTC(2001, 5, 9, 22));
    const pg = server.t.dbKind === 'postgres';
    // On PostgreSQL the old point went with its partition, not as a deleted row.
    expect(result).toMatchObject({
      droppedPartitions: pg ? ['ts_raw_200105'] : [],
      deletedPoints: pg ? 0 : 1,
    });
    const input = q([s], { start: old - DAY, stop: Date.UTC(2001, 6, 1), precision: '1d' });
    expect((await server.store.query(input)).series[0]?.points).toEqual([
      { x: Date.UTC(2001, 5, 19, 22), y: 2 },
    ]);
  });
});

describe.runIf(process.env.ATRIUM_TEST_DB === 'postgres')('PostgreSQL partitions', () => {
  it('creates monthly partitions on demand and keeps a default one', async () => {
    const s = await newSeries();
    await server.store.writeBatch([{ seriesId: s, t: Date.UTC(2031, 11, 31, 23, 59), v: 1 }]);
    const { rows } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'ts_raw'::regclass AND c.relname >= 'ts_raw_2031'
      ORDER BY 1`.execute(server.t.app.db);
    expect(rows.map((r) => r.name)).toEqual(['ts_raw_203112', 'ts_raw_203201', 'ts_raw_default']);
    const inDefault = await sql`SELECT 1 FROM ts_raw_default`.execute(server.t.app.db);
    expect(inDefault.rows).toEqual([]);
  });
});

describe('pruning by plan', () => {
  it('keeps one month for a free project and twelve for a pro one', async () => {
    const [free, pro] = [key(), key()];
    const [a, b] = [await server.store.ensureSeries(free), await server.store.ensureSeries(pro)];
    const now = Date.UTC(2030, 6, 15, 12);
    const ages = [400, 300, 40, 20]; // days before now
    const points = [a, b].flatMap((seriesId) =>
      ages.map((days) => ({ seriesId, t: now - days * DAY, v: days })),
    );
    await server.store.writeBatch(points);
    await pruneByPlan(
      server.store,
      [
        { projectId: free.projectId, plan: 'free' },
        { projectId: pro.projectId, plan: 'pro' },
      ],
      now,
    );
    const input = q([a, b], { start: now - 500 * DAY, stop: now, precision: '1d' });
    const kept = points.filter((p) => (p.seriesId === a ? p.v === 20 : p.v <= 300));
    expectSameResult(await server.store.query(input), bruteForceQuery(kept, input));
  });
});

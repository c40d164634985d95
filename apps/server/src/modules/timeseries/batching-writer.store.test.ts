import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../../../test/test-server';
import { BatchingWriter, LanedWriter } from './batching-writer';
import {
  MIN,
  T0,
  bruteForceQuery,
  expectSameResult,
  queryOf,
  seriesKey,
  storeTestServer,
} from './timeseries.testing';
import type { Point } from './timeseries.types';

const server = storeTestServer();

/** The raw table of some series, as stored. */
async function storedPoints(ids: number[]): Promise<Point[]> {
  const rows = await server.t.app.db
    .selectFrom('ts_raw')
    .select(['series', 't', 'v'])
    .where('series', 'in', ids)
    .orderBy('series')
    .orderBy('t')
    .execute();
  return rows.map((r) => ({ seriesId: r.series, t: r.t, v: r.v }));
}

describe('ingestion through the batching writer', () => {
  it('shares transactions between producers and acknowledges each after commit', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => server.store.ensureSeries(seriesKey())));
    const committed = new Set<number>();
    const spy = {
      writeBatch: vi.fn(async (points: readonly Point[]) => {
        await server.store.writeBatch(points);
        for (const p of points) committed.add(p.t);
      }),
    };
    const writer = new BatchingWriter(spy, { flushIntervalMs: 5, maxBatchPoints: 500 });
    // What the MQTT hub does: acknowledge a publish once its write resolved.
    const acknowledged: boolean[] = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const points = ids.map((seriesId) => ({ seriesId, t: T0 + i * 1000, v: i }));
        return writer.write(points).then(() => committed.has(T0 + i * 1000));
      }),
    );
    expect(acknowledged).toEqual(Array(60).fill(true));
    expect(spy.writeBatch.mock.calls.length).toBeLessThan(5);
    const input = queryOf(ids, { precision: '1m' });
    expect((await server.store.query(input)).series.map((s) => s.points)).toEqual(
      ids.map(() => [{ x: T0, y: 29.5 }]),
    );
  });

  it('keeps rollups equal to the raw table under concurrent overlapping batches', async () => {
    const ids = await Promise.all([1, 2].map(() => server.store.ensureSeries(seriesKey())));
    const batches = Array.from({ length: 3 }, (_, b) =>
      ids.flatMap((seriesId) =>
        Array.from({ length: 200 }, (_, i) => ({ seriesId, t: T0 + i * 17_000, v: b * 1000 + i })),
      ),
    );
    await Promise.all(batches.map((batch) => server.store.writeBatch(batch)));
    const raw = await storedPoints(ids);
    expect(raw).toHaveLength(400);
    for (const precision of ['1m', '1h', '1d'] as const) {
      for (const aggregation of ['mean', 'min', 'max'] as const) {
        const input = queryOf(ids, { stop: T0 + 60 * MIN, precision, aggregation });
        expectSameResult(await server.store.query(input), bruteForceQuery(raw, input));
      }
    }
  });

  it('keeps rollups equal to the raw table with lanes committing side by side', async () => {
    const ids = await Promise.all(
      [1, 2, 3, 4, 5].map(() => server.store.ensureSeries(seriesKey())),
    );
    const writer = new LanedWriter(server.store, 3, { flushIntervalMs: 1, maxBatchPoints: 50 });
    // Producers whose writes span every lane, with resends and replaced values.
    const rounds = Array.from({ length: 12 }, (_, r) =>
      ids.flatMap((seriesId) =>
        Array.from({ length: 20 }, (_, i) => ({
          seriesId,
          t: T0 + ((r * 7 + i) % 60) * 31_000,
          v: r % 3 === 0 ? i : r * 100 + i,
        })),
      ),
    );
    await Promise.all(rounds.map((points) => writer.write(points)));
    const raw = await storedPoints(ids);
    // The last write of each (series, t) won: each series in one lane keeps its order.
    const last = new Map<string, Point>();
    for (const p of rounds.flat()) last.set(`${p.seriesId}:${p.t}`, p);
    const expected = [...last.values()].sort((a, b) => a.seriesId - b.seriesId || a.t - b.t);
    expect(raw).toEqual(expected);
    for (const precision of ['1m', '1h', '1d'] as const) {
      for (const aggregation of ['mean', 'min', 'max'] as const) {
        const input = queryOf(ids, { stop: T0 + 60 * MIN, precision, aggregation });
        expectSameResult(await server.store.query(input), bruteForceQuery(raw, input));
      }
    }
    await writer.close();
  });

  it('writes in two lanes with roomy rollup pages on PostgreSQL, in one on SQLite', async () => {
    const postgres = process.env.ATRIUM_TEST_DB === 'postgres';
    expect(server.t.modules.timeseries.writer.width).toBe(postgres ? 2 : 1);
    if (!postgres) return;
    const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`
      SELECT relname, reloptions FROM pg_class WHERE relname IN ('ts_1m', 'ts_1h', 'ts_1d')
      ORDER BY relname`.execute(server.t.app.db);
    expect(rows).toEqual(
      ['ts_1d', 'ts_1h', 'ts_1m'].map((relname) => ({ relname, reloptions: ['fillfactor=50'] })),
    );
  });

  it('commits the points still waiting when the server closes', async () => {
    const other = await startTestServer();
    const id = await other.modules.timeseries.store.ensureSeries(seriesKey());
    const pending = other.modules.timeseries.writer.write([{ seriesId: id, t: T0, v: 1 }]);
    await other.close();
    await expect(pending).resolves.toBeUndefined();
  });
});

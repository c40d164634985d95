import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { parisDayNumber } from '../../lib/paris-time';
import { createTimeSeriesStore } from './create-timeseries-store';
import { blockOf, blockStart } from './timeseries.blocks';
import { DAY, HOUR, MIN, queryOf, seriesKey, storeTestServer } from './timeseries.testing';
import type { Point, QueryInput, TimeSeriesStore } from './timeseries.types';

const server = storeTestServer();

/**
 * Decision 0054: a wide graph keeps each series' text of sealed blocks, and takes it back
 * only while no write or prune has touched the block since. The server's store (cache on)
 * is compared with a store of the same database that keeps nothing; `writer` stands for
 * another node writing into the same database.
 */
describe(`graph texts of sealed blocks (${process.env.ATRIUM_TEST_DB ?? 'sqlite'})`, () => {
  const now = Date.now();
  const k = blockOf(now) - 6;
  // Four whole blocks ago to now: head, sealed blocks, then the current block (never sealed).
  const start = blockStart(k) + 4 * DAY + 7 * HOUR;
  const stop = now + HOUR;
  let ids: number[] = [];
  /** Paris days holding points of the first series in [start, stop) (not every day: 97 min apart). */
  let days = 0;
  let plain: TimeSeriesStore;
  let writer: TimeSeriesStore;

  const inputs = (): [string, QueryInput][] => [
    ['Paris days, mean', queryOf(ids, { start, stop, precision: '1d' })],
    ['Paris days, max', queryOf(ids, { start, stop, precision: '1d', aggregation: 'max' })],
    [
      'hours, min',
      queryOf(ids, { start, stop: start + 90 * DAY, precision: '1h', aggregation: 'min' }),
    ],
    ['auto (Paris days)', queryOf([...ids].reverse(), { start, stop })],
  ];

  async function expectSame(why: string) {
    for (const [name, input] of inputs()) {
      const [cached, fresh] = await Promise.all([
        server.store.queryJson(input),
        plain.queryJson(input),
      ]);
      expect(cached, `${why}: ${name}`).toEqual(fresh);
    }
  }

  it('loads three series over seven blocks, one of them empty', async () => {
    const projectId = seriesKey().projectId;
    ids = [];
    for (const address of ['1/1/1', '1/1/2', '1/1/3']) {
      ids.push(await server.store.ensureSeries(seriesKey({ projectId, address })));
    }
    plain = createTimeSeriesStore(server.t.app.db, undefined, { graphCacheBytes: 0 });
    writer = createTimeSeriesStore(server.t.app.db);
    const points: Point[] = [];
    for (let t = blockStart(k) - 3 * DAY; t < now; t += 97 * MIN) {
      points.push({ seriesId: ids[0] ?? 0, t, v: Math.sin(t / 1e7) * 10 + 1 / 3 });
      if (t % 3 === 0) points.push({ seriesId: ids[2] ?? 0, t, v: -t / 1e12 });
    }
    await server.store.writeBatch(points);
    const inRange = points.filter((p) => p.seriesId === ids[0] && p.t >= start && p.t < stop);
    days = new Set(inRange.map((p) => parisDayNumber(p.t))).size;
  });

  it('answers from the kept texts exactly what the database holds', async () => {
    await expectSame('first read');
    // The server's store keeps GRAPH_CACHE_MB (32 by default); the plain one keeps nothing.
    expect(server.store.graphCache.maxBytes).toBe(32 * 2 ** 20);
    expect(server.store.graphCache.bytes).toBeGreaterThan(0);
    expect(plain.graphCache).toEqual({ maxBytes: 0, bytes: 0 });
    await expectSame('second read, from the kept texts');
    const [reply] = await Promise.all([server.store.queryJson(inputs()[0]![1])]);
    expect(reply.series[1]?.json).toBe('[]');
    // Every Paris day from start to now, but today's only once its first point is written.
    expect(days).toBeGreaterThanOrEqual(parisDayNumber(now) - parisDayNumber(start));
    expect(JSON.parse(reply.series[0]?.json ?? '[]')).toHaveLength(days);
  });

  it('takes a sealed block from its kept text: a change no write made is not seen', async () => {
    const input = inputs()[0]![1];
    const before = await server.store.queryJson(input);
    const day = blockStart(k + 2) + 5 * DAY;
    // Straight into the table: no store write, so no generation is bumped.
    await server.t.app.db
      .updateTable('ts_1d')
      .set({ sum: 1e6, count: 1 })
      .where('series', '=', ids[0] ?? 0)
      .where('bucket', '=', day)
      .execute();
    expect(await server.store.queryJson(input)).toEqual(before);
    // SQLite writes the double 1e6 as 1000000.0, PostgreSQL as 1000000.
    const changed = new RegExp(`\\{"x":${day},"y":1000000(\\.0)?\\}`);
    expect((await plain.queryJson(input)).series[0]?.json).toMatch(changed);
    // Another node's late write into that block bumps its generation: read again.
    await writer.writeBatch([{ seriesId: ids[1] ?? 0, t: day + 3 * HOUR, v: 42 }]);
    const after = await server.store.queryJson(input);
    expect(after.series[0]?.json).toMatch(changed);
    expect(JSON.parse(after.series[1]?.json ?? '')).toEqual([{ x: day, y: 42 }]);
    await expectSame('after a late write');
  });

  it('reads a replaced value of a sealed block, and new points of the current block', async () => {
    await expectSame('before');
    const old = blockStart(k + 3) + 10 * DAY + 5 * HOUR;
    await writer.writeBatch([
      { seriesId: ids[1] ?? 0, t: old, v: 7 },
      { seriesId: ids[1] ?? 0, t: now - 2 * HOUR, v: 8 },
    ]);
    await expectSame('first points');
    await writer.writeBatch([{ seriesId: ids[1] ?? 0, t: old, v: 9 }]);
    const reply = await server.store.queryJson(inputs()[0]![1]);
    const ys = (JSON.parse(reply.series[1]?.json ?? '') as { y: number }[]).map((p) => p.y);
    expect(ys).toContain(9);
    expect(ys).not.toContain(7);
    await expectSame('after a replaced value');
  });

  it('reads again after a prune cut rollups of a sealed block', async () => {
    await expectSame('before the prune');
    const cutoff = blockStart(k + 1) + 12 * DAY;
    const pruned = await writer.prune({ seriesIds: ids }, cutoff);
    expect(pruned.deletedPoints).toBeGreaterThan(0);
    await expectSame('after the prune');
    const reply = await server.store.queryJson(inputs()[0]![1]);
    const xs = (JSON.parse(reply.series[0]?.json ?? '[]') as { x: number }[]).map((p) => p.x);
    expect(Math.min(...xs)).toBe(cutoff);
  });
});

describe('GRAPH_CACHE_MB', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-graph-cache-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const bytes = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: dataDir, ...env }).graphCacheBytes;

  it('is read in MiB (32 by default, 0 keeps nothing) and refuses a negative size', () => {
    expect(bytes({})).toBe(32 * 2 ** 20);
    expect(bytes({ GRAPH_CACHE_MB: '0.5' })).toBe(2 ** 19);
    expect(bytes({ GRAPH_CACHE_MB: '0' })).toBe(0);
    expect(() => bytes({ GRAPH_CACHE_MB: '-1' })).toThrow(/GRAPH_CACHE_MB/);
  });
});

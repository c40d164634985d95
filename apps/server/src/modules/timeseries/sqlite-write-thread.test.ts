import { statSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { SqliteWriteRepository } from './sqlite-timeseries.repository';
import { SqliteTimeSeriesStore } from './sqlite-timeseries.store';
import { decodePoints, encodePoints, SqliteWriteThread } from './sqlite-write-thread';
import { MIN, T0, seriesKey, sqliteFileForTests } from './timeseries.testing';

const base = sqliteFileForTests('atrium-ts-thread-');

const storeWithThread = () =>
  new SqliteTimeSeriesStore(base.db, base.sqlite, { writerThread: true });

describe('the SQLite writer thread', () => {
  it('carries points exactly: ids, epoch-ms times and float values', () => {
    const points = [
      { seriesId: 1, t: T0, v: 21.5 },
      { seriesId: 2 ** 31, t: Date.UTC(9999, 11, 31), v: -1e-9 },
      { seriesId: 3, t: 0, v: Number.MAX_VALUE },
    ];
    expect(decodePoints(encodePoints(points))).toEqual(points);
  });

  it('commits batches in the thread; the main connection reads them once the promise resolves', async () => {
    const store = storeWithThread();
    const onMain = vi.spyOn(SqliteWriteRepository.prototype, 'writeRaw');
    try {
      const id = await store.ensureSeries(seriesKey());
      await store.writeBatch([
        { seriesId: id, t: T0, v: 1 },
        { seriesId: id, t: T0 + MIN, v: 3 },
      ]);
      await store.writeBatch([{ seriesId: id, t: T0 + MIN, v: 5 }]); // replaces: rollups recomputed
      const result = await store.query({
        seriesIds: [id],
        start: T0,
        stop: T0 + 2 * MIN,
        precision: '1m',
        aggregation: 'max',
        isBool: false,
      });
      expect(result.series[0]?.points.map((p) => p.y)).toEqual([1, 5]);
      expect(onMain).not.toHaveBeenCalled();
    } finally {
      onMain.mockRestore();
      await store.close();
    }
  });

  it('runs with a young generation of 6 MiB (V8 would give it 48)', async () => {
    const thread = new SqliteWriteThread(base.sqlite.name);
    try {
      await thread.createSeries(seriesKey()); // a round trip: the thread is running
      expect(thread.heapLimits()?.maxYoungGenerationSizeMb).toBe(6);
    } finally {
      await thread.close();
    }
  });

  it('creates new series in the thread, several in one request, and reads existing ones here', async () => {
    const store = storeWithThread();
    try {
      const keys = [seriesKey(), seriesKey(), seriesKey()];
      const ids = await Promise.all([...keys, keys[0]].map((k) => store.ensureSeries(k!)));
      expect(new Set(ids).size).toBe(3);
      expect(ids[3]).toBe(ids[0]);
      // Another store (a restarted server) finds them without the thread.
      const again = storeWithThread();
      expect(await again.ensureSeries(keys[1]!)).toBe(ids[1]);
      await again.close();
    } finally {
      await store.close();
    }
  });

  it('refuses writes once closed, without hanging', async () => {
    const store = storeWithThread();
    const id = await store.ensureSeries(seriesKey());
    await store.close();
    await expect(store.writeBatch([{ seriesId: id, t: T0, v: 1 }])).rejects.toThrow(/closed/);
  });
});

describe('the WAL behind the writer thread', () => {
  const wal = sqliteFileForTests('atrium-ts-wal-');
  const walBytes = () => {
    try {
      return statSync(`${wal.file}-wal`).size;
    } catch {
      return 0;
    }
  };

  /**
   * Batches every 10 ms, as a busy fleet's commits (a PASSIVE checkpoint never
   * catches up with them); the WAL's size after each, in bytes.
   */
  async function writeFor(thread: SqliteWriteThread, ms: number) {
    const ids = await Promise.all(
      Array.from({ length: 20 }, () => thread.createSeries(seriesKey())),
    );
    const sizes: number[] = [];
    let t = T0;
    // Until two emptyings (then the file was seen shrinking), at most `ms`.
    for (const end = Date.now() + ms; Date.now() < end && thread.walTruncations < 2;) {
      await thread.write(ids.flatMap((seriesId) => [{ seriesId, t: (t += MIN), v: t % 97 }]));
      sizes.push(walBytes());
      await new Promise((r) => setTimeout(r, 10));
    }
    return sizes;
  }

  it('is emptied once it passes its frames, while commits go on', async () => {
    const thread = new SqliteWriteThread(wal.file, { frames: 200, waitMs: 100 });
    try {
      const sizes = await writeFor(thread, 10_000);
      expect(thread.walTruncations).toBeGreaterThan(0);
      // A WAL file only shrinks when it is truncated: it passed 200 frames (800 KiB), then
      // was seen at half that or less (a few commits after an emptying) while commits went on.
      const passed = sizes.findIndex((b) => b > 200 * 4096);
      expect(passed).toBeGreaterThanOrEqual(0);
      expect(Math.min(...sizes.slice(passed))).toBeLessThan(100 * 4096);
    } finally {
      await thread.close();
    }
  });
});

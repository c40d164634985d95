import { describe, expect, it, vi } from 'vitest';
import { SqliteWriteRepository } from './sqlite-timeseries.repository';
import { SqliteTimeSeriesStore } from './sqlite-timeseries.store';
import { decodePoints, encodePoints } from './sqlite-write-thread';
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

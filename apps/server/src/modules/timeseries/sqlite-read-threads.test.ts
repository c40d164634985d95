import type { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { SqliteReadThreads } from './sqlite-read-threads';
import { SqliteTimeSeriesStore } from './sqlite-timeseries.store';
import { DAY, HOUR, T0, queryOf, seriesKey, sqliteFileForTests } from './timeseries.testing';
import type { Point } from './timeseries.types';

const base = sqliteFileForTests('atrium-ts-readers-');
let ids: number[] = [];
beforeAll(async () => {
  // 60 series × 40 days, one point an hour, written inline on the main connection.
  const store = new SqliteTimeSeriesStore(base.db, base.sqlite);
  ids = [];
  const points: Point[] = [];
  for (let k = 0; k < 60; k++) {
    const seriesId = await store.ensureSeries(seriesKey({ address: `1/1/${k}` }));
    ids.push(seriesId);
    for (let t = T0; t < T0 + 40 * DAY; t += HOUR) {
      points.push({ seriesId, t, v: k + Math.sin(t / HOUR) / 3 });
    }
  }
  await store.writeBatch(points);
});

const wide = () => queryOf([...ids], { start: T0, stop: T0 + 40 * DAY });

/** A store that reads inline and one that reads on threads, over the same file; closed after. */
async function withStores(
  work: (inline: SqliteTimeSeriesStore, threaded: SqliteTimeSeriesStore) => Promise<void>,
) {
  const inline = new SqliteTimeSeriesStore(base.db, base.sqlite);
  const threaded = new SqliteTimeSeriesStore(base.db, base.sqlite, { readThreads: true });
  try {
    await work(inline, threaded);
  } finally {
    await Promise.all([inline.close(), threaded.close()]);
  }
}

/** The threads behind a store that reads on them. */
const readersOf = (store: SqliteTimeSeriesStore) =>
  (store as unknown as { readers: SqliteReadThreads }).readers;

describe('SQLite reader threads (decision 0051)', () => {
  it('read graphs on their own connections, split across the threads, with the same reply', async () => {
    const { sqlite } = base;
    await withStores(async (inline, threaded) => {
      const expected = await inline.queryJson(wide());
      expect(await threaded.queryJson(wide())).toEqual(expected);
      // The row reads too: Paris weeks grouped from days, and points as objects.
      const weeks = () => queryOf([...ids], { start: T0, stop: T0 + 40 * DAY, precision: '1w' });
      const expectedWeeks = await inline.query(weeks());
      const expectedPoints = await inline.query(wide());
      expect(await threaded.query(weeks())).toEqual(expectedWeeks);
      expect(await threaded.query(wide())).toEqual(expectedPoints);
      expect(expectedWeeks.series[0]?.points.length).toBeGreaterThanOrEqual(6);
      expect(expected.series).toHaveLength(60);
      expect(expected.series.every((s) => (JSON.parse(s.json) as unknown[]).length >= 40)).toBe(
        true,
      );
      // A change the main connection has not committed: the event loop's connection sees
      // it, the threads' connections do not. So the threaded read ran elsewhere.
      sqlite.exec('BEGIN');
      try {
        for (const table of ['ts_1m', 'ts_1h', 'ts_1d']) {
          sqlite
            .prepare(`UPDATE ${table} SET sum = sum + 1000 * count WHERE series = ?`)
            .run(ids[0]);
        }
        const onLoop = await inline.queryJson(wide());
        expect(onLoop.series[0]?.json).not.toBe(expected.series[0]?.json);
        expect(await threaded.queryJson(wide())).toEqual(expected);
        expect(await inline.query(weeks())).not.toEqual(expectedWeeks);
        expect(await threaded.query(weeks())).toEqual(expectedWeeks);
        expect(await inline.query(wide())).not.toEqual(expectedPoints);
        expect(await threaded.query(wide())).toEqual(expectedPoints);
      } finally {
        sqlite.exec('ROLLBACK');
      }
    });
  });

  it('hand each part to the least busy thread and give every statement its own rows', async () => {
    const { db } = base;
    const readers = new SqliteReadThreads(base.file, 2);
    try {
      const query = (series: number) =>
        db
          .selectFrom('ts_1d')
          .select(['series', 'bucket'])
          .where('series', '=', series)
          .orderBy('bucket')
          .compile();
      const rows = await Promise.all(ids.slice(0, 8).map((id) => readers.all(query(id))));
      rows.forEach((r, i) => {
        expect(r.length).toBeGreaterThanOrEqual(40);
        expect(r.every((row) => row.series === ids[i])).toBe(true);
      });
      // A statement that fails rejects its own read and leaves the threads usable.
      await expect(
        readers.all(
          db
            .selectFrom('no_such_table' as 'ts_1d')
            .selectAll()
            .compile(),
        ),
      ).rejects.toThrow(/no such table/);
      expect(readers.usable).toBe(true);
      expect(await readers.all(query(ids[0] ?? 0))).toHaveLength(rows[0]?.length ?? -1);
    } finally {
      await readers.close();
    }
    expect(readers.usable).toBe(false);
  });

  it('check the text beside the read, and leave text that needs mending to the caller', async () => {
    const { db } = base;
    const readers = new SqliteReadThreads(base.file, 1);
    try {
      const text = (json: string) =>
        readers.all(
          sql<{ json: string; ready?: boolean }>`SELECT ${json} AS json`.compile(db),
          'json',
        );
      expect((await text('[{"x":1,"y":2},{"x":3,"y":4.5}]'))[0]?.ready).toBe(true);
      expect((await text('[{"x":3,"y":2},{"x":1,"y":4.5}]'))[0]?.ready).toBe(false);
      expect((await text('[{"x":1,"y":9.0e+999}]'))[0]?.ready).toBe(false);
    } finally {
      await readers.close();
    }
  });

  it('take a burst of wide reads from many clients at once and hold nothing after it', async () => {
    await withStores(async (inline, threaded) => {
      const expected = await inline.queryJson(wide());
      const burst = await Promise.all(Array.from({ length: 24 }, () => threaded.queryJson(wide())));
      for (const reply of burst) expect(reply).toEqual(expected);
      // Every read settled: no reply waits in the pool, no thread counts a read under way.
      const readers = readersOf(threaded);
      const inside = readers as unknown as {
        pending: Map<number, unknown>;
        threads: { busy: number }[];
      };
      expect(readers.usable).toBe(true);
      expect(inside.pending.size).toBe(0);
      expect(inside.threads.map((t) => t.busy)).toEqual(inside.threads.map(() => 0));
      expect(inside.threads.length).toBe(readers.size);
    });
  });

  it('fall back to the main connection once a thread is gone', async () => {
    await withStores(async (inline, threaded) => {
      const expected = await inline.queryJson(wide());
      await threaded.queryJson(wide()); // starts the threads
      // A thread ends under a read under way, as a crash would: the caller sees no failure.
      const readers = readersOf(threaded);
      const { threads } = readers as unknown as { threads: { worker: Worker }[] };
      const during = threaded.queryJson(wide());
      await threads[0]?.worker.terminate();
      expect(await during).toEqual(expected);
      expect(readers.usable).toBe(false);
      // And the reads after it run on the main connection.
      expect(await threaded.queryJson(wide())).toEqual(expected);
    });
  });
});

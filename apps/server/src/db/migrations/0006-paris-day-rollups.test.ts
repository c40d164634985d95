import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { HOUR, seriesKey } from '../../modules/timeseries/timeseries.testing';
import { migrateToLatest } from '../database';
import { migrations } from './index';

let t: TestServer;
beforeAll(async () => (t = await startTestServer()));
afterAll(() => t.close());

const utc = Date.UTC;
const DAY = 24 * HOUR;

/** The day rollups of a series as stored. */
const dayRows = (series: number) =>
  t.app.db
    .selectFrom('ts_1d')
    .select(['bucket', 'count', 'sum', 'min', 'max'])
    .where('series', '=', series)
    .orderBy('bucket')
    .execute();

describe(`migration 0006: day rollups in Paris time (${process.env.ATRIUM_TEST_DB ?? 'sqlite'})`, () => {
  it('rebuilds the day rollups from the hours: UTC days when undone, Paris days when applied', async () => {
    const store = t.modules.timeseries.store;
    const s = await store.ensureSeries(seriesKey());
    // Every hour around both 2026 changes of time, so UTC and Paris days cut them differently.
    const hours = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ seriesId: s, t: from + i * HOUR, v: i % 10 }));
    const points = [...hours(utc(2026, 2, 28, 12), 48), ...hours(utc(2026, 9, 24, 12), 48)];
    await store.writeBatch(points);
    const parisDays = await dayRows(s);
    expect(parisDays.map((r) => [r.bucket, r.count])).toEqual([
      [utc(2026, 2, 27, 23), 11],
      [utc(2026, 2, 28, 23), 23],
      [utc(2026, 2, 29, 22), 14],
      [utc(2026, 9, 23, 22), 10],
      [utc(2026, 9, 24, 22), 25],
      [utc(2026, 9, 25, 23), 13],
    ]);

    const migrator = new Migrator({
      db: t.app.db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    // Back to just before 0006 (later migrations are undone first).
    const down = await migrator.migrateTo('0005-monitoring');
    expect(down.error).toBeUndefined();
    expect(down.results).toContainEqual({
      migrationName: '0006-paris-day-rollups',
      direction: 'Down',
      status: 'Success',
    });
    // Before 0006, days were UTC days: what a database of that time holds.
    const utcDays = [...new Set(points.map((p) => p.t - (p.t % DAY)))];
    expect((await dayRows(s)).map((r) => [r.bucket, r.count])).toEqual(
      utcDays.map((day) => [day, points.filter((p) => p.t - (p.t % DAY) === day).length]),
    );

    expect(await migrateToLatest(t.app.db)).toContain('0006-paris-day-rollups');
    expect(await dayRows(s)).toEqual(parisDays);
    // The scratch table is gone.
    await expect(sql`SELECT 1 FROM ts_paris_hours`.execute(t.app.db)).rejects.toThrow();
  });
});

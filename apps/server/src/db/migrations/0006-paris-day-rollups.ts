import { sql, type Kysely } from 'kysely';
import { parisDayStart } from '../../lib/paris-time';

/** Hours mapped per INSERT: two parameters each, under SQLite's and PostgreSQL's limits. */
const CHUNK = 500;
const DAY = 86_400_000;

/** Runs `work` in a transaction: PostgreSQL's migrations already run in one, SQLite's do not. */
const atomically = (db: Kysely<unknown>, work: (trx: Kysely<unknown>) => Promise<void>) =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/**
 * Day rollups become Paris calendar days (decision 0009): `ts_1d` is rebuilt from the
 * hour rollups, keyed by the instant of 00:00 in Paris. SQLite has no time-zone data,
 * so the server maps each hour that holds data to its Paris day in a scratch table,
 * and one grouped INSERT does the rest. `ts_raw` and its partitions are untouched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async (trx) => {
    await sql`CREATE TABLE ts_paris_hours (hour bigint PRIMARY KEY, day bigint NOT NULL)`.execute(
      trx,
    );
    const { rows } = await sql<{ hour: number }>`SELECT DISTINCT bucket AS hour FROM ts_1h`.execute(
      trx,
    );
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = rows
        .slice(i, i + CHUNK)
        .map(({ hour }) => sql`(${Number(hour)}, ${parisDayStart(Number(hour))})`);
      await sql`INSERT INTO ts_paris_hours (hour, day) VALUES ${sql.join(values)}`.execute(trx);
    }
    await sql`DELETE FROM ts_1d`.execute(trx);
    await sql`INSERT INTO ts_1d (series, bucket, count, sum, min, max)
      SELECT h.series, m.day, SUM(h.count), SUM(h.sum), MIN(h.min), MAX(h.max)
      FROM ts_1h h JOIN ts_paris_hours m ON m.hour = h.bucket
      GROUP BY h.series, m.day`.execute(trx);
    await sql`DROP TABLE ts_paris_hours`.execute(trx);
  });
}

/** Back to UTC days, rebuilt from the hour rollups the same way. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async (trx) => {
    await sql`DELETE FROM ts_1d`.execute(trx);
    await sql`INSERT INTO ts_1d (series, bucket, count, sum, min, max)
      SELECT series, (bucket / ${sql.lit(DAY)}) * ${sql.lit(DAY)}, SUM(count), SUM(sum),
        MIN(min), MAX(max)
      FROM ts_1h GROUP BY 1, 2`.execute(trx);
  });
}

import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

const ROLLUPS = ['ts_1m', 'ts_1h', 'ts_1d'];

/**
 * PostgreSQL: room in every page of the rollup tables (decision 0052). Each batch updates
 * the current minute, hour and day of every series it holds; with the default full pages
 * each update writes its new row version on another page and a new entry in the primary
 * key. With room left, the new version stays on its page (a heap-only tuple) and the index
 * is not touched. Pages written from now on keep the room; SQLite has no such setting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of ROLLUPS) {
    await sql.raw(`ALTER TABLE ${table} SET (fillfactor = 50)`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of ROLLUPS) await sql.raw(`ALTER TABLE ${table} RESET (fillfactor)`).execute(db);
}

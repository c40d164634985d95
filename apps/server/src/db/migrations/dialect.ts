import { sql, type Kysely } from 'kysely';

/** Whether a migration runs on PostgreSQL: compiled placeholders are `$1` there, `?` on SQLite. */
export const isPostgres = (db: Kysely<unknown>) => sql`${0}`.compile(db).sql === '$1';

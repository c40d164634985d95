import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { migrations } from './migrations/index';
import { AtriumSqliteDialect } from './sqlite-driver';
import { WRITE_GATE_WAIT_MS, WriteGate } from './write-gate';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type DbKind = Config['database']['kind'];

// PostgreSQL returns BIGINT (int8) as strings; every bigint here is an epoch-ms or a count.
pg.types.setTypeParser(20, (v) => Number(v));

// The better-sqlite3 handle behind each SQLite Db, for hot paths that need prepared statements.
const sqliteHandles = new WeakMap<Db, SQLite.Database>();

/** The raw better-sqlite3 handle of a Db opened on SQLite; undefined on PostgreSQL. */
export const sqliteHandleOf = (db: Db): SQLite.Database | undefined => sqliteHandles.get(db);

const writeGates = new WeakMap<Db, WriteGate>();

/**
 * The write turn of a Db opened on SQLite (decision 0059): what writes around Kysely (raw
 * statements, other threads on the same file) waits for it; undefined on PostgreSQL.
 */
export const writeGateOf = (db: Db): WriteGate | undefined => writeGates.get(db);

/**
 * Opens the configured database: a SQLite file in WAL mode, or a PostgreSQL pool. A thread
 * writing the same file as another passes that one's gate (`writeGate`, its buffer).
 */
export function openDatabase(
  config: Config['database'],
  options: { writeGate?: SharedArrayBuffer } = {},
): Db {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolMax ?? 10 });
    // An idle client's broken connection (server restart, a test dropping its database)
    // must not crash the process: the pool already discarded it; the next query reconnects.
    pool.on('error', () => {});
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${WRITE_GATE_WAIT_MS}`);
  const gate = new WriteGate(options.writeGate);
  const db = new Kysely<Database>({ dialect: new AtriumSqliteDialect(sqlite, gate) });
  sqliteHandles.set(db, sqlite);
  writeGates.set(db, gate);
  return db;
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Brings the schema to the latest numbered migration; throws on any failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return (results ?? []).map((r) => r.migrationName);
}

import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

const ROLLUPS = ['ts_1m', 'ts_1h', 'ts_1d'];

/** SQLite: every table clustered on its primary key (WITHOUT ROWID), so a range is one scan. */
const SQLITE = [
  `CREATE TABLE ts_series (id INTEGER PRIMARY KEY AUTOINCREMENT, project_id TEXT NOT NULL,
    gateway_mac TEXT NOT NULL, address TEXT NOT NULL, kind TEXT NOT NULL, created_at INTEGER NOT NULL)`,
  `CREATE TABLE ts_raw (series INTEGER NOT NULL, t INTEGER NOT NULL, v REAL NOT NULL,
    PRIMARY KEY (series, t)) WITHOUT ROWID`,
  ...ROLLUPS.map(
    (table) => `CREATE TABLE ${table} (series INTEGER NOT NULL, bucket INTEGER NOT NULL,
    count INTEGER NOT NULL, sum REAL NOT NULL, min REAL NOT NULL, max REAL NOT NULL,
    PRIMARY KEY (series, bucket)) WITHOUT ROWID`,
  ),
];

/**
 * PostgreSQL: raw points partitioned by month of `t` (epoch ms); the store creates
 * monthly partitions on demand, and the default partition catches anything else.
 */
const POSTGRES = [
  `CREATE TABLE ts_series (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    project_id text NOT NULL, gateway_mac text NOT NULL, address text NOT NULL,
    kind text NOT NULL, created_at bigint NOT NULL)`,
  `CREATE TABLE ts_raw (series integer NOT NULL, t bigint NOT NULL, v double precision NOT NULL,
    PRIMARY KEY (series, t)) PARTITION BY RANGE (t)`,
  'CREATE TABLE ts_raw_default PARTITION OF ts_raw DEFAULT',
  ...ROLLUPS.map(
    (table) => `CREATE TABLE ${table} (series integer NOT NULL, bucket bigint NOT NULL,
    count bigint NOT NULL, sum double precision NOT NULL, min double precision NOT NULL,
    max double precision NOT NULL, PRIMARY KEY (series, bucket))`,
  ),
];

/** Time series: series, raw points and their 1 min / 1 h / 1 day rollups. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const ddl of isPostgres(db) ? POSTGRES : SQLITE) await sql.raw(ddl).execute(db);
  // Leads with project_id, so it also serves "every series of a project" (pruning).
  await sql`CREATE UNIQUE INDEX ts_series_key ON ts_series (project_id, gateway_mac, address, kind)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Dropping ts_raw drops its partitions with it.
  for (const t of ['ts_1d', 'ts_1h', 'ts_1m', 'ts_raw', 'ts_series']) {
    await db.schema.dropTable(t).execute();
  }
}

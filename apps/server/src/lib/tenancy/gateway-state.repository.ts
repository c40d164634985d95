import type { Updateable } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { GatewayTable } from '../../db/schema';

/** A coalesced write of presence and info columns for one gateway. */
export type GatewayPatch = Pick<
  Updateable<GatewayTable>,
  | 'online'
  | 'last_online'
  | 'last_connection'
  | 'ip'
  | 'volt'
  | 'busload'
  | 'protect'
  | 'version'
  | 'vpn_online'
  | 'vpn_last_connection'
  | 'step'
  | 'pooltype'
  | 'pending_init'
  | 'waiting_update'
  | 'initpswds'
>;

/**
 * Who commits the hub's patches off the event loop: on SQLite in the server, the
 * time-series writer thread (decision records 0010 and 0012). app.ts hands it to the hub.
 */
export interface GatewayPatchWriter {
  applyGatewayPatches(patches: Map<string, GatewayPatch>, bump: (string | null)[]): Promise<void>;
}

const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/** A prepared statement, kept per database and SQL text (patches come in a handful of shapes). */
function prepared(sqlite: SQLite.Database, text: string): SQLite.Statement {
  let cache = statements.get(sqlite);
  if (!cache) statements.set(sqlite, (cache = new Map<string, SQLite.Statement>()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = sqlite.prepare(text)));
  return statement;
}

/**
 * The SQLite path of the hub's gateway state writes, run on the main connection or by the
 * writer thread on its own: one synchronous transaction of prepared statements. Column
 * names come from GatewayPatch's keys (code, never input); values are bound. `bump` lists
 * the teams whose revision moves (see team-revisions.repository.ts).
 */
export function applyGatewayPatchesSqlite(
  sqlite: SQLite.Database,
  patches: Map<string, GatewayPatch>,
  bump: (string | null)[],
) {
  const now = Date.now();
  const run = sqlite.transaction(() => {
    for (const [mac, patch] of patches) {
      const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
      const set = [...entries.map(([k]) => `${k} = ?`), 'updated_at = ?'].join(', ');
      prepared(sqlite, `UPDATE gateways SET ${set} WHERE mac = ?`).run(
        ...entries.map(([, v]) => v as unknown),
        now,
        mac,
      );
    }
    const teams = [...new Set(bump)].filter((t): t is string => typeof t === 'string').sort();
    const upsert = prepared(
      sqlite,
      'INSERT INTO team_revisions (team_id, revision) VALUES (?, 1) ' +
        'ON CONFLICT (team_id) DO UPDATE SET revision = revision + 1',
    );
    for (const team of teams) upsert.run(team);
  });
  // IMMEDIATE: the write lock is taken (or waited for) up front; the time-series writer
  // thread writes to the same file on its own connection.
  run.immediate();
}

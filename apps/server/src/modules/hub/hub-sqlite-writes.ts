import type SQLite from 'better-sqlite3';
import type { GatewayPatch } from './hub.repository';

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
 * SQLite path of HubRepository.applyPatches: one synchronous transaction of
 * prepared statements. Column names come from GatewayPatch's keys (code, never
 * input); values are bound.
 */
export function applySqlite(
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

import type { Updateable } from 'kysely';
import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
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

/**
 * Columns a gateway's report only fills in: the cloud owns them once set (decision 0047). The
 * pool type is chosen in the console and sent to the gateway; a report queued before that
 * change must not write the old type back.
 */
const FILL_ONLY: ReadonlySet<string> = new Set<keyof GatewayPatch>(['pooltype']);

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
      const set = [
        ...entries.map(([k]) => (FILL_ONLY.has(k) ? `${k} = COALESCE(${k}, ?)` : `${k} = ?`)),
        'updated_at = ?',
      ].join(', ');
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

/** The PostgreSQL type of each column a patch may set (the record `jsonb_to_recordset` reads). */
const PATCH_COLUMNS: Record<keyof GatewayPatch, string> = {
  online: 'integer',
  last_online: 'bigint',
  last_connection: 'bigint',
  ip: 'text',
  volt: 'double precision',
  busload: 'double precision',
  protect: 'integer',
  version: 'text',
  vpn_online: 'integer',
  vpn_last_connection: 'bigint',
  step: 'text',
  pooltype: 'text',
  pending_init: 'integer',
  waiting_update: 'integer',
  initpswds: 'integer',
};
const isPatchColumn = (k: string): k is keyof GatewayPatch => Object.hasOwn(PATCH_COLUMNS, k);

/**
 * The PostgreSQL path, inside the caller's transaction: the rows locked first in MAC order
 * (two nodes writing the same gateways wait for each other instead of deadlocking), then one
 * UPDATE per shape of patch (an info, a presence change, both…) from a JSON array, instead of
 * one round trip per gateway while holding the locks (decision 0041).
 */
export async function applyGatewayPatchesPostgres(
  trx: Db,
  patches: Map<string, GatewayPatch>,
): Promise<void> {
  const macs = [...patches.keys()].sort();
  if (macs.length === 0) return;
  await sql`SELECT 1 FROM gateways WHERE mac = ANY(${macs}::text[]) ORDER BY mac FOR UPDATE`.execute(
    trx,
  );
  const shapes = new Map<string, { columns: (keyof GatewayPatch)[]; rows: object[] }>();
  for (const mac of macs) {
    const patch = patches.get(mac) ?? {};
    const columns = Object.keys(patch)
      .filter(isPatchColumn)
      .filter((k) => patch[k] !== undefined)
      .sort();
    const key = columns.join(',');
    let shape = shapes.get(key);
    if (!shape) shapes.set(key, (shape = { columns, rows: [] }));
    shape.rows.push({ ...patch, mac });
  }
  const now = Date.now();
  for (const { columns, rows } of shapes.values()) {
    // Column names and types come from PATCH_COLUMNS (code, never input); values are bound.
    const record = sql.raw(
      ['mac text', ...columns.map((c) => `${c} ${PATCH_COLUMNS[c]}`)].join(', '),
    );
    const set = sql.raw(
      [
        ...columns.map((c) =>
          FILL_ONLY.has(c) ? `${c} = COALESCE(g.${c}, v.${c})` : `${c} = v.${c}`,
        ),
        'updated_at = ',
      ].join(', '),
    );
    await sql`UPDATE gateways AS g SET ${set}${now}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(${record})
      WHERE g.mac = v.mac`.execute(trx);
  }
}

import type SQLite from 'better-sqlite3';
import { sqliteHandleOf, writeGateOf, type Db } from '../../db/database';
import {
  applyGatewayPatchesPostgres,
  applyGatewayPatchesSqlite,
  type GatewayPatch,
  type GatewayPatchWriter,
} from '../../lib/tenancy/gateway-state.repository';
import { bumpTeams } from '../../lib/tenancy/team-revisions.repository';

/** What the hub needs to know about a gateway, looked up by MAC. */
export interface GatewayIdentity {
  id: string;
  mac: string;
  type: string;
  virtual: boolean;
  version: string | null;
  projectId: string | null;
  teamId: string | null;
  secretHash: string | null;
  pendingInit: boolean;
  /**
   * What waited for the gateway when this row was read alone (`identity`): a queued update,
   * a Modbus configuration it missed, addresses to record. An arrival reads the row this way
   * (Ingest, or the login), so its work skips the reads of what is not there; what is there
   * is still claimed in its own table, by one node. Absent from the directory's bulk
   * refreshes, which stay one plain read (then the arrival asks each table).
   */
  waiting?: { update: boolean; modbus: boolean; monitored: boolean };
}

/** A gateways row as the hub knows it. */
function identityOf(row: {
  id: string;
  mac: string;
  type: string;
  virtual: number;
  version: string | null;
  project_id: string | null;
  team_id: string | null;
  secret_hash: string | null;
  pending_init: number;
}): GatewayIdentity {
  return {
    id: row.id,
    mac: row.mac,
    type: row.type,
    virtual: row.virtual === 1,
    version: row.version,
    projectId: row.project_id,
    teamId: row.team_id,
    secretHash: row.secret_hash,
    pendingInit: row.pending_init === 1,
  };
}

/** The only place with SQL for the hub's presence, info and pending work. */
export class HubRepository {
  private readonly sqlite: SQLite.Database | undefined;

  /**
   * `writerThread`: on SQLite in the server, the time-series writer thread, which then
   * commits the gateway patches (decision record 0010); undefined while it is not running.
   */
  constructor(
    private readonly db: Db,
    private readonly writerThread?: () => GatewayPatchWriter | undefined,
  ) {
    this.sqlite = sqliteHandleOf(db);
  }

  /**
   * The identities of arriving gateways with what waits for each, in one query (a cold start
   * reads a node's misses together: GatewayDirectory).
   */
  async arrivingIdentities(macs: string[]): Promise<GatewayIdentity[]> {
    if (macs.length === 0) return [];
    const rows = await this.identityQuery(macs)
      // The arrival's flags in the same statement: three primary-key or index probes instead
      // of three round trips per arriving gateway on every node.
      .select((eb) => [
        eb
          .exists(
            eb
              .selectFrom('gateway_pending_updates as u')
              .select('u.gateway_id')
              .whereRef('u.gateway_id', '=', 'g.id'),
          )
          .as('update_waiting'),
        eb
          .exists(
            eb
              .selectFrom('modbus_pending as mp')
              .select('mp.gateway_id')
              .whereRef('mp.gateway_id', '=', 'g.id'),
          )
          .as('modbus_waiting'),
        // As MonitoredRepository.listRecorded: none while the project's recording is paused.
        eb
          .exists(
            eb
              .selectFrom('monitored_addresses as m')
              .innerJoin('projects as p', 'p.id', 'm.project_id')
              .select('m.address')
              .whereRef('m.gateway_mac', '=', 'g.mac')
              .whereRef('m.project_id', '=', 'g.project_id')
              .where('p.logger_pause', '=', 0),
          )
          .as('monitored'),
      ])
      .execute();
    // PostgreSQL gives booleans, SQLite 0 or 1.
    return rows.map((row) => ({
      ...identityOf(row),
      waiting: {
        update: Boolean(row.update_waiting),
        modbus: Boolean(row.modbus_waiting),
        monitored: Boolean(row.monitored),
      },
    }));
  }

  /** The identities of these gateways (those that exist), in one query (without `waiting`). */
  async identities(macs: string[]): Promise<GatewayIdentity[]> {
    if (macs.length === 0) return [];
    return (await this.identityQuery(macs).execute()).map(identityOf);
  }

  /** Each of these gateways' stored online flag (those that exist), in one query. */
  async onlineFlags(macs: string[]): Promise<Map<string, boolean>> {
    if (macs.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('gateways')
      .select(['mac', 'online'])
      .where('mac', 'in', macs)
      .execute();
    return new Map(rows.map((r) => [r.mac, Boolean(r.online)]));
  }

  private identityQuery(macs: string[]) {
    return this.db
      .selectFrom('gateways as g')
      .select(['id', 'mac', 'type', 'virtual', 'version', 'project_id', 'team_id', 'secret_hash'])
      .select('pending_init')
      .where('mac', 'in', macs);
  }

  /**
   * Applies coalesced patches in one transaction; `bump` lists the teams whose
   * cached gateway tables change (online, version, step, protect are shown there).
   */
  async applyPatches(patches: Map<string, GatewayPatch>, bump: (string | null)[]) {
    const thread = this.writerThread?.();
    if (thread) return thread.applyGatewayPatches(patches, bump);
    const sqlite = this.sqlite;
    if (sqlite) {
      // One synchronous transaction while holding Kysely's single connection: a thousand
      // updates take milliseconds instead of holding the connection for many event-loop turns.
      // In the file's turn to write (decision 0059).
      const apply = () => applyGatewayPatchesSqlite(sqlite, patches, bump);
      const gate = writeGateOf(this.db);
      await this.db.connection().execute(async () => (gate ? gate.run(apply) : apply()));
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      await applyGatewayPatchesPostgres(trx, patches);
      await bumpTeams(trx, bump);
    });
  }

  /** At start of the embedded broker nobody is connected yet: real gateways are offline. */
  async markAllOffline(now: number) {
    const rows = await this.db
      .selectFrom('gateways')
      .select('team_id')
      .distinct()
      .where('online', '=', 1)
      .where('virtual', '=', 0)
      .execute();
    if (rows.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('gateways')
        .set({ online: 0, last_connection: now, updated_at: now })
        .where('online', '=', 1)
        .where('virtual', '=', 0)
        .execute();
      await bumpTeams(
        trx,
        rows.map((r) => r.team_id),
      );
    });
  }

  /** Gateways the server runs itself: virtual ones, and these (the seeded demo's live ones). */
  listRunnable(macs: readonly string[]) {
    return this.db
      .selectFrom('gateways')
      .select(['mac', 'type', 'version', 'protect', 'pooltype', 'virtual'])
      .where((eb) =>
        macs.length
          ? eb.or([eb('virtual', '=', 1), eb('mac', 'in', [...macs])])
          : eb('virtual', '=', 1),
      )
      .execute();
  }

  /** Takes the update queued for a gateway: with several nodes, exactly one gets it. */
  async takePendingUpdate(gatewayId: string) {
    // Read first: nearly every arrival has none, and a read takes no write lock.
    const queued = await this.db
      .selectFrom('gateway_pending_updates')
      .select('gateway_id')
      .where('gateway_id', '=', gatewayId)
      .executeTakeFirst();
    if (!queued) return undefined;
    return this.db
      .deleteFrom('gateway_pending_updates')
      .where('gateway_id', '=', gatewayId)
      .returning(['version', 'branch'])
      .executeTakeFirst();
  }

  /** Claims a gateway's pending init (true for the one node that gets it); `restore` undoes it. */
  async claimPendingInit(gatewayId: string, teamId: string | null, restore = false) {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('gateways')
        .set({ pending_init: restore ? 1 : 0, updated_at: Date.now() })
        .where('id', '=', gatewayId)
        .where('pending_init', '=', restore ? 0 : 1)
        .executeTakeFirst();
      const claimed = Number(result.numUpdatedRows) === 1;
      if (claimed) await bumpTeams(trx, [teamId]);
      return claimed;
    });
  }

  async setPendingUpdate(gatewayId: string, version: string, branch: string) {
    const created_at = Date.now();
    await this.db
      .insertInto('gateway_pending_updates')
      .values({ gateway_id: gatewayId, version, branch, created_at })
      .onConflict((oc) => oc.column('gateway_id').doUpdateSet({ version, branch, created_at }))
      .execute();
  }

  permaToken(gatewayId: string, service: string) {
    return this.db
      .selectFrom('gateway_tokens')
      .select('token')
      .where('gateway_id', '=', gatewayId)
      .where('service', '=', service)
      .executeTakeFirst();
  }

  async setPermaToken(gatewayId: string, service: string, token: string) {
    const created_at = Date.now();
    await this.db
      .insertInto('gateway_tokens')
      .values({ gateway_id: gatewayId, service, token, created_at })
      .onConflict((oc) => oc.columns(['gateway_id', 'service']).doUpdateSet({ token, created_at }))
      .execute();
  }

  async deletePermaToken(gatewayId: string, service: string) {
    await this.db
      .deleteFrom('gateway_tokens')
      .where('gateway_id', '=', gatewayId)
      .where('service', '=', service)
      .execute();
  }
}

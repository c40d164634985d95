import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { VpnSessionTable } from '../../db/schema';

export type VpnSessionRow = Selectable<VpnSessionTable>;
export type CloseReason = 'disconnected' | 'expired' | 'replaced';

/** Sessions that have not ended: not closed, and `until` -1 or still ahead. */
const live = (now: number) => sql<boolean>`closed_at is null and (until = -1 or until > ${now})`;

/** The only place with SQL for remote access sessions and custom proxies. */
export class VpnRepository {
  constructor(private readonly db: Db) {}

  /** Opens a session; an open one of the same gateway ends ('replaced') in the same transaction. */
  async open(row: Insertable<VpnSessionTable>) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('vpn_sessions')
        .set({ closed_at: row.opened_at, close_reason: 'replaced' })
        .where('mac', '=', row.mac)
        .where('closed_at', 'is', null)
        .execute();
      await trx.insertInto('vpn_sessions').values(row).execute();
    });
  }

  /** Sessions as they were (the demo's history). */
  async insertPast(rows: Insertable<VpnSessionTable>[]) {
    if (rows.length) await this.db.insertInto('vpn_sessions').values(rows).execute();
  }

  /** The gateway's session that has not ended, if any. */
  liveByMac(mac: string, now: number) {
    return this.db
      .selectFrom('vpn_sessions')
      .selectAll()
      .where('mac', '=', mac)
      .where(live(now))
      .executeTakeFirst();
  }

  liveByProxyId(proxyId: string, now: number) {
    return this.db
      .selectFrom('vpn_sessions')
      .selectAll()
      .where('proxy_id', '=', proxyId)
      .where(live(now))
      .executeTakeFirst();
  }

  /** Ends the gateway's open session; false when there was none. */
  async closeByMac(mac: string, reason: CloseReason, now: number) {
    const res = await this.db
      .updateTable('vpn_sessions')
      .set({ closed_at: now, close_reason: reason, tunnel_node: null, ets_port: null })
      .where('mac', '=', mac)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /**
   * Ends every session whose `until` has passed (any node may run it: the update is
   * idempotent). It reads first and writes only when there is something to end: on SQLite a
   * write every second would wait for the write lock the telegram writer holds.
   */
  async expireDue(now: number) {
    const due = await this.db
      .selectFrom('vpn_sessions')
      .select('id')
      .where('closed_at', 'is', null)
      .where('until', '!=', -1)
      .where('until', '<=', now)
      .execute();
    if (!due.length) return;
    await this.db
      .updateTable('vpn_sessions')
      .set({ closed_at: sql`until`, close_reason: 'expired', tunnel_node: null, ets_port: null })
      .where(
        'id',
        'in',
        due.map((r) => r.id),
      )
      .where('closed_at', 'is', null)
      .execute();
  }

  /** Of these session ids, those still live. */
  async liveIds(ids: string[], now: number): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .selectFrom('vpn_sessions')
      .select('id')
      .where('id', 'in', ids)
      .where(live(now))
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The tunnel came up on `node`, from `ip`. */
  async tunnelUp(id: string, node: string, ip: string, now: number) {
    await this.db
      .updateTable('vpn_sessions')
      .set({
        tunnel_node: node,
        tunnel_ip: ip,
        last_connection: now,
        connected_at: sql`coalesce(connected_at, ${now})`,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Sessions the database says `node` holds the tunnel of (stale after a restart). */
  async heldBy(node: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('vpn_sessions')
      .select('id')
      .where('tunnel_node', '=', node)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The services the tunnel forwards now. */
  async setForwards(id: string, forwards: string[]) {
    await this.db
      .updateTable('vpn_sessions')
      .set({ forwards: [...forwards].sort().join(',') })
      .where('id', '=', id)
      .execute();
  }

  /** The project's remote access hours: the larger of its plan's and its licences'. */
  async projectVpnHours(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('projects')
      .select(['logger_vpn', 'logger_vpn_licence'])
      .where('id', '=', projectId)
      .executeTakeFirst();
    return row ? Math.max(Number(row.logger_vpn), Number(row.logger_vpn_licence)) : 0;
  }

  /** The tunnel held by `node` went down (a newer one elsewhere is left alone); its ETS port too. */
  async tunnelDown(id: string, node: string) {
    await this.db
      .updateTable('vpn_sessions')
      .set({ tunnel_node: null, ets_port: null, forwards: '' })
      .where('id', '=', id)
      .where('tunnel_node', '=', node)
      .execute();
  }

  async setProxyId(id: string, proxyId: string) {
    await this.db
      .updateTable('vpn_sessions')
      .set({ proxy_id: proxyId })
      .where('id', '=', id)
      .execute();
  }

  /** Asks for an ETS port; the node holding the tunnel opens it (etsPending). */
  async requestEts(id: string, ipv6: boolean) {
    await this.db
      .updateTable('vpn_sessions')
      .set({ ets_requested: 1, ets_ipv6: ipv6 ? 1 : 0, ets_port: null })
      .where('id', '=', id)
      .execute();
  }

  /** Sessions held by `node` that asked for an ETS port it has not opened yet. */
  etsPending(node: string, now: number) {
    return this.db
      .selectFrom('vpn_sessions')
      .select(['id', 'mac', 'ets_ipv6'])
      .where('tunnel_node', '=', node)
      .where('ets_requested', '=', 1)
      .where('ets_port', 'is', null)
      .where(live(now))
      .execute();
  }

  async setEtsPort(id: string, port: number | null) {
    await this.db
      .updateTable('vpn_sessions')
      .set({ ets_port: port })
      .where('id', '=', id)
      .execute();
  }

  /** Adds traffic and what was reached to the session log. */
  async addUsage(id: string, bytesIn: number, bytesOut: number, reached: string[]) {
    const row = await this.db
      .selectFrom('vpn_sessions')
      .select('reached')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return;
    const all = new Set([...row.reached.split(',').filter(Boolean), ...reached]);
    await this.db
      .updateTable('vpn_sessions')
      .set({
        bytes_in: sql`bytes_in + ${bytesIn}`,
        bytes_out: sql`bytes_out + ${bytesOut}`,
        reached: [...all].sort().join(','),
      })
      .where('id', '=', id)
      .execute();
  }

  /** The gateway's sessions, newest first, with the e-mail of who opened each. */
  log(gatewayId: string, limit: number) {
    return this.db
      .selectFrom('vpn_sessions')
      .leftJoin('users', 'users.id', 'vpn_sessions.opened_by')
      .selectAll('vpn_sessions')
      .select('users.email')
      .where('gateway_id', '=', gatewayId)
      .orderBy('opened_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Projects with ended sessions opened before `cutoff` (a read: most sweeps find none). */
  async projectsWithSessionsBefore(cutoff: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('vpn_sessions')
      .select('project_id')
      .distinct()
      .where('closed_at', 'is not', null)
      .where('opened_at', '<', cutoff)
      .execute();
    return rows.flatMap((r) => (r.project_id ? [r.project_id] : []));
  }

  /** Deletes the project's ended sessions opened before `cutoff` (plan retention). */
  async prune(projectId: string, cutoff: number) {
    await this.db
      .deleteFrom('vpn_sessions')
      .where('project_id', '=', projectId)
      .where('closed_at', 'is not', null)
      .where('opened_at', '<', cutoff)
      .execute();
  }

  customProxy(gatewayId: string) {
    return this.db
      .selectFrom('vpn_custom_proxies')
      .selectAll()
      .where('gateway_id', '=', gatewayId)
      .executeTakeFirst();
  }

  customProxyBySubdomain(subdomain: string) {
    return this.db
      .selectFrom('vpn_custom_proxies')
      .innerJoin('gateways', 'gateways.id', 'vpn_custom_proxies.gateway_id')
      .select(['vpn_custom_proxies.url', 'gateways.mac'])
      .where('subdomain', '=', subdomain)
      .executeTakeFirst();
  }

  async saveCustomProxy(gatewayId: string, url: string, subdomain: string, now: number) {
    await this.db
      .insertInto('vpn_custom_proxies')
      .values({ gateway_id: gatewayId, url, subdomain, updated_at: now })
      .onConflict((oc) => oc.column('gateway_id').doUpdateSet({ url, updated_at: now }))
      .execute();
  }
}

import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { PoolConfigTable } from '../../db/schema';

export type PoolConfigRow = Selectable<PoolConfigTable>;

/** Every query of the pool module (issue 19). */
export class PoolRepository {
  constructor(private readonly db: Db) {}

  get(gatewayId: string): Promise<PoolConfigRow | undefined> {
    return this.db
      .selectFrom('pool_configs')
      .selectAll()
      .where('gateway_id', '=', gatewayId)
      .executeTakeFirst();
  }

  /** Creates the row or replaces it whole. */
  async put(row: Insertable<PoolConfigTable>) {
    const rest: Updateable<PoolConfigTable> = { ...row };
    delete rest.gateway_id;
    await this.db
      .insertInto('pool_configs')
      .values(row)
      .onConflict((oc) => oc.column('gateway_id').doUpdateSet(rest))
      .execute();
  }

  async patch(gatewayId: string, patch: Updateable<PoolConfigTable>) {
    await this.db
      .updateTable('pool_configs')
      .set(patch)
      .where('gateway_id', '=', gatewayId)
      .execute();
  }

  /** The gateway acknowledged request `at`: synced, unless a later change marked it again. */
  async clearPending(gatewayId: string, at: number) {
    await this.db
      .updateTable('pool_configs')
      .set({ pending_at: null })
      .where('gateway_id', '=', gatewayId)
      .where('pending_at', '=', at)
      .execute();
  }

  /** Takes the mark on the gateway's arrival: with several nodes, exactly one gets it. */
  async takePending(gatewayId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('pool_configs')
      .select('pending_at')
      .where('gateway_id', '=', gatewayId)
      .executeTakeFirst();
    const at = row?.pending_at;
    if (at === null || at === undefined) return null;
    const taken = await this.db
      .updateTable('pool_configs')
      .set({ pending_at: null })
      .where('gateway_id', '=', gatewayId)
      .where('pending_at', '=', at)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0 ? Number(at) : null;
  }

  /** The live values of the gateway's last `pool` message and the vendor's state. */
  async saveLive(
    gatewayId: string,
    live: {
      live: string;
      last_update: number;
      vendor_state: string;
      vendor_at: number;
      vendor_retry_at: number | null;
    },
  ) {
    await this.db
      .updateTable('pool_configs')
      .set(live)
      .where('gateway_id', '=', gatewayId)
      .execute();
  }
}

import type { Db } from '../../db/database';
import type { MeterRow, NewMeterRow, NewValueRow, ValueRow } from './modbus-rows';

/** One save: every write of it lands, or none (a list, a wizard save, a CSV import). */
export interface ModbusChanges {
  meters?: NewMeterRow[];
  values?: NewValueRow[];
  deleteMeters?: string[];
  deleteValues?: string[];
}

/** What the graph dialog names a recorded value with. */
export interface ValueRefRow {
  id: string;
  meter_id: string;
  gateway_mac: string;
  name: string;
  unit: string;
  meter_name: string;
}

/** What an update of a value sets: everything but its keys and creation time. */
const valueChanges = (v: NewValueRow) => ({
  meter_id: v.meter_id,
  gateway_mac: v.gateway_mac,
  name: v.name,
  unit: v.unit,
  register_address: v.register_address,
  word_length: v.word_length,
  function_code: v.function_code,
  unit_id: v.unit_id,
  scale_factor: v.scale_factor,
  data_type: v.data_type,
  swap_bytes: v.swap_bytes,
  swap_words: v.swap_words,
  updated_at: v.updated_at,
});

/** The only place with SQL for Modbus meters, values and the configurations still to send. */
export class ModbusRepository {
  constructor(private readonly db: Db) {}

  /** The project's meters, of one gateway when `mac` is given. */
  meters(projectId: string, mac?: string): Promise<MeterRow[]> {
    let q = this.db.selectFrom('modbus_meters').selectAll().where('project_id', '=', projectId);
    if (mac) q = q.where('gateway_mac', '=', mac);
    return q.orderBy('name').orderBy('id').execute();
  }

  meter(projectId: string, id: string): Promise<MeterRow | undefined> {
    return this.db
      .selectFrom('modbus_meters')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The project's values, of one gateway when `mac` is given. */
  values(projectId: string, mac?: string): Promise<ValueRow[]> {
    let q = this.db.selectFrom('modbus_values').selectAll().where('project_id', '=', projectId);
    if (mac) q = q.where('gateway_mac', '=', mac);
    return q.orderBy('name').orderBy('id').execute();
  }

  value(projectId: string, id: string): Promise<ValueRow | undefined> {
    return this.db
      .selectFrom('modbus_values')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Each value of the project with its meter's name. */
  valueRefs(projectId: string): Promise<ValueRefRow[]> {
    return this.db
      .selectFrom('modbus_values as v')
      .innerJoin('modbus_meters as m', 'm.id', 'v.meter_id')
      .select(['v.id', 'v.meter_id', 'v.gateway_mac', 'v.name', 'v.unit', 'm.name as meter_name'])
      .where('v.project_id', '=', projectId)
      .orderBy('m.name')
      .orderBy('v.name')
      .execute();
  }

  /**
   * Applies a save in one transaction, every write bound to the project: an id of another
   * project is neither updated nor deleted. A meter's values follow it to its gateway.
   */
  async apply(projectId: string, c: ModbusChanges): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (c.deleteValues?.length) {
        await trx
          .deleteFrom('modbus_values')
          .where('project_id', '=', projectId)
          .where('id', 'in', c.deleteValues)
          .execute();
      }
      if (c.deleteMeters?.length) {
        await trx
          .deleteFrom('modbus_values')
          .where('project_id', '=', projectId)
          .where('meter_id', 'in', c.deleteMeters)
          .execute();
        await trx
          .deleteFrom('modbus_meters')
          .where('project_id', '=', projectId)
          .where('id', 'in', c.deleteMeters)
          .execute();
      }
      for (const m of c.meters ?? []) {
        const changes = {
          gateway_mac: m.gateway_mac,
          name: m.name,
          ip: m.ip,
          port: m.port,
          enabled: m.enabled,
          interval: m.interval,
          updated_at: m.updated_at,
        };
        await trx
          .insertInto('modbus_meters')
          .values(m)
          .onConflict((oc) =>
            oc.column('id').doUpdateSet(changes).where('modbus_meters.project_id', '=', projectId),
          )
          .execute();
        await trx
          .updateTable('modbus_values')
          .set({ gateway_mac: m.gateway_mac })
          .where('meter_id', '=', m.id)
          .where('gateway_mac', '<>', m.gateway_mac)
          .execute();
      }
      for (const v of c.values ?? []) {
        await trx
          .insertInto('modbus_values')
          .values(v)
          .onConflict((oc) =>
            oc
              .column('id')
              .doUpdateSet(valueChanges(v))
              .where('modbus_values.project_id', '=', projectId),
          )
          .execute();
      }
    });
  }

  // --- configurations still to send ------------------------------------------------------

  /** Marks the gateway's configuration as not yet sent; `at` names this request. */
  async markPending(gatewayId: string, at: number) {
    await this.db
      .insertInto('modbus_pending')
      .values({ gateway_id: gatewayId, requested_at: at })
      .onConflict((oc) => oc.column('gateway_id').doUpdateSet({ requested_at: at }))
      .execute();
  }

  /** The gateway acknowledged request `at`: unmarked, unless a later save marked it again. */
  async clearPending(gatewayId: string, at: number) {
    await this.db
      .deleteFrom('modbus_pending')
      .where('gateway_id', '=', gatewayId)
      .where('requested_at', '=', at)
      .execute();
  }

  /** Takes the mark on the gateway's arrival: with several nodes, exactly one gets it. */
  async takePending(gatewayId: string): Promise<boolean> {
    const marked = await this.db
      .selectFrom('modbus_pending')
      .select('gateway_id')
      .where('gateway_id', '=', gatewayId)
      .executeTakeFirst();
    if (!marked) return false;
    const taken = await this.db
      .deleteFrom('modbus_pending')
      .where('gateway_id', '=', gatewayId)
      .returning('gateway_id')
      .executeTakeFirst();
    return taken !== undefined;
  }

  async isPending(gatewayId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('modbus_pending')
      .select('gateway_id')
      .where('gateway_id', '=', gatewayId)
      .executeTakeFirst();
    return row !== undefined;
  }
}

import type { Insertable, Selectable } from 'kysely';
import {
  MODBUS_LIMITS,
  type ModbusMeter,
  type ModbusReadSpec,
  type ModbusValue,
} from '@atrium/contracts/modbus';
import type { ModbusMeterTable, ModbusValueTable } from '../../db/schema';

export type MeterRow = Selectable<ModbusMeterTable>;
export type ValueRow = Selectable<ModbusValueTable>;
export type NewMeterRow = Insertable<ModbusMeterTable>;
export type NewValueRow = Insertable<ModbusValueTable>;

/** What a meter is saved with, whichever call sends it. */
export interface MeterFields {
  gatewayMac: string;
  name: string;
  network: { ip: string; port: number };
  enabled?: boolean | undefined;
  interval?: number | undefined;
}

/** What a value is saved with, whichever call sends it. */
export interface ValueFields {
  meterId: string;
  name: string;
  unit?: string | null | undefined;
  options: ModbusReadSpec;
}

/** The stored row of a meter; absent fields keep `before`'s, else the defaults. */
export function meterRow(
  projectId: string,
  id: string,
  m: MeterFields,
  now: number,
  before?: MeterRow,
): NewMeterRow {
  return {
    id,
    project_id: projectId,
    gateway_mac: m.gatewayMac,
    name: m.name,
    ip: m.network.ip,
    port: m.network.port,
    enabled: m.enabled === undefined ? (before?.enabled ?? 1) : m.enabled ? 1 : 0,
    interval: m.interval ?? before?.interval ?? MODBUS_LIMITS.defaultIntervalSeconds,
    created_at: before?.created_at ?? now,
    updated_at: now,
  };
}

/** The stored row of a value, on its meter's gateway; an absent unit keeps `before`'s. */
export function valueRow(
  projectId: string,
  id: string,
  v: ValueFields,
  gatewayMac: string,
  now: number,
  before?: ValueRow,
): NewValueRow {
  const o = v.options;
  return {
    id,
    project_id: projectId,
    meter_id: v.meterId,
    gateway_mac: gatewayMac,
    name: v.name,
    unit: v.unit ?? before?.unit ?? '',
    register_address: o.registerAddress,
    word_length: o.wordLength,
    function_code: o.functionCode,
    unit_id: o.unitID,
    scale_factor: o.scaleFactor,
    data_type: o.dataType,
    swap_bytes: o.swapBytes ? 1 : 0,
    swap_words: o.swapWords ? 1 : 0,
    created_at: before?.created_at ?? now,
    updated_at: now,
  };
}

export const toMeter = (r: NewMeterRow): ModbusMeter => ({
  id: r.id,
  gatewayMac: r.gateway_mac,
  name: r.name,
  network: { ip: r.ip, port: r.port },
  enabled: r.enabled !== 0,
  interval: r.interval,
});

/** How a stored value is read: the `modbus.config` command and the console both use it. */
export function readSpecOf(r: NewValueRow): ModbusReadSpec {
  return {
    registerAddress: r.register_address,
    wordLength: r.word_length,
    // Written through the contract's schemas only: the stored code is one of them.
    functionCode: r.function_code as ModbusReadSpec['functionCode'],
    unitID: r.unit_id,
    scaleFactor: r.scale_factor,
    dataType: r.data_type as ModbusReadSpec['dataType'],
    swapBytes: r.swap_bytes === 1,
    swapWords: r.swap_words === 1,
  };
}

export const toValue = (r: NewValueRow): ModbusValue => ({
  id: r.id,
  meterId: r.meter_id,
  name: r.name,
  unit: r.unit ?? '',
  options: readSpecOf(r),
});

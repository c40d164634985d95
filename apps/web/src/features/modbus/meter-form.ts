import {
  MODBUS_LIMITS,
  modbusMeterBody,
  type ModbusMeter,
  type ModbusMeterBody,
} from '@atrium/contracts/modbus';
import { DUPLICATE_SUFFIX, fieldErrorsOf, readInteger, type FormMode } from './form-rules';

/** The meter form as typed (document 3 §3): numbers stay text until saved. */
export interface MeterForm {
  /** Set when editing: PUT instead of POST. */
  id?: string;
  name: string;
  gatewayMac: string;
  ip: string;
  port: string;
  interval: string;
  enabled: boolean;
}

/** In the order the form and its alert list them. */
export const METER_FIELDS = ['name', 'gatewayMac', 'ip', 'port', 'interval'] as const;
export type MeterField = (typeof METER_FIELDS)[number];

/** The field names the invalid-form alert lists (document 3 §5). */
export const METER_FIELD_LABELS: Record<MeterField, { labelKey: string }> = {
  name: { labelKey: 'modbus.meter.name' },
  gatewayMac: { labelKey: 'modbus.meter.gateway' },
  ip: { labelKey: 'modbus.meter.ip' },
  port: { labelKey: 'modbus.meter.port' },
  interval: { labelKey: 'modbus.meter.interval' },
};

export const emptyMeterForm = (gatewayMac = ''): MeterForm => ({
  name: '',
  gatewayMac,
  ip: '',
  port: '502',
  interval: String(MODBUS_LIMITS.defaultIntervalSeconds),
  enabled: true,
});

/** Edit prefills the meter; duplicate drops the id and appends ' -- COPY' (document 3 §4). */
export function meterFormOf(meter: ModbusMeter, mode: Exclude<FormMode, 'create'>): MeterForm {
  return {
    ...(mode === 'edit' ? { id: meter.id } : {}),
    name: mode === 'duplicate' ? `${meter.name}${DUPLICATE_SUFFIX}` : meter.name,
    gatewayMac: meter.gatewayMac,
    ip: meter.network.ip,
    port: String(meter.network.port),
    interval: String(meter.interval),
    enabled: meter.enabled,
  };
}

/** What POST/PUT /api/project/modbus/meter sends, before the contract checks it. */
export function meterBodyOf(form: MeterForm): ModbusMeterBody {
  return {
    ...(form.id ? { id: form.id } : {}),
    name: form.name.trim(),
    gatewayMac: form.gatewayMac,
    network: { ip: form.ip.trim(), port: readInteger(form.port) },
    enabled: form.enabled,
    interval: readInteger(form.interval),
  };
}

const PATH_FIELDS: Record<string, MeterField> = {
  name: 'name',
  gatewayMac: 'gatewayMac',
  'network.ip': 'ip',
  'network.port': 'port',
  interval: 'interval',
};

const MESSAGES: Record<MeterField, string> = {
  name: 'requiredField',
  gatewayMac: 'modbus.errors.gateway',
  ip: 'modbus.errors.ip',
  port: 'modbus.errors.port',
  interval: 'modbus.errors.interval',
};

/** The contract's verdict per field, as message keys; empty when the meter can be saved. */
export function meterErrors(form: MeterForm): Partial<Record<MeterField, string>> {
  const parsed = modbusMeterBody.safeParse(meterBodyOf(form));
  return fieldErrorsOf(parsed.error?.issues ?? [], PATH_FIELDS, MESSAGES);
}

import {
  dptMainType,
  NUMERIC_THRESHOLD_TYPES,
  THRESHOLD_FIRMWARE,
  THRESHOLD_NAME_MAX,
  thresholdSchema,
  thresholdsAllowed,
  thresholdTypesAt,
  thresholdTypesFor,
  type Threshold,
  type ThresholdInput,
  type ThresholdType,
} from '@atrium/contracts/alerts';
import { valueIdOf } from '@atrium/contracts/graph';
import type { EtsAddress } from '@atrium/contracts/monitoring';
import type { GatewaySummary } from '@atrium/contracts/project';
import type { ModbusMeasurement } from './api/graph-api';

/** The threshold form as typed: the value stays text until saved. */
export interface ThresholdForm {
  /** Set when editing a stored rule: the server keeps the rule (and its alert). */
  _id?: string;
  name: string;
  gateway: string;
  address: string;
  dpt: string;
  type: ThresholdType | '';
  value: string;
  enabled: boolean;
}

export type ThresholdField = 'name' | 'gateway' | 'address' | 'dpt' | 'type' | 'value';
/** Message key per field; `form` when the contract refuses what no field explains. */
export type ThresholdErrors = Partial<Record<ThresholdField | 'form', string>>;

type GatewayFirmware = Pick<GatewaySummary, 'mac' | 'type' | 'version'>;

/** Why a gateway cannot carry thresholds, as a message key and its values; null when it can. */
export function gatewayBlock(
  g: Pick<GatewaySummary, 'type' | 'version'>,
): { messageKey: string; values?: Record<string, string> } | null {
  if (thresholdsAllowed(g.type, g.version)) return null;
  const min = THRESHOLD_FIRMWARE[g.type];
  if (typeof min !== 'object') return { messageKey: 'monitoring.thresholds.typeUnsupported' };
  return {
    messageKey: 'monitoring.thresholds.firmwareMinimum',
    values: { minimum: `${min.major}.${min.minor}`, version: g.version ?? '—' },
  };
}

/** Another rule fits while the project is under its plan's maximum. */
export const canAddThreshold = (count: number, max: number) => count < max;

/** Whether the DPT is boolean (DPT 1): no value to compare with. */
export const isBooleanThreshold = (dpt: string) => dptMainType(dpt) === 1;

/** Whether the address is a Modbus value (`modbus:{id}`): a number, no DPT. */
export const isModbusAddress = (address: string) => valueIdOf(address.trim()) !== null;

/**
 * The Modbus values a threshold on this gateway may watch: those its meters read, on a
 * kloudnx (the gateways that read Modbus meters).
 */
export function modbusChoices(
  modbus: readonly ModbusMeasurement[],
  gateway: Pick<GatewaySummary, 'mac' | 'type'> | undefined,
): ModbusMeasurement[] {
  if (gateway?.type !== 'kloudnx') return [];
  return modbus.filter((m) => m.gateway === gateway.mac);
}

/** Another gateway: a Modbus value of the former one no longer fits and is cleared. */
export const withGateway = (form: ThresholdForm, gateway: string): ThresholdForm =>
  isModbusAddress(form.address) ? { ...form, gateway, address: '' } : { ...form, gateway };

/** A number typed with a dot or a comma; null when empty. */
export function readNumber(text: string): number | null | 'invalid' {
  const t = text.trim().replace(',', '.');
  if (!t) return null;
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) return 'invalid';
  return Number(t);
}

export function emptyForm(gateways: readonly GatewayFirmware[]): ThresholdForm {
  const first = gateways.find((g) => gatewayBlock(g) === null);
  return {
    name: '',
    gateway: first?.mac ?? '',
    address: '',
    dpt: '',
    type: '',
    value: '',
    enabled: true,
  };
}

/** A stored rule in the form; the value is written in the console's language (`26,5`). */
export function formOf(t: Threshold, locale: string): ThresholdForm {
  const number = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 });
  return { ...t, value: t.value === null ? '' : number.format(t.value) };
}

/** A new DPT keeps the type when it still applies, else takes the first one it offers. */
export function withDpt(form: ThresholdForm, dpt: string): ThresholdForm {
  const types = thresholdTypesFor(dpt);
  const type = form.type !== '' && types.includes(form.type) ? form.type : (types[0] ?? '');
  return { ...form, dpt, type, value: isBooleanThreshold(dpt) ? '' : form.value };
}

/**
 * An address typed or picked: an address of the ETS file brings its DPT (empty when the file
 * has none) and, for an unnamed rule, its name; a Modbus value clears the DPT, keeps a
 * numeric type (else `>`) and names an unnamed rule "meter – value".
 */
export function withAddress(
  form: ThresholdForm,
  address: string,
  ets: readonly EtsAddress[],
  modbus: readonly ModbusMeasurement[] = [],
): ThresholdForm {
  const value = modbus.find((m) => m.measurement === address);
  if (value) {
    const name = form.name.trim() ? form.name : value.name.slice(0, THRESHOLD_NAME_MAX);
    const numeric: readonly ThresholdType[] = NUMERIC_THRESHOLD_TYPES;
    const type = form.type !== '' && numeric.includes(form.type) ? form.type : '>';
    return { ...form, address, name, dpt: '', type };
  }
  const entry = ets.find((a) => a.address === address.trim());
  if (!entry) return { ...form, address };
  const name = form.name.trim() ? form.name : entry.name.slice(0, THRESHOLD_NAME_MAX);
  return withDpt({ ...form, address, name }, entry.dpt ?? '');
}

/** The first issue of one field's contract schema, as a message key. */
function fieldIssue(field: 'name' | 'address', value: string): string | undefined {
  return thresholdSchema.shape[field].safeParse(value).error?.issues[0]?.message;
}

/** Each field's problem, by the contract's rules (document 2 §5). */
export function thresholdErrors(
  form: ThresholdForm,
  gateways: readonly GatewayFirmware[],
): ThresholdErrors {
  const errors: ThresholdErrors = {};
  const name = fieldIssue('name', form.name);
  if (name) errors.name = name === 'required' ? 'required' : 'monitoring.thresholds.nameTooLong';
  const gateway = gateways.find((g) => g.mac === form.gateway);
  if (!form.gateway) errors.gateway = 'required';
  else if (!gateway) errors.gateway = 'gatewayNotInProject';
  else if (gatewayBlock(gateway)) errors.gateway = 'thresholdsUnsupported';
  const address = form.address.trim() ? fieldIssue('address', form.address.trim()) : 'required';
  if (address) errors.address = address;
  const types = thresholdTypesAt(form.address.trim(), form.dpt);
  // An address without DPT says so; with no address yet, the DPT is just missing. A Modbus
  // value has none (its field is hidden).
  if (isModbusAddress(form.address)) {
    // nothing to check: withAddress cleared the DPT
  } else if (!form.dpt.trim()) {
    errors.dpt = form.address.trim() ? 'addressHasNoDpt' : 'required';
  } else if (types.length === 0) errors.dpt = 'monitoring.thresholds.dptUnsupported';
  if (types.length > 0 && (form.type === '' || !types.includes(form.type))) {
    errors.type = 'required';
  }
  if (types.length > 0 && !isBooleanThreshold(form.dpt)) {
    const value = readNumber(form.value);
    if (value === null) errors.value = 'required';
    else if (value === 'invalid') errors.value = 'monitoring.thresholds.notANumber';
  }
  return errors;
}

/** The rule as sent, or the errors that keep it from being saved (invalidForm on save). */
export function thresholdOf(
  form: ThresholdForm,
  gateways: readonly GatewayFirmware[],
): { ok: true; threshold: ThresholdInput } | { ok: false; errors: ThresholdErrors } {
  const errors = thresholdErrors(form, gateways);
  if (Object.keys(errors).length > 0 || form.type === '') return { ok: false, errors };
  const value = readNumber(form.value);
  const threshold: ThresholdInput = {
    ...(form._id ? { _id: form._id } : {}),
    name: form.name.trim(),
    gateway: form.gateway,
    address: form.address.trim(),
    dpt: form.dpt.trim(),
    type: form.type,
    value: isBooleanThreshold(form.dpt) || typeof value !== 'number' ? null : value,
    enabled: form.enabled,
  };
  // The contract has the last word: what it refuses, the server would refuse too.
  if (!thresholdSchema.safeParse(threshold).success) {
    return { ok: false, errors: { form: 'invalidForm' } };
  }
  return { ok: true, threshold };
}

/** The whole list with `rule` in place of the stored rule of the same `_id`, or added. */
export function listWith(list: readonly Threshold[], rule: ThresholdInput): ThresholdInput[] {
  if (!rule._id) return [...list, rule];
  return list.map((t) => (t._id === rule._id ? rule : t));
}

/** The whole list without one rule (a rule left out is removed by the server). */
export const listWithout = (list: readonly Threshold[], id: string): ThresholdInput[] =>
  list.filter((t) => t._id !== id);

/** The whole list with one rule switched on or off. */
export const listSwitched = (
  list: readonly Threshold[],
  id: string,
  enabled: boolean,
): ThresholdInput[] => list.map((t) => (t._id === id ? { ...t, enabled } : t));

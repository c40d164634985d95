import {
  DEFAULT_ALERT_SETTINGS,
  storedAlertSettings,
  type AlertSettings,
  type ThresholdType,
} from '@atrium/contracts/alerts';
import { valueIdOf } from '@atrium/contracts/modbus-measurement';
import type { Notification } from '@atrium/contracts/project';
import { unitOf } from '@atrium/knx/dpt-catalogue';
import { parseNotification, parseThresholds } from '../../lib/tenancy/stored-values';
import type { RuleSourceRow } from './alerts.repository';
import { conditionOf } from './alert-rules';

/** One threshold, ready for the telegram path. */
export interface CompiledThreshold {
  id: string;
  /** The alert's rule key, `threshold:{id}`. */
  key: string;
  /** `{project}\0{key}`: the engine's open-alert key, built once. */
  openKey: string;
  name: string;
  address: string;
  type: ThresholdType;
  limit: number | null;
  condition: string;
  unit: string | null;
}

/** A watched address of the KNX health watchdog, with when it was last heard. */
export interface StaleWatch {
  minutes: number;
  lastSeen: number;
  key: string;
  openKey: string;
}

/** What one project raises alerts on. */
export interface ProjectRules {
  id: string;
  teamId: string;
  /** By gateway MAC, then group address or Modbus value (`modbus:{id}`). */
  thresholds: Map<string, Map<string, CompiledThreshold[]>>;
  voltage: { minimum: number | null; maximum: number | null } | null;
  settings: AlertSettings;
  stale: Map<string, Map<string, StaleWatch>>;
  notification: Notification;
}

export const openKeyOf = (projectId: string, key: string) => `${projectId}\0${key}`;

/** Stored alert settings, or the defaults when absent or unreadable. */
export function parseSettings(text: string | null): AlertSettings {
  if (!text) return DEFAULT_ALERT_SETTINGS;
  try {
    const parsed = storedAlertSettings.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_ALERT_SETTINGS;
  } catch {
    return DEFAULT_ALERT_SETTINGS;
  }
}

const inner = <K, V>(outer: Map<string, Map<K, V>>, key: string) => {
  let map = outer.get(key);
  if (!map) outer.set(key, (map = new Map<K, V>()));
  return map;
};

/** A group address's unit from its DPT, a Modbus value's as it is configured; null when none. */
function unitOfThreshold(
  t: { address: string; dpt: string },
  modbusUnits: ReadonlyMap<string, string>,
): string | null {
  const unit = valueIdOf(t.address) === null ? unitOf(t.dpt) : modbusUnits.get(t.address);
  return unit === undefined || unit === '' ? null : unit;
}

/** Whether a stored row has thresholds on Modbus values (their units are asked for). */
export const watchesModbus = (row: Pick<RuleSourceRow, 'logger_thresholds'>) =>
  parseThresholds(row.logger_thresholds).some((t) => t.enabled && valueIdOf(t.address) !== null);

/**
 * A project's rules from its stored row; `previous` keeps the watchdog's last-heard times
 * across a reload (a new watch starts counting now). A Modbus value's unit is the one its
 * value has now (`modbusUnits`, by `modbus:{id}`); a group address's comes from its DPT.
 */
export function compileRules(
  row: RuleSourceRow,
  now: number,
  previous?: ProjectRules,
  modbusUnits: ReadonlyMap<string, string> = new Map(),
): ProjectRules {
  const thresholds = new Map<string, Map<string, CompiledThreshold[]>>();
  for (const t of parseThresholds(row.logger_thresholds)) {
    if (!t.enabled) continue;
    const key = `threshold:${t._id}`;
    const list = inner(thresholds, t.gateway);
    const rules = list.get(t.address) ?? [];
    rules.push({
      id: t._id,
      key,
      openKey: openKeyOf(row.id, key),
      name: t.name,
      address: t.address,
      type: t.type,
      limit: t.value,
      condition: conditionOf(t),
      unit: unitOfThreshold(t, modbusUnits),
    });
    list.set(t.address, rules);
  }
  const settings = parseSettings(row.settings);
  const stale = new Map<string, Map<string, StaleWatch>>();
  for (const s of settings.stale) {
    const key = `stale:${s.gateway}:${s.address}`;
    const before = previous?.stale.get(s.gateway)?.get(s.address);
    inner(stale, s.gateway).set(s.address, {
      minutes: s.minutes,
      lastSeen: before?.lastSeen ?? now,
      key,
      openKey: openKeyOf(row.id, key),
    });
  }
  const voltage =
    row.voltage_activate === 1 && (row.voltage_minimum !== null || row.voltage_maximum !== null)
      ? { minimum: row.voltage_minimum, maximum: row.voltage_maximum }
      : null;
  return {
    id: row.id,
    teamId: row.team_id,
    thresholds,
    voltage,
    settings,
    stale,
    notification: parseNotification(row.notification),
  };
}

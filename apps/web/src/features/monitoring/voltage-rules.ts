import { MONITORING_LIMITS } from '@atrium/contracts/monitoring';
import type { VoltageSettings } from './api/monitoring-api';

/** The voltage form as typed: the fields are text until saved. */
export interface VoltageForm {
  activate: boolean;
  minimum: string;
  maximum: string;
}

interface VoltageErrors {
  minimum?: string;
  maximum?: string;
  /** A rule over both fields: fillAtLeastOneField or minThresholdLowerThanMax. */
  form?: string;
}

const RANGE_KEY = 'monitoring.voltage.range';

function read(text: string): number | null | 'invalid' {
  const t = text.trim().replace(',', '.');
  if (!t) return null;
  const n = Number(t);
  const ok =
    Number.isFinite(n) && n >= MONITORING_LIMITS.voltageMin && n <= MONITORING_LIMITS.voltageMax;
  return ok ? n : 'invalid';
}

/**
 * Spec document 2 §5: minimum and maximum each 0-50 V; when activated, at least
 * one filled (fillAtLeastOneField) and minimum strictly lower (minThresholdLowerThanMax).
 */
export function voltageErrors(f: VoltageForm): VoltageErrors {
  const min = read(f.minimum);
  const max = read(f.maximum);
  const errors: VoltageErrors = {};
  if (min === 'invalid') errors.minimum = RANGE_KEY;
  if (max === 'invalid') errors.maximum = RANGE_KEY;
  if (!f.activate) return errors;
  if (min === null && max === null) errors.form = 'fillAtLeastOneField';
  else if (typeof min === 'number' && typeof max === 'number' && min >= max) {
    errors.form = 'minThresholdLowerThanMax';
  }
  return errors;
}

/** Save is disabled while the form is invalid and monitoring is activated. */
export function canSaveVoltage(f: VoltageForm): boolean {
  const e = voltageErrors(f);
  return !f.activate || (!e.minimum && !e.maximum && !e.form);
}

/** The call's body; a deactivated form keeps only the values that are valid. */
export function voltageBody(f: VoltageForm): VoltageSettings {
  const value = (text: string) => {
    const n = read(text);
    return typeof n === 'number' ? n : null;
  };
  return { activate: f.activate, minimum: value(f.minimum), maximum: value(f.maximum) };
}

export function voltageForm(v: VoltageSettings): VoltageForm {
  return {
    activate: v.activate,
    minimum: v.minimum === null ? '' : String(v.minimum),
    maximum: v.maximum === null ? '' : String(v.maximum),
  };
}

import {
  BOOLEAN_THRESHOLD_TYPES,
  type Threshold,
  type ThresholdType,
} from '@atrium/contracts/alerts';
import { unitOf } from '@atrium/knx/dpt-catalogue';
import { tryParseDpt } from '@atrium/knx/dpt-id';

/** The words of each threshold type, as the type select offers them. */
export const THRESHOLD_TYPE_KEYS: Record<ThresholdType, string> = {
  isTrue: 'monitoring.thresholds.types.isTrue',
  isFalse: 'monitoring.thresholds.types.isFalse',
  '>': 'monitoring.thresholds.types.greater',
  '<': 'monitoring.thresholds.types.less',
  '=': 'monitoring.thresholds.types.equal',
};

/** The unit of a DPT's values (`°C` for 9.001); undefined when unknown or unreadable. */
export const unitOfDpt = (dpt: string): string | undefined =>
  tryParseDpt(dpt) ? unitOf(dpt) : undefined;

const isBooleanType = (type: ThresholdType) =>
  (BOOLEAN_THRESHOLD_TYPES as readonly ThresholdType[]).includes(type);

/**
 * The rule's test as a line of the list: `> 26 °C` with the number in the console's
 * language, or the translated words of a boolean type. `unit` is a Modbus value's (no DPT).
 */
export function conditionText(
  rule: Pick<Threshold, 'type' | 'value' | 'dpt'>,
  locale: string,
  translate: (key: string) => string,
  unit: string | undefined = unitOfDpt(rule.dpt),
): string {
  if (isBooleanType(rule.type) || rule.value === null) {
    return translate(THRESHOLD_TYPE_KEYS[rule.type]);
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(rule.value);
  return [rule.type, number, unit].filter(Boolean).join(' ');
}

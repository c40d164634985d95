import type { Alert, AlertKind } from '@atrium/contracts/alerts';
import { formatMac } from '@atrium/contracts/gateway';

/** A message key and its values, translated where it is shown. */
export interface Message {
  messageKey: string;
  values?: Record<string, string | number>;
}

/** The label of each kind: `status` is a gateway gone offline, `stale` a silent address. */
export const ALERT_KIND_LABELS: Record<AlertKind, Message> = {
  threshold: { messageKey: 'alerts.kinds.threshold' },
  voltage: { messageKey: 'alerts.kinds.voltage' },
  status: { messageKey: 'alerts.kinds.status' },
  stale: { messageKey: 'alerts.kinds.stale' },
  busload: { messageKey: 'alerts.kinds.busload' },
};

/**
 * "21,5 °C" (in the console's language, `locale`): at most two decimals, the unit after a
 * space; null without a value.
 */
export function formatMeasure(
  value: number | null,
  unit: string | null,
  locale = 'fr',
): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  if (!unit) return text;
  return unit === '%' ? `${text} %` : `${text} ${unit}`;
}

/** The gateway's name, else its MAC written in pairs. */
export const gatewayLabel = (alert: Pick<Alert, 'gateway' | 'gatewayName'>): string =>
  alert.gatewayName || formatMac(alert.gateway);

/** What the alert is about: the rule's name, then the group address and its ETS name. */
export function alertSubject(alert: Pick<Alert, 'rule' | 'address' | 'addressName'>): string {
  const address = [alert.address, alert.addressName].filter(Boolean).join(' ');
  const rule = alert.rule !== alert.address ? alert.rule : null;
  return [rule, address].filter(Boolean).join(' · ');
}

/** A bus load is in %, a voltage in V unless the alert says otherwise. */
function unitOf(kind: AlertKind, unit: string | null): string | null {
  if (kind === 'busload') return '%';
  if (kind === 'voltage') return unit ?? 'V';
  return unit;
}

/** The server writes the test with its limit ("> 26"): its first word is the operator. */
const operatorOf = (condition: string | null): string => condition?.split(' ')[0] || '>';

/** The test that raised the alert: "> 40 °C", "is true", "expected every 15 min"; or null. */
export function alertCondition(
  alert: Pick<Alert, 'kind' | 'condition' | 'limit' | 'unit'>,
  locale = 'fr',
): Message | null {
  const { kind, condition, limit, unit } = alert;
  if (condition === 'isTrue') return { messageKey: 'alerts.condition.isTrue' };
  if (condition === 'isFalse') return { messageKey: 'alerts.condition.isFalse' };
  if (limit === null) return null;
  if (kind === 'stale') return { messageKey: 'alerts.condition.stale', values: { minutes: limit } };
  return {
    messageKey: 'alerts.condition.compare',
    values: {
      op: operatorOf(condition),
      limit: formatMeasure(limit, unitOf(kind, unit), locale) ?? '',
    },
  };
}

/** The value that raised the alert with its unit (a bus load in %, a voltage in V). */
export function alertValue(
  alert: Pick<Alert, 'kind' | 'value' | 'unit'>,
  locale = 'fr',
): string | null {
  if (alert.kind === 'status' || alert.kind === 'stale') return null;
  return formatMeasure(alert.value, unitOf(alert.kind, alert.unit), locale);
}

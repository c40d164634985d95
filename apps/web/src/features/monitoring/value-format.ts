import { dateTimeFormat, numberFormat } from '../../lib/locale';

const TIME_ZONE = 'Europe/Paris';
const HOUR_MINUTE = {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;
const HOUR_MINUTE_SECOND = { ...HOUR_MINUTE, second: '2-digit' } as const;
const DAY_MONTH = { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit' } as const;
const MONTH_YEAR = { timeZone: TIME_ZONE, month: '2-digit', year: 'numeric' } as const;

const withUnit = (text: string, unit: string) => (unit ? `${text} ${unit}` : text);

/**
 * Displayed numbers (spec document 2 §9) in the console's language: °C to 2 decimals,
 * others to 1 when fractional.
 */
export function formatValue(value: number, unit = ''): string {
  const digits = unit === '°C' ? 2 : 1;
  return withUnit(numberFormat({ maximumFractionDigits: digits }).format(value), unit);
}

/** Decimals that tell apart ticks `step` apart: 0 for 10, 1 for 0.5, 2 for 0.02 (at most 6). */
export function tickDecimals(step: number): number {
  if (!Number.isFinite(step) || step <= 0) return 0;
  // The rounding absorbs float noise: a step of 0.1 may arrive as 0.09999999999999964.
  const decimals = Math.ceil(-Math.log10(step) - 1e-9);
  return Math.min(6, Math.max(0, decimals));
}

/**
 * Labels of a value axis: every tick with the decimals its step needs, so that
 * 29.02 and 29.04 do not both read "29 V" (issue 16).
 */
export function formatAxisValues(splits: number[], unit = ''): string[] {
  const steps = splits.slice(1).map((v, i) => Math.abs(v - (splits[i] ?? v)));
  const step = steps.filter((s) => s > 0).reduce((a, b) => Math.min(a, b), Infinity);
  const decimals = Number.isFinite(step) ? tickDecimals(step) : 0;
  const format = numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return splits.map((v) => withUnit(format.format(v), unit));
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Tick labels of the time axis, in Paris time: seconds within ten minutes, hours
 * within two days; over a few
 * days, the date at midnight and hours between; then dates; then months.
 */
export function formatTick(ms: number, spanMs: number): string {
  if (spanMs <= 10 * 60_000) return dateTimeFormat(HOUR_MINUTE_SECOND).format(ms);
  const time = dateTimeFormat(HOUR_MINUTE).format(ms);
  if (spanMs <= 2 * DAY) return time;
  if (spanMs <= 14 * DAY) return time === '00:00' ? dateTimeFormat(DAY_MONTH).format(ms) : time;
  if (spanMs <= 120 * DAY) return dateTimeFormat(DAY_MONTH).format(ms);
  return dateTimeFormat(MONTH_YEAR).format(ms);
}

const TIME_ZONE = 'Europe/Paris';
const number2 = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const number1 = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const hourMinute = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const hourMinuteSecond = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const dayMonth = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
});
const monthYear = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  month: '2-digit',
  year: 'numeric',
});

/** Displayed numbers (spec document 2 §9): °C to 2 decimals, others to 1 when fractional. */
export function formatValue(value: number, unit = ''): string {
  const text = unit === '°C' ? number2.format(value) : number1.format(value);
  return unit ? `${text} ${unit}` : text;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Tick labels of the time axis, in Paris time: seconds within ten minutes, hours
 * within two days; over a few
 * days, the date at midnight and hours between; then dates; then months.
 */
export function formatTick(ms: number, spanMs: number): string {
  if (spanMs <= 10 * 60_000) return hourMinuteSecond.format(ms);
  const time = hourMinute.format(ms);
  if (spanMs <= 2 * DAY) return time;
  if (spanMs <= 14 * DAY) return time === '00:00' ? dayMonth.format(ms) : time;
  if (spanMs <= 120 * DAY) return dayMonth.format(ms);
  return monthYear.format(ms);
}

import { dateTimeFormat } from './locale';

/**
 * Dates are shown in Paris time whatever the browser's zone (spec §9), in the console's
 * language: "dd/mm/yyyy hh:mm:ss" in French, "dd/mm/yyyy, hh:mm:ss" in English (issue 16).
 */
const DATE_MINUTE = {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const satisfies Intl.DateTimeFormatOptions;
const DATE_TIME = { ...DATE_MINUTE, second: '2-digit' } as const;

type DateInput = Date | number | string;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The date and time in Paris time and the console's language; empty for an invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat(DATE_TIME).format(date) : '';
}

/** The date and time to the minute in Paris time and the console's language; empty if invalid. */
export function formatDateMinute(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat(DATE_MINUTE).format(date) : '';
}

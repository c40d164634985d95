/**
 * Calendar days in Paris time (spec document 2 §2: the graph's days start at 00:00
 * in Paris, whatever the browser's zone). Days are plain {year, month, day} values so
 * that adding a day or a month never drifts across a daylight-saving change.
 */
export interface CalendarDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const TIME_ZONE = 'Europe/Paris';
const DAY_MS = 86_400_000;

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function parisFields(ms: number): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(new Date(ms))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return fields;
}

/** Paris time minus UTC at this instant, in ms (3,600,000 in winter, 7,200,000 in summer). */
function parisOffsetMs(ms: number): number {
  const f = parisFields(ms);
  const local = Date.UTC(f.year ?? 1970, (f.month ?? 1) - 1, f.day, f.hour, f.minute, f.second);
  return local - Math.floor(ms / 1000) * 1000;
}

/** The Paris calendar day of an instant. */
export function parisDayOf(ms: number): CalendarDay {
  const f = parisFields(ms);
  return { year: f.year ?? 1970, month: f.month ?? 1, day: f.day ?? 1 };
}

/** The instant (epoch ms) of 00:00 in Paris on this day. */
export function parisMidnight(day: CalendarDay): number {
  const utcMidnight = Date.UTC(day.year, day.month - 1, day.day);
  // Twice: the offset at the guess may differ from the one at the answer near a DST change.
  const first = utcMidnight - parisOffsetMs(utcMidnight);
  return utcMidnight - parisOffsetMs(first);
}

/** The day `n` days later (earlier when negative), by the calendar. */
export function addDays(day: CalendarDay, n: number): CalendarDay {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + n));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The first day of the month `n` months later (earlier when negative). */
export function addMonths(day: CalendarDay, n: number): CalendarDay {
  const d = new Date(Date.UTC(day.year, day.month - 1 + n, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: 1 };
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: CalendarDay, b: CalendarDay): number {
  const ms = Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day);
  return Math.round(ms / DAY_MS);
}

export function compareDays(a: CalendarDay, b: CalendarDay): number {
  return daysBetween(b, a);
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** "DD/MM/YYYY", the spec's date input format. */
export function formatDay(day: CalendarDay): string {
  return `${pad(day.day)}/${pad(day.month)}/${pad(day.year, 4)}`;
}

const INPUT = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/;

/** Reads "DD/MM/YYYY" (one-digit day and month accepted); null for text or an impossible date. */
export function parseDay(text: string): CalendarDay | null {
  const m = INPUT.exec(text);
  if (!m) return null;
  const day = { year: Number(m[3]), month: Number(m[2]), day: Number(m[1]) };
  const check = addDays(day, 0);
  const valid =
    day.year >= 1970 &&
    check.year === day.year &&
    check.month === day.month &&
    check.day === day.day;
  return valid ? day : null;
}

/**
 * Calendar days and weeks in Paris time (decision 0009): a day runs from 00:00 in
 * Paris to the next 00:00 (23 or 25 hours on daylight-saving change days), a week
 * from Monday 00:00. Paris offsets are whole hours, so every boundary is a UTC hour
 * boundary and an offset holds for a whole UTC hour: it is computed once per hour
 * (Intl, the time-zone data Node ships) and cached.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const fields = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  hourCycle: 'h23',
});

/** Offset (Paris minus UTC, ms) per UTC hour index; cleared when it grows past a few years. */
const offsets = new Map<number, number>();
const MAX_CACHED_HOURS = 200_000;

function offsetOfHour(hour: number): number {
  const at = hour * HOUR;
  const f: Record<string, number> = {};
  for (const p of fields.formatToParts(at)) if (p.type !== 'literal') f[p.type] = Number(p.value);
  const local = Date.UTC(f.year ?? 1970, (f.month ?? 1) - 1, f.day ?? 1, f.hour ?? 0);
  return local - at;
}

/** Paris time minus UTC at instant `t`, in ms: 3,600,000 in winter, 7,200,000 in summer. */
export function parisOffset(t: number): number {
  const hour = Math.floor(t / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size >= MAX_CACHED_HOURS) offsets.clear();
    offset = offsetOfHour(hour);
    offsets.set(hour, offset);
  }
  return offset;
}

/** The Paris calendar day holding `t`, as a day number (0 = 1970-01-01 in Paris). */
export const parisDayNumber = (t: number): number => Math.floor((t + parisOffset(t)) / DAY);

/** The instant of 00:00 in Paris on day number `day`. */
export function parisMidnight(day: number): number {
  const local = day * DAY;
  // The offset at the guess may differ from the one at midnight on a change day.
  const midnight = local - parisOffset(local - parisOffset(local));
  // Where 00:00 happened twice (autumn 1976), the day starts at the first one.
  return parisDayNumber(midnight - HOUR) === day ? midnight - HOUR : midnight;
}

// The last day found: points come sorted by time, so most lookups hit it.
let lastStart = 0;
let lastEnd = -1;

/** The instant the Paris day holding `t` starts. */
export function parisDayStart(t: number): number {
  if (t >= lastStart && t < lastEnd) return lastStart;
  const day = parisDayNumber(t);
  const [start, end] = [parisMidnight(day), parisMidnight(day + 1)];
  [lastStart, lastEnd] = [start, end];
  return start;
}

/** The instant the Paris day starting at `start` ends (the next day's 00:00). */
export const parisDayEnd = (start: number): number => parisMidnight(parisDayNumber(start) + 1);

/** The instant of Monday 00:00 in Paris of the week holding `t`. */
export function parisWeekStart(t: number): number {
  const day = parisDayNumber(t);
  // Day 0 (1970-01-01) was a Thursday: (day + 3) mod 7 counts days since Monday.
  return parisMidnight(day - ((((day + 3) % 7) + 7) % 7));
}

/** The instant the Paris week starting at `start` ends (the next Monday's 00:00). */
export const parisWeekEnd = (start: number): number => parisMidnight(parisDayNumber(start) + 7);

/**
 * Paris week number of a Paris midnight, in SQL: a midnight is 22:00 or 23:00 UTC (the
 * offset is +1 or +2 h), so 2 h later is within its own Paris day; counting from the
 * Monday before 1970-01-01 (a Thursday) and dividing by 7 days gives its week.
 */
export const PARIS_WEEK_OF_MIDNIGHT = {
  shiftMs: 2 * HOUR + 3 * DAY,
  weekMs: 7 * DAY,
};

/** The instant of Monday 00:00 in Paris of week number `week` (0: from 1969-12-29). */
export const parisWeekMidnight = (week: number): number => parisMidnight(week * 7 - 3);

/** Whole Paris days from the midnight `from` to the midnight `to`. */
export const parisDaysBetween = (from: number, to: number): number =>
  parisDayNumber(to) - parisDayNumber(from);

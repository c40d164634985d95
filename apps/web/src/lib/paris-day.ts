/**
 * Days as the console's date fields hold them ("yyyy-mm-dd"), turned into instants in Paris
 * time (spec §9) whatever the browser's zone: the activity log's filters and the admin
 * console's end days use the same arithmetic.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Paris time minus UTC at an instant, in ms. */
function parisOffset(ms: number): number {
  const f: Record<string, number> = {};
  for (const p of parisParts.formatToParts(new Date(ms))) {
    if (p.type !== 'literal') f[p.type] = Number(p.value);
  }
  const local = Date.UTC(f.year ?? 1970, (f.month ?? 1) - 1, f.day, f.hour, f.minute);
  return local - Math.floor(ms / 60_000) * 60_000;
}

/** 00:00 in Paris on `yyyy-mm-dd` plus `days`, as epoch ms; undefined when not a day. */
export function parisDayStart(day: string, days = 0): number | undefined {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days);
  // Twice: the offset at the guess may differ from the one at the answer near a DST change.
  return utc - parisOffset(utc - parisOffset(utc));
}

/** The end of a "yyyy-mm-dd" day in Paris: the next midnight there (epoch ms). */
export const parisDayEnd = (day: string): number | undefined => parisDayStart(day, 1);

import { dateTimeFormat } from '../../lib/locale';

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

/** Paris time minus UTC at `ms`, in milliseconds. */
function parisOffset(ms: number): number {
  const f: Record<string, number> = {};
  for (const p of parisParts.formatToParts(new Date(ms))) {
    if (p.type !== 'literal') f[p.type] = Number(p.value);
  }
  const local = Date.UTC(f.year ?? 1970, (f.month ?? 1) - 1, f.day, f.hour, f.minute);
  return local - Math.floor(ms / 60_000) * 60_000;
}

/** The end of a "YYYY-MM-DD" day in Paris: the next midnight there (epoch ms). */
export function parisDayEnd(day: string): number | undefined {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1);
  return utc - parisOffset(utc - parisOffset(utc));
}

/** The Paris day an end (a midnight) closes, in the console's language. */
export function formatLastDay(end: number): string {
  return dateTimeFormat({ timeZone: 'Europe/Paris', dateStyle: 'short' }).format(new Date(end - 1));
}

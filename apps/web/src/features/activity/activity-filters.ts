import type { ActivityAction } from '@atrium/contracts/activity';

/** What the page filters on, as its fields hold it (days as yyyy-mm-dd, Paris time). */
export interface ActivityFilterState {
  actions: ActivityAction[];
  actor: string;
  from: string;
  to: string;
}

export const NO_FILTERS: ActivityFilterState = { actions: [], actor: '', from: '', to: '' };

/** Whether any filter is set. */
export const hasFilters = (f: ActivityFilterState): boolean =>
  f.actions.length > 0 || f.actor.trim() !== '' || f.from !== '' || f.to !== '';

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

/** The query string of the list and the export: the `to` day is included (its next midnight). */
export function activityQueryParams(f: ActivityFilterState): Record<string, string | number> {
  const q: Record<string, string | number> = {};
  if (f.actions.length) q.actions = f.actions.join(',');
  const actor = f.actor.trim();
  if (actor) q.actor = actor;
  const from = parisDayStart(f.from);
  if (from !== undefined) q.from = from;
  const to = parisDayStart(f.to, 1);
  if (to !== undefined) q.to = to;
  return q;
}

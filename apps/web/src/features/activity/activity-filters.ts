import type { ActivityAction } from '@atrium/contracts/activity';
import { parisDayStart } from '../../lib/paris-day';

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

import type { Alert, AlertKind } from '@atrium/contracts/alerts';

export const ALERT_STATES = ['open', 'cleared'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** What the history shows: one gateway, one kind, one state; null means all. */
export interface AlertFilters {
  mac: string | null;
  kind: AlertKind | null;
  state: AlertState | null;
}

export const NO_ALERT_FILTERS: AlertFilters = { mac: null, kind: null, state: null };

/** The query string of GET /api/alerts/project/{id}: the filters set, the page size, the cursor. */
export function alertsQueryParams(
  filters: AlertFilters,
  limit: number,
  before?: number,
): Record<string, string | number> {
  const query: Record<string, string | number> = { limit };
  if (filters.mac) query.mac = filters.mac;
  if (filters.kind) query.kind = filters.kind;
  if (filters.state) query.state = filters.state;
  if (before !== undefined) query.before = before;
  return query;
}

/**
 * The cursor of the next page: the raisedAt of the last row, or undefined when the page was
 * not full (nothing older is left).
 */
export function nextBefore(rows: readonly Pick<Alert, 'raisedAt'>[], limit: number) {
  if (rows.length < limit) return undefined;
  return rows[rows.length - 1]?.raisedAt;
}

/** The pages joined, without a row that two pages both hold (same raisedAt at a boundary). */
export function joinPages<T extends { _id: string }>(pages: readonly { alerts: T[] }[]): T[] {
  const seen = new Set<string>();
  return pages.flatMap((p) =>
    p.alerts.filter((a) => {
      if (seen.has(a._id)) return false;
      seen.add(a._id);
      return true;
    }),
  );
}

/** An alert's state: open until it is cleared. */
export const alertState = (alert: Pick<Alert, 'clearedAt'>): AlertState =>
  alert.clearedAt === null ? 'open' : 'cleared';

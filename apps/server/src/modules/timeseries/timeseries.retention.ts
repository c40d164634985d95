import { MAX_RETENTION_MONTHS, PLANS, type PlanName } from '@atrium/contracts/plans';
import type { PruneResult, TimeSeriesStore } from './timeseries.types';

/** `now` minus whole calendar months (UTC), the day clamped to the target month's length. */
export function monthsBefore(now: number, months: number): number {
  const d = new Date(now);
  const [year, month] = [d.getUTCFullYear(), d.getUTCMonth() - months];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
}

/** The oldest time a plan keeps data for. */
export const retentionCutoff = (plan: PlanName, now: number): number =>
  monthsBefore(now, PLANS[plan].retentionMonths);

/**
 * Applies every project's retention, then drops what no plan keeps (on PostgreSQL,
 * whole monthly partitions): the job a daily timer runs.
 */
export async function pruneByPlan(
  store: Pick<TimeSeriesStore, 'prune'>,
  projects: readonly { projectId: string; plan: PlanName }[],
  now: number,
): Promise<PruneResult> {
  for (const { projectId, plan } of projects) {
    await store.prune({ projectId }, retentionCutoff(plan, now));
  }
  return store.prune({ all: true }, monthsBefore(now, MAX_RETENTION_MONTHS));
}

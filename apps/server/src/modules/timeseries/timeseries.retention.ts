import { MAX_RETENTION_MONTHS, PLAN_NAMES, PLANS, type PlanName } from '@atrium/contracts/plans';
import type { PruneResult, TimeSeriesStore } from './timeseries.types';

/** `now` minus whole calendar months (UTC), the day clamped to the target month's length. */
export function monthsBefore(now: number, months: number): number {
  const d = new Date(now);
  const [year, month] = [d.getUTCFullYear(), d.getUTCMonth() - months];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
}

/** The oldest time a plan keeps data for (the store rounds it down to a Paris midnight). */
export const retentionCutoff = (plan: PlanName, now: number): number =>
  monthsBefore(now, PLANS[plan].retentionMonths);

/**
 * The plan whose retention applies to a project's `logger_subscription` (the plans table,
 * trial and custhome included); undefined for anything else, which keeps what the longest
 * plan keeps rather than lose data by a guess.
 */
export const planOfSubscription = (subscription: string): PlanName | undefined =>
  PLAN_NAMES.find((p) => p === subscription);

/** What one run of `pruneByPlan` removed. */
export interface PlanPruneReport {
  projects: { projectId: string; plan: PlanName; cutoff: number; deletedPoints: number }[];
  /** The prune of every series at the longest retention (whole partitions on PostgreSQL). */
  all: PruneResult;
}

/**
 * Applies every project's retention, then drops what no plan keeps (on PostgreSQL,
 * whole monthly partitions): the job the retention sweep runs daily.
 */
export async function pruneByPlan(
  store: Pick<TimeSeriesStore, 'prune'>,
  projects: readonly { projectId: string; plan: PlanName }[],
  now: number,
): Promise<PlanPruneReport> {
  const report: PlanPruneReport['projects'] = [];
  for (const { projectId, plan } of projects) {
    const { cutoff, deletedPoints } = await store.prune({ projectId }, retentionCutoff(plan, now));
    report.push({ projectId, plan, cutoff, deletedPoints });
  }
  const all = await store.prune({ all: true }, monthsBefore(now, MAX_RETENTION_MONTHS));
  return { projects: report, all };
}

import type { PlanName } from '@atrium/contracts/plans';
import { planOfSubscription, pruneByPlan, type PlanPruneReport } from './timeseries.retention';
import type { TimeSeriesStore } from './timeseries.types';

/** Where the sweep reports (the app's logger). */
export interface SweepLog {
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RetentionSweepDeps {
  store: Pick<TimeSeriesStore, 'prune'>;
  /** Every project's id and `logger_subscription`, read at each sweep. */
  subscriptions(): Promise<readonly { id: string; logger_subscription: string }[]>;
  log: SweepLog;
  now?: () => number;
}

/** The first sweep waits this long after start (or one interval, if shorter). */
export const FIRST_SWEEP_DELAY_MS = 60_000;

/**
 * The daily retention job: reads every project's plan, prunes what the plan no longer
 * keeps, logs what went. Sweeps never overlap (a call during a sweep joins it), the next
 * one is scheduled only when the last ended, and a failure is logged, never thrown.
 */
export class RetentionSweep {
  private running: Promise<PlanPruneReport | undefined> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly d: RetentionSweepDeps) {}

  /** Sweeps now, or joins the sweep under way; resolves undefined when it failed. */
  run(): Promise<PlanPruneReport | undefined> {
    this.running ??= this.sweep().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Sweeps `firstDelayMs` from now, then `intervalMs` after each sweep ends; 0 = never. */
  start(intervalMs: number, firstDelayMs = Math.min(intervalMs, FIRST_SWEEP_DELAY_MS)): void {
    if (intervalMs <= 0 || this.stopped) return;
    const schedule = (delay: number) => {
      this.timer = setTimeout(() => {
        void this.run().then(() => {
          if (!this.stopped) schedule(intervalMs);
        });
      }, delay);
      // A pending sweep alone does not keep the process alive.
      this.timer.unref();
    };
    schedule(firstDelayMs);
  }

  /** Cancels the next sweep and waits for the one under way (app close). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async sweep(): Promise<PlanPruneReport | undefined> {
    const started = Date.now();
    try {
      const projects: { projectId: string; plan: PlanName }[] = [];
      let longest = 0;
      for (const { id, logger_subscription } of await this.d.subscriptions()) {
        const plan = planOfSubscription(logger_subscription);
        if (plan) projects.push({ projectId: id, plan });
        else longest += 1;
      }
      const report = await pruneByPlan(this.d.store, projects, (this.d.now ?? Date.now)());
      this.logReport(report, longest, Date.now() - started);
      return report;
    } catch (err) {
      this.d.log.error({ err }, 'retention sweep failed');
      return undefined;
    }
  }

  private logReport(report: PlanPruneReport, longest: number, ms: number): void {
    const pruned = report.projects.filter((p) => p.deletedPoints > 0);
    for (const p of pruned) this.d.log.debug(p, 'retention: project pruned');
    const projectPoints = pruned.reduce((n, p) => n + p.deletedPoints, 0);
    this.d.log.info(
      {
        projects: report.projects.length + longest,
        // Subscriptions that are no plan name keep the longest plan's retention.
        keptLongest: longest,
        projectsPruned: pruned.length,
        deletedPoints: projectPoints + report.all.deletedPoints,
        allCutoff: new Date(report.all.cutoff).toISOString(),
        droppedPartitions: report.all.droppedPartitions,
        ms,
      },
      'retention sweep done',
    );
  }
}

import type { ProjectsRepository } from '../projects/projects.repository';
import type { BatchingWriter } from '../timeseries/batching-writer';
import type { TimeSeriesStore } from '../timeseries/timeseries.types';
import { voltageSeriesKey } from './monitoring-series';

/** The store and writer voltage goes to, and where the pause flag is read. */
export interface VoltageRecorderDeps {
  store: Pick<TimeSeriesStore, 'ensureSeries'>;
  writer: Pick<BatchingWriter, 'write'>;
  projects: Pick<ProjectsRepository, 'findById'>;
  /** How long a project's pause flag is trusted (other server nodes may change it). */
  pauseTtlMs?: number;
}

/**
 * Records every gateway's supply voltage as a default series of its project,
 * fed by the hub's info messages. Gateways report every few seconds, so the
 * project's pause flag is cached briefly rather than read for each message.
 */
export class VoltageRecorder {
  private readonly paused = new Map<string, { at: number; value: Promise<boolean> }>();
  /** Recordings still reading their pause flag or creating their series. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly d: VoltageRecorderDeps) {}

  /**
   * Writes one voltage point through the batching writer. Resolves true once
   * committed, false when the project does not exist or its recording is paused;
   * rejects with TimeSeriesError 'invalidPoint' for a bad time or value.
   */
  recordVoltage(projectId: string, mac: string, t: number, volt: number): Promise<boolean> {
    const series = this.seriesOf(projectId, mac);
    // Registered before `settle` can wait on `series`: the point reaches the writer first.
    const recorded = series.then((seriesId) =>
      seriesId === undefined
        ? false
        : this.d.writer.write([{ seriesId, t, v: volt }]).then(() => true),
    );
    this.inFlight.add(series);
    const gone = () => this.inFlight.delete(series);
    series.then(gone, gone);
    return recorded;
  }

  /**
   * Resolves once every recording under way has handed its point to the writer (or
   * failed): a closing server waits for it before it closes the writer.
   */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** The series of the gateway's voltage; undefined when its project records nothing. */
  private async seriesOf(projectId: string, mac: string): Promise<number | undefined> {
    if (await this.isPaused(projectId)) return undefined;
    return this.d.store.ensureSeries(voltageSeriesKey(projectId, mac));
  }

  /** Drops the cached pause flag (this node just changed it). */
  forget(projectId: string): void {
    this.paused.delete(projectId);
  }

  private isPaused(projectId: string): Promise<boolean> {
    const now = Date.now();
    const hit = this.paused.get(projectId);
    if (hit && hit.at + (this.d.pauseTtlMs ?? 5000) > now) return hit.value;
    // A missing project counts as paused: nothing is recorded for it.
    const value = this.d.projects
      .findById(projectId)
      .then((p) => p === undefined || p.logger_pause === 1);
    this.paused.set(projectId, { at: now, value });
    value.catch(() => this.paused.delete(projectId));
    return value;
  }
}

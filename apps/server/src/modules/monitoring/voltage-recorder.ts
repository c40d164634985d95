import type { ProjectsRepository } from '../projects/projects.repository';
import type { BatchingWriter } from '../timeseries/batching-writer';
import type { TimeSeriesStore } from '../timeseries/timeseries.types';
import { voltageSeriesKey } from './monitoring-series';

/** The store and writer voltage goes to, and where the pause flag is read. */
export interface VoltageRecorderDeps {
  store: Pick<TimeSeriesStore, 'ensureSeries'>;
  writer: Pick<BatchingWriter, 'submit'>;
  projects: Pick<ProjectsRepository, 'findById'>;
  /** Where a voltage that could not be recorded is told, when its caller does not wait. */
  log: { warn(obj: object, msg: string): void };
  /** How long a project's pause flag is trusted (other server nodes may change it). */
  pauseTtlMs?: number;
}

/** Told once: the point is committed (true), not recorded (false: paused, no project), or failed. */
export type VoltageRecorded = (err: unknown, recorded: boolean) => void;

interface PauseFlag {
  at: number;
  /** Known once read: the fast path needs no promise. */
  paused?: boolean;
  value: Promise<boolean>;
}

/**
 * Records every gateway's supply voltage as a default series of its project,
 * fed by the hub's info messages. Gateways report every few seconds, so the
 * project's pause flag is cached briefly rather than read for each message, and
 * the gateway's series id once created. With both known a voltage goes to the
 * writer at once, with no promise: at 10,000 gateways whatever waits for the
 * commit is promoted to the old generation (as the hub's telegrams, `SeriesIngest`).
 */
export class VoltageRecorder {
  private readonly paused = new Map<string, PauseFlag>();
  /** Series ids by project and gateway, once created. */
  private readonly known = new Map<string, Map<string, number>>();
  /** Recordings still reading their pause flag or creating their series (rare). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly d: VoltageRecorderDeps) {}

  /** The commit callback of the voltages nobody waits for: one function for them all. */
  private readonly warnFailed = (err?: unknown) => {
    if (err !== undefined) this.d.log.warn({ err }, 'supply voltage not recorded');
  };

  /**
   * Writes one voltage point through the batching writer. With `done`, it is called
   * once: after the commit (true), when the point is not recorded (false: the project
   * does not exist or its recording is paused), or with the error (TimeSeriesError
   * 'invalidPoint' for a bad time or value, or why the writer refused or failed).
   * Without, the errors are logged (the hub's infos: no closure kept per voltage).
   */
  record(projectId: string, mac: string, t: number, volt: number, done?: VoltageRecorded): void {
    const flag = this.flagOf(projectId);
    const seriesId = this.known.get(projectId)?.get(mac);
    if (flag.paused === true) return done?.(undefined, false);
    if (flag.paused === false && seriesId !== undefined)
      return this.submit(mac, seriesId, t, volt, done);
    const pending = this.seriesOf(flag, projectId, mac).then(
      (id) => {
        if (id === undefined) done?.(undefined, false);
        else this.submit(mac, id, t, volt, done);
      },
      (err: unknown) => this.failed(mac, err, done),
    );
    // Tracked until the point has reached the writer, so a closing server waits for it.
    this.inFlight.add(pending);
    const gone = () => this.inFlight.delete(pending);
    pending.then(gone, gone);
  }

  /** `record`, as a promise (tests, and callers that wait for the commit). */
  recordVoltage(projectId: string, mac: string, t: number, volt: number): Promise<boolean> {
    return new Promise((resolve, reject) =>
      this.record(projectId, mac, t, volt, (err, recorded) =>
        err === undefined
          ? resolve(recorded)
          : reject(
              err instanceof Error ? err : new Error('supply voltage not recorded', { cause: err }),
            ),
      ),
    );
  }

  /**
   * Resolves once every recording under way has handed its point to the writer (or
   * failed): a closing server waits for it before it closes the writer.
   */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Drops the cached pause flag (this node just changed it). */
  forget(projectId: string): void {
    this.paused.delete(projectId);
  }

  private submit(mac: string, seriesId: number, t: number, v: number, done?: VoltageRecorded) {
    const committed = done
      ? (err?: unknown) => (err === undefined ? done(undefined, true) : done(err, false))
      : this.warnFailed;
    const refused = this.d.writer.submit([{ seriesId, t, v }], committed);
    if (refused) this.failed(mac, refused, done);
  }

  private failed(mac: string, err: unknown, done?: VoltageRecorded) {
    if (done) done(err, false);
    else this.d.log.warn({ err, mac }, 'supply voltage not recorded');
  }

  /** The series of the gateway's voltage; undefined when its project records nothing. */
  private async seriesOf(flag: PauseFlag, projectId: string, mac: string) {
    if (await flag.value) return undefined;
    const id = await this.d.store.ensureSeries(voltageSeriesKey(projectId, mac));
    let ofProject = this.known.get(projectId);
    if (!ofProject) this.known.set(projectId, (ofProject = new Map<string, number>()));
    ofProject.set(mac, id);
    return id;
  }

  /** The project's pause flag, read again once its time to live is over. */
  private flagOf(projectId: string): PauseFlag {
    const now = Date.now();
    const hit = this.paused.get(projectId);
    if (hit && hit.at + (this.d.pauseTtlMs ?? 5000) > now) return hit;
    // A missing project counts as paused: nothing is recorded for it.
    const value = this.d.projects
      .findById(projectId)
      .then((p) => p === undefined || p.logger_pause === 1);
    const flag: PauseFlag = { at: now, value };
    this.paused.set(projectId, flag);
    value.then(
      (paused) => (flag.paused = paused),
      () => {
        if (this.paused.get(projectId) === flag) this.paused.delete(projectId);
      },
    );
    return flag;
  }
}

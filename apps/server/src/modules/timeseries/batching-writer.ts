import { isStorablePoint } from './timeseries.batch';
import { TimeSeriesError } from '../../lib/timeseries-error';
import type { Point, TimeSeriesStore } from './timeseries.types';

export interface BatchingWriterOptions {
  /** A batch is written as soon as this many points wait (a single bigger write is kept whole). */
  maxBatchPoints: number;
  /**
   * An idle writer waits this long for more points before it writes; points arriving while
   * a batch is written go in the next batch as soon as it ends.
   */
  flushIntervalMs: number;
  /** Writes that would make more points wait than this are refused ('overloaded'). */
  maxQueuedPoints: number;
}

export const DEFAULT_WRITER_OPTIONS: BatchingWriterOptions = {
  maxBatchPoints: 10_000,
  flushIntervalMs: 20,
  maxQueuedPoints: 200_000,
};

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/** Called once after the commit of the batch that held the points: `err` if it failed. */
export type Committed = (err?: unknown) => void;

interface Waiting {
  points: readonly Point[];
  committed: Committed;
}

/** What waits for room in an overloaded writer (`submitOrWait`). */
export interface RoomFigures {
  /** Points waiting for room now, and the most there ever were at once. */
  waitingForRoom: number;
  peakWaitingForRoom: number;
  /** Submissions that waited for room, since the start. */
  waitedForRoom: number;
}

const overloaded = (waiting: number) =>
  new TimeSeriesError('overloaded', `Time-series writer overloaded: ${waiting} points waiting`);

/** What every producer (the hub, the voltage recorder) submits points to. */
abstract class PointSubmitter {
  /** Submissions refused `overloaded`, in arrival order, queued as batches make room. */
  private room: Waiting[] = [];
  private roomHead = 0;
  readonly roomFigures: RoomFigures = {
    waitingForRoom: 0,
    peakWaitingForRoom: 0,
    waitedForRoom: 0,
  };

  /** @param roomPoints The most points `submitOrWait` keeps waiting for room. */
  constructor(private readonly roomPoints: number) {}

  /** Queues points; `committed` is called once after their commit (or failure), or a refusal is returned at once. */
  abstract submit(points: readonly Point[], committed: Committed): TimeSeriesError | undefined;

  /** Points queued for their batch, not counting those waiting for room. */
  abstract get waitingPoints(): number;

  /**
   * Queues points like `submit`, but where `submit` would refuse them as `overloaded`, keeps
   * them waiting for room (up to `roomPoints` in all) and queues them, in arrival order, as
   * batches leave the queue: the producer's acknowledgement comes later instead of a refusal
   * (the hub's PUBACK, so the gateway slows down and its publishes stay counted by the
   * overload guard, decision 0039). Past the room too, or if the writer is closed or a point is
   * invalid, the refusal is returned at once.
   */
  submitOrWait(points: readonly Point[], committed: Committed): TimeSeriesError | undefined {
    const f = this.roomFigures;
    if (f.waitingForRoom === 0) {
      const refusal = this.submit(points, committed);
      // Overloaded with nothing queued: too big for the writer (or its lane), never admitted.
      if (refusal?.code !== 'overloaded' || this.waitingPoints === 0) return refusal;
    } else {
      const bad = points.find((p) => !isStorablePoint(p));
      if (bad) return new TimeSeriesError('invalidPoint', `Invalid point at ${bad.t}`);
    }
    // One submission the empty writer would refuse would wait for ever.
    if (f.waitingForRoom + points.length > this.roomPoints || points.length > this.roomPoints)
      return overloaded(this.waitingPoints + f.waitingForRoom);
    this.room.push({ points, committed });
    f.waitingForRoom += points.length;
    f.peakWaitingForRoom = Math.max(f.peakWaitingForRoom, f.waitingForRoom);
    f.waitedForRoom += 1;
    return undefined;
  }

  /**
   * Queues what waits for room, oldest first, while the writer takes it (as a batch leaves the
   * queue; on close, each is refused `writerClosed`). A submission refused with nothing else queued
   * (bigger than the writer's whole queue) is refused to its producer rather than kept.
   */
  protected admitWaiting(): void {
    const f = this.roomFigures;
    while (this.roomHead < this.room.length) {
      const next = this.room[this.roomHead] as Waiting;
      const refusal = this.submit(next.points, next.committed);
      if (refusal?.code === 'overloaded' && this.waitingPoints > 0) break;
      this.room[this.roomHead++] = undefined as unknown as Waiting;
      f.waitingForRoom -= next.points.length;
      if (refusal) next.committed(refusal);
    }
    if (this.roomHead === this.room.length) [this.room, this.roomHead] = [[], 0];
    else if (this.roomHead > 1024 && this.roomHead * 2 > this.room.length) {
      [this.room, this.roomHead] = [this.room.slice(this.roomHead), 0];
    }
  }

  /** Queues points; resolves after their batch committed, rejects if it failed or was refused. */
  write(points: readonly Point[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const refusal = this.submit(points, (err) =>
        err === undefined ? resolve() : reject(asError(err)),
      );
      if (refusal) reject(refusal);
    });
  }

  /**
   * Queues points and tells at once whether they were taken (valid, room, writer open),
   * so a caller can act on accepted points (a live console event) before the commit.
   */
  offer(
    points: readonly Point[],
  ): { queued: true; committed: Promise<void> } | { queued: false; error: TimeSeriesError } {
    let error: TimeSeriesError | undefined;
    const committed = new Promise<void>((resolve, reject) => {
      error = this.submit(points, (err) => (err === undefined ? resolve() : reject(asError(err))));
    });
    return error ? { queued: false, error } : { queued: true, committed };
  }
}

/**
 * Gathers the points of many producers (MQTT publishes) into one transaction:
 * each `write` resolves only after the commit of the batch that held its points,
 * so a gateway is acknowledged only for what is stored. Batches run one at a time,
 * in arrival order, so the last point written at a (series, t) wins.
 */
export class BatchingWriter extends PointSubmitter {
  private readonly options: BatchingWriterOptions;
  private queue: Waiting[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  /**
   * @param madeRoom Told when a batch leaves the queue, so points may be queued again (a laned
   *   writer's waiting room; this writer's own is admitted first).
   */
  constructor(
    private readonly store: Pick<TimeSeriesStore, 'writeBatch'>,
    options: Partial<BatchingWriterOptions> = {},
    private readonly madeRoom?: () => void,
  ) {
    const all = { ...DEFAULT_WRITER_OPTIONS, ...options };
    super(all.maxQueuedPoints);
    this.options = all;
  }

  /** Points waiting for their batch (not counting the batch being written). */
  get waitingPoints(): number {
    return this.queued;
  }

  /** Why these points would be refused now, if they would. */
  refusal(points: readonly Point[]): TimeSeriesError | undefined {
    if (this.closed) return new TimeSeriesError('writerClosed', 'Writer closed');
    // Checked here so one producer's bad point cannot fail the batch shared with others.
    const bad = points.find((p) => !isStorablePoint(p));
    if (bad) return new TimeSeriesError('invalidPoint', `Invalid point at ${bad.t}`);
    if (this.queued + points.length > this.options.maxQueuedPoints) return overloaded(this.queued);
    return undefined;
  }

  /**
   * Queues points; `committed` is called once their batch is committed (or failed). A
   * refusal is returned at once instead, and `committed` is never called. No promise per
   * call: the hub submits 10,000 telegrams a second, and what waits for the commit is
   * promoted to the old generation.
   */
  submit(points: readonly Point[], committed: Committed): TimeSeriesError | undefined {
    const refusal = this.refusal(points);
    if (!refusal) this.take(points, committed);
    return refusal;
  }

  /** Queues points that `refusal` has just passed (a laned writer checks every lane first). */
  take(points: readonly Point[], committed: Committed): void {
    if (points.length === 0) {
      queueMicrotask(() => committed());
      return;
    }
    this.queue.push({ points, committed });
    this.queued += points.length;
    this.schedule();
  }

  /** Writes everything waiting now; resolves when it is committed (or failed). */
  async flush(): Promise<void> {
    while (this.queue.length > 0 || this.running) {
      this.start();
      await this.running;
    }
  }

  /** Refuses new points and those waiting for room, and flushes the queued ones (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    this.admitWaiting();
    await this.flush();
  }

  private schedule(): void {
    if (this.queued >= this.options.maxBatchPoints) this.start();
    else if (!this.timer && !this.running) {
      this.timer = setTimeout(() => this.start(), this.options.flushIntervalMs);
    }
  }

  private start(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running || this.queue.length === 0) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      // Group commit: what arrived during the last batch is written at once, together.
      if (this.queue.length > 0) this.start();
    });
  }

  private async drain(): Promise<void> {
    do await this.writeNextBatch();
    while (this.queued >= this.options.maxBatchPoints);
  }

  private async writeNextBatch(): Promise<void> {
    let [count, points] = [0, 0];
    for (const w of this.queue) {
      if (count > 0 && points + w.points.length > this.options.maxBatchPoints) break;
      [count, points] = [count + 1, points + w.points.length];
    }
    const batch = this.queue.splice(0, count);
    this.queued -= points;
    // Only the callbacks wait for the commit: the points are garbage once handed over.
    const settlers = batch.map((w) => w.committed);
    // The queue has room again: what waits for it is queued for the next batch. Not at once:
    // `start` has not yet recorded this drain as running.
    void Promise.resolve().then(() => {
      this.admitWaiting();
      this.madeRoom?.();
    });
    try {
      const written = this.store.writeBatch(batch.flatMap((w) => w.points));
      batch.length = 0;
      await written;
    } catch (err) {
      for (const committed of settlers) committed(err);
      return;
    }
    for (const committed of settlers) committed();
  }
}

/**
 * Points split by series over `lanes` batching writers, each running its own transactions
 * (decision 0052): on PostgreSQL one transaction keeps one backend busy, so one lane stops
 * near 15,000 points/s whatever the cores. A series always goes to the same lane, so the
 * last point written at a (series, t) still wins, and lanes never touch the same rows
 * (raw points and rollups are keyed by series). A submit is refused whole or taken whole;
 * `committed` is called once every lane holding a part has committed it, with the first
 * error if one failed (what the other lanes committed is then written again, unchanged,
 * when the producer resends).
 */
export class LanedWriter extends PointSubmitter {
  private readonly lanes: BatchingWriter[];

  constructor(
    store: Pick<TimeSeriesStore, 'writeBatch'>,
    lanes: number,
    options: Partial<BatchingWriterOptions> = {},
  ) {
    const { maxQueuedPoints } = { ...DEFAULT_WRITER_OPTIONS, ...options };
    super(maxQueuedPoints);
    const count = Math.max(1, Math.floor(lanes));
    // The cap on waiting points is the writer's whole, shared out.
    const each = { ...options, maxQueuedPoints: Math.ceil(maxQueuedPoints / count) };
    this.lanes = Array.from(
      { length: count },
      () => new BatchingWriter(store, each, () => this.admitWaiting()),
    );
  }

  /** How many batches may be written at once. */
  get width(): number {
    return this.lanes.length;
  }

  get waitingPoints(): number {
    return this.lanes.reduce((sum, lane) => sum + lane.waitingPoints, 0);
  }

  submit(points: readonly Point[], committed: Committed): TimeSeriesError | undefined {
    const [first] = this.lanes;
    if (this.lanes.length === 1 && first) return first.submit(points, committed);
    const parts: Point[][] = this.lanes.map(() => []);
    for (const p of points) parts[Math.abs(p.seriesId) % parts.length]?.push(p);
    const taken = this.lanes.flatMap((lane, i) => {
      const part = parts[i] ?? [];
      return part.length > 0 ? [{ lane, part }] : [];
    });
    // Checked on every lane before any takes its part: refused whole or taken whole.
    for (const { lane, part } of taken) {
      const refusal = lane.refusal(part);
      // Counted over the whole writer, as a single lane would say it.
      if (refusal?.code === 'overloaded') return overloaded(this.waitingPoints);
      if (refusal) return refusal;
    }
    if (taken.length === 0) return first?.submit(points, committed);
    let [left, failure] = [taken.length, undefined as unknown];
    const settled: Committed = (err) => {
      if (err !== undefined && failure === undefined) failure = err;
      if (--left === 0) committed(failure);
    };
    for (const { lane, part } of taken) lane.take(part, settled);
    return undefined;
  }

  /** Writes everything waiting now in every lane. */
  async flush(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.flush()));
  }

  /** Refuses new points and those waiting for room, and flushes the queued ones (server shutdown). */
  async close(): Promise<void> {
    const closed = Promise.all(this.lanes.map((lane) => lane.close()));
    this.admitWaiting();
    await closed;
  }
}

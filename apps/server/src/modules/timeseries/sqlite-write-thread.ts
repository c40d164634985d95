import { Worker } from 'node:worker_threads';
import type { WriteGate } from '../../db/write-gate';
import { threadEntry } from '../../lib/thread-entry';
import type { GatewayPatch, GatewayPatchWriter } from '../../lib/tenancy/gateway-state.repository';
import { TimeSeriesError, type TimeSeriesErrorCode } from '../../lib/timeseries-error';
import type { PruneResult, PruneScope, Point, SeriesKey } from './timeseries.types';

/** How often the checkpointer thread copies the WAL back into the database (PASSIVE). */
const CHECKPOINT_EVERY_MS = 1_000;

/**
 * When the WAL is also emptied (TRUNCATE): at 16,384 frames, 64 MiB of 4 KiB pages, as the
 * checkpointer thread sees it (sqlite-checkpoint-worker.mjs); the writer thread runs it in its
 * turn to write, waiting at most 100 ms for readers.
 */
export const WAL_TRUNCATE = { frames: 16_384, waitMs: 100 };

/**
 * The writer thread's young generation: semi-spaces of 2 MiB. What it allocates dies with
 * its batch; V8 would otherwise grow them to 16 MiB each, 28 MiB more per server.
 */
const WRITER_YOUNG_GENERATION_MB = 6;

/**
 * What the writer thread is asked: a batch of points as (series, t, v) triples in one
 * transferred buffer, or series to create (their ids come back).
 */
export type WriteRequest =
  | { kind: 'write'; id: number; triples: Float64Array }
  | { kind: 'series'; id: number; keys: SeriesKey[] }
  | { kind: 'gateways'; id: number; patches: [string, GatewayPatch][]; bump: (string | null)[] }
  | { kind: 'prune'; id: number; scope: PruneScope; olderThan: number }
  | { kind: 'truncate'; id: number; waitMs: number };

/** The thread's answer once the work is committed (or failed). */
export interface WriteReply {
  id: number;
  ids?: number[];
  pruned?: PruneResult;
  /** A TRUNCATE checkpoint emptied the WAL. */
  truncated?: boolean;
  error?: { message: string; code?: TimeSeriesErrorCode };
}

export function encodePoints(points: readonly Point[]): Float64Array<ArrayBuffer> {
  const triples = new Float64Array(points.length * 3);
  points.forEach((p, i) => triples.set([p.seriesId, p.t, p.v], i * 3));
  return triples;
}

export function decodePoints(triples: Float64Array): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < triples.length; i += 3) {
    points.push({ seriesId: triples[i] ?? 0, t: triples[i + 1] ?? 0, v: triples[i + 2] ?? 0 });
  }
  return points;
}

/**
 * Time-series batches written by a worker thread with its own connection to the
 * same SQLite file (WAL: the main thread keeps reading meanwhile). The commit,
 * the rollup upserts and SQLite's WAL checkpoints then cost the event loop
 * nothing, so MQTT acknowledgements and console events are not held up behind
 * them. A batch's promise resolves after the thread's COMMIT.
 */
export class SqliteWriteThread implements GatewayPatchWriter {
  private readonly worker: Worker;
  private readonly checkpointer: Worker;
  private readonly pending = new Map<
    number,
    { resolve(reply: WriteReply): void; reject(err: Error): void }
  >();
  /** Series asked for during this turn of the event loop: created together. */
  private seriesQueue: { key: SeriesKey; resolve(id: number): void; reject(err: Error): void }[] =
    [];
  private nextId = 1;
  private failure: Error | undefined;
  /** WALs emptied so far (tests, diagnostics). */
  walTruncations = 0;
  private truncating = false;

  /** `gate`: the main connection's write turn (decision 0059), shared with the thread. */
  constructor(file: string, walTruncate = WAL_TRUNCATE, gate?: WriteGate) {
    // Compiled to plain JS once per process (threadEntry); else the bootstrap registers tsx
    // itself. The parent's flags (tsx, vitest's loaders) are not inherited.
    const entry = threadEntry(
      new URL('./sqlite-write-worker-main.ts', import.meta.url),
      new URL('./sqlite-write-worker.mjs', import.meta.url),
    );
    this.worker = new Worker(entry, {
      workerData: { file, gate: gate?.buffer },
      // A CPU profile of the server (--cpu-prof) covers this thread too.
      execArgv: process.execArgv.filter((a) => a.startsWith('--cpu-prof')),
      resourceLimits: { maxYoungGenerationSizeMb: WRITER_YOUNG_GENERATION_MB },
    });
    // Checkpoints move to a thread of their own: the writer's connection (and the main one,
    // see SqliteTimeSeriesStore) no longer checkpoint when they commit.
    this.checkpointer = new Worker(new URL('./sqlite-checkpoint-worker.mjs', import.meta.url), {
      workerData: {
        file,
        everyMs: CHECKPOINT_EVERY_MS,
        truncateFrames: walTruncate.frames,
      },
      execArgv: [],
    });
    this.checkpointer.on('error', () => {}); // the WAL then grows until the next start
    // The WAL passed its limit: the writer thread empties it in its turn (one at a time).
    this.checkpointer.on('message', () => {
      if (this.truncating) return;
      this.truncating = true;
      this.ask({ kind: 'truncate', id: this.nextId++, waitMs: walTruncate.waitMs })
        .then((reply) => {
          if (reply.truncated) this.walTruncations++;
        })
        .catch(() => {}) // closing, or busy: the checkpointer asks again
        .finally(() => (this.truncating = false));
    });
    this.checkpointer.unref();
    this.worker.on('message', (reply: WriteReply) => this.settle(reply));
    this.worker.on('error', (err) => this.fail(err));
    const threadId = this.worker.threadId;
    this.worker.on('exit', (code) => {
      // A thread stopped during its turn to write would keep the main thread waiting.
      gate?.releaseThread(threadId);
      this.fail(new Error(`time-series writer exited (${code})`));
    });
    // Idle, the thread does not keep the process alive (a batch under way does: it is awaited).
    this.worker.unref();
  }

  /** The limits V8 gave the writer thread's heap (known once the thread runs). */
  heapLimits(): Worker['resourceLimits'] {
    return this.worker.resourceLimits;
  }

  /** Not async: the points are not kept alive until the commit, only their encoding's reply. */
  write(points: readonly Point[]): Promise<void> {
    let triples: Float64Array<ArrayBuffer>;
    try {
      triples = encodePoints(points);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    return this.ask({ kind: 'write', id: this.nextId++, triples }, [triples.buffer]).then(() => {});
  }

  /**
   * The hub's coalesced gateway presence and info patches, committed by the thread: the
   * event loop never waits (in SQLite's busy handler) for the lock the thread holds.
   */
  async applyGatewayPatches(patches: Map<string, GatewayPatch>, bump: (string | null)[]) {
    await this.ask({ kind: 'gateways', id: this.nextId++, patches: [...patches], bump });
  }

  /** A retention prune, run by the thread: its deletes do not hold up the event loop. */
  async prune(scope: PruneScope, olderThan: number): Promise<PruneResult> {
    const reply = await this.ask({ kind: 'prune', id: this.nextId++, scope, olderThan });
    if (!reply.pruned) throw new Error('prune: no result');
    return reply.pruned;
  }

  /**
   * Creates a series (if missing) in the thread and gives its id. The series of one
   * event-loop turn (a gateway's arrival, a telegram batch) share one transaction, and
   * the main thread never waits for the write lock the thread holds.
   */
  createSeries(key: SeriesKey): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.seriesQueue.push({ key, resolve, reject }) === 1)
        setImmediate(() => void this.flushSeries());
    });
  }

  private async flushSeries() {
    const queue = this.seriesQueue;
    this.seriesQueue = [];
    try {
      const reply = await this.ask({
        kind: 'series',
        id: this.nextId++,
        keys: queue.map((q) => q.key),
      });
      queue.forEach((q, i) => {
        const id = reply.ids?.[i];
        if (id === undefined) q.reject(new Error('series not created'));
        else q.resolve(id);
      });
    } catch (err) {
      queue.forEach((q) => q.reject(err instanceof Error ? err : new Error(String(err))));
    }
  }

  private ask(request: WriteRequest, transfer: ArrayBuffer[] = []): Promise<WriteReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.worker.postMessage(request, transfer);
    });
  }

  async close() {
    this.failure ??= new Error('time-series writer closed');
    await this.worker.terminate();
    await this.checkpointer.terminate();
  }

  private settle(reply: WriteReply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (!reply.error) return waiting.resolve(reply);
    const { code, message } = reply.error;
    waiting.reject(code ? new TimeSeriesError(code, message) : new Error(message));
  }

  private fail(err: Error) {
    this.failure ??= err;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}

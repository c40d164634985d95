import { Worker } from 'node:worker_threads';
import { TimeSeriesError, type Point, type TimeSeriesErrorCode } from './timeseries.types';

/** A batch sent to the writer thread: (series, t, v) triples in one transferred buffer. */
export interface WriteRequest {
  id: number;
  triples: Float64Array;
}

/** The thread's answer once the batch is committed (or failed). */
export interface WriteReply {
  id: number;
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
export class SqliteWriteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(): void; reject(err: Error): void }>();
  private nextId = 1;
  private failure: Error | undefined;

  constructor(file: string) {
    // The bootstrap registers tsx itself: the thread loads TypeScript under `node --import
    // tsx`, vitest or a bench alike. The parent's flags (tsx, vitest's loaders) are not inherited.
    this.worker = new Worker(new URL('./sqlite-write-worker.mjs', import.meta.url), {
      workerData: { file },
      execArgv: [],
    });
    this.worker.on('message', (reply: WriteReply) => this.settle(reply));
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`time-series writer exited (${code})`)));
    // Idle, the thread does not keep the process alive (a batch under way does: it is awaited).
    this.worker.unref();
  }

  write(points: readonly Point[]): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const triples = encodePoints(points);
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const request: WriteRequest = { id, triples };
      this.worker.postMessage(request, [triples.buffer]);
    });
  }

  async close() {
    this.failure ??= new Error('time-series writer closed');
    await this.worker.terminate();
  }

  private settle(reply: WriteReply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (!reply.error) return waiting.resolve();
    const { code, message } = reply.error;
    waiting.reject(code ? new TimeSeriesError(code, message) : new Error(message));
  }

  private fail(err: Error) {
    this.failure ??= err;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}

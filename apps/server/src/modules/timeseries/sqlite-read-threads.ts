import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

/** Reader threads at most: one per core, up to 4 (a wide graph is split in as many parts). */
const MAX_THREADS = 4;

interface ReadReply {
  id: number;
  rows?: unknown[];
  error?: string;
}

/**
 * Reader threads of a SQLite file (decision 0051): each holds a read-only connection and
 * runs the compiled statements it is given. A wide graph's read, split in one part per
 * thread, then uses every core and leaves the event loop free (MQTT acknowledgements and
 * console pushes are not held up behind it). WAL lets them read beside the writer.
 * The statements are compiled by a repository; a thread only runs them.
 */
export class SqliteReadThreads {
  private readonly threads: { worker: Worker; busy: number }[] = [];
  private readonly pending = new Map<
    number,
    { resolve(rows: unknown[]): void; reject(err: Error): void; thread: { busy: number } }
  >();
  private nextId = 1;
  private failure: Error | undefined;

  readonly size: number;

  /** `size`: how many threads (at least 1); by default one per core, up to MAX_THREADS. */
  constructor(
    private readonly file: string,
    size = Math.min(MAX_THREADS, availableParallelism()),
  ) {
    this.size = Math.max(1, Math.floor(size));
  }

  /** False once a thread failed or the pool closed: the caller reads on its own connection. */
  get usable(): boolean {
    return this.failure === undefined;
  }

  /**
   * The rows of one compiled statement, read by the least busy thread. `readyColumn`: a
   * column of points as JSON text, checked by the thread (each row's `ready`).
   */
  all<R>(query: CompiledQuery<R>, readyColumn?: string): Promise<R[]> {
    if (this.failure) return Promise.reject(this.failure);
    if (!this.threads.length) this.start();
    const thread = this.threads.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = this.nextId++;
    thread.busy++;
    return new Promise<R[]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject, thread });
      thread.worker.postMessage({ id, sql: query.sql, parameters: query.parameters, readyColumn });
    });
  }

  /** Started on first read: a server that draws no graph pays nothing. */
  private start() {
    for (let i = 0; i < this.size; i++) {
      const worker = new Worker(new URL('./sqlite-read-worker.mjs', import.meta.url), {
        workerData: { file: this.file },
        execArgv: process.execArgv.filter((a) => a.startsWith('--cpu-prof')),
      });
      worker.on('message', (reply: ReadReply) => this.settle(reply));
      worker.on('error', (err) => this.fail(err));
      worker.on('exit', (code) => this.fail(new Error(`SQLite reader exited (${code})`)));
      // Idle, a reader does not keep the process alive (a read under way is awaited).
      worker.unref();
      this.threads.push({ worker, busy: 0 });
    }
  }

  private settle(reply: ReadReply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    waiting.thread.busy--;
    if (reply.error !== undefined) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.rows ?? []);
  }

  private fail(err: Error) {
    this.failure ??= err;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }

  async close() {
    this.failure ??= new Error('SQLite readers closed');
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}

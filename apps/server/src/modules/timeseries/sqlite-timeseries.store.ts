import type SQLite from 'better-sqlite3';
import { writeGateOf, type Db } from '../../db/database';
import type { WriteGate } from '../../db/write-gate';
import { SqliteWriteRepository } from './sqlite-timeseries.repository';
import { SqliteReadThreads } from './sqlite-read-threads';
import { SqliteWriteThread } from './sqlite-write-thread';
import { BaseTimeSeriesStore, type WriteTransaction } from './timeseries.store';
import type { Point, PruneResult, PruneScope, SeriesKey, StoreOptions } from './timeseries.types';

/**
 * Time series in SQLite: `ts_raw (series, t) WITHOUT ROWID` plus the rollup tables.
 * Writes use better-sqlite3 prepared statements directly (far faster than one
 * Kysely statement per point) while holding Kysely's single connection, so they
 * never interleave with a Kysely transaction of another module (so `writeBatch`
 * must not be awaited inside such a transaction: it would wait for itself).
 * In the server, batches go to a writer thread instead (sqlite-write-thread.ts), and wide
 * graph reads to reader threads (sqlite-read-threads.ts, decision 0051).
 */
export class SqliteTimeSeriesStore extends BaseTimeSeriesStore {
  private readonly writer: SqliteWriteRepository;
  private readonly useThread: boolean;
  private thread: SqliteWriteThread | undefined;
  private readonly readers: SqliteReadThreads | undefined;
  private closed = false;
  /** The file's write turn (decision 0059), shared with the writer thread. */
  private readonly gate: WriteGate | undefined;

  /**
   * `writerThread`: batches are written by a worker thread; `readThreads`: wide graph reads
   * are split across reader threads (each a file database only); `graphCacheBytes`: the most
   * the texts of sealed blocks may take (decision 0054).
   */
  constructor(
    db: Db,
    private readonly sqlite: SQLite.Database,
    options: StoreOptions = {},
  ) {
    const readers =
      options.readThreads && !sqlite.memory ? new SqliteReadThreads(sqlite.name) : undefined;
    super(db, readers, options.graphCacheBytes);
    this.readers = readers;
    this.writer = new SqliteWriteRepository(sqlite);
    this.useThread = Boolean(options.writerThread) && !sqlite.memory;
    this.gate = writeGateOf(db);
  }

  override writeBatch(points: readonly Point[]): Promise<void> {
    if (!this.useThread) return super.writeBatch(points);
    if (this.closed) return Promise.reject(new Error('time-series writer closed'));
    return this.writerThread().write(points);
  }

  /** A series that exists is read here; a new one is created by the writer thread. */
  protected override async createSeries(key: SeriesKey): Promise<number> {
    if (!this.useThread) return super.createSeries(key);
    const existing = await this.repo.findSeriesId(key);
    if (existing !== undefined) return existing;
    if (this.closed) throw new Error('time-series writer closed');
    return this.writerThread().createSeries(key);
  }

  /** In the server, retention deletes run on the writer thread too. */
  override prune(scope: PruneScope, olderThan: number): Promise<PruneResult> {
    if (!this.useThread || this.closed) return super.prune(scope, olderThan);
    return this.writerThread().prune(scope, olderThan);
  }

  /**
   * The writer thread, for other SQLite writes that must not hold up the event loop
   * (the hub's gateway state); undefined when this store writes inline.
   */
  sharedWriter(): SqliteWriteThread | undefined {
    return this.useThread && !this.closed ? this.writerThread() : undefined;
  }

  /** Started on first use: a server that records nothing pays nothing. */
  private writerThread(): SqliteWriteThread {
    if (!this.thread) {
      this.thread = new SqliteWriteThread(this.sqlite.name, undefined, this.gate);
      // The thread's checkpointer checkpoints; a commit on the event loop must not.
      this.sqlite.pragma('wal_autocheckpoint = 0');
    }
    return this.thread;
  }

  override async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.thread?.close(), this.readers?.close()]);
  }

  protected async inTransaction(work: (tx: WriteTransaction) => Promise<void>): Promise<void> {
    const transaction = async () => {
      // IMMEDIATE takes the write lock now rather than failing half-way on a busy database.
      this.sqlite.exec('BEGIN IMMEDIATE');
      try {
        await work(this.writer);
        this.sqlite.exec('COMMIT');
      } catch (err) {
        if (this.sqlite.inTransaction) this.sqlite.exec('ROLLBACK');
        throw err;
      }
    };
    // In the file's turn to write: BEGIN then finds SQLite's lock free (decision 0059).
    const gate = this.gate;
    await this.db.connection().execute(() => (gate ? gate.run(transaction) : transaction()));
  }
}

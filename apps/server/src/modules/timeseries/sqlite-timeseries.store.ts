import type SQLite from 'better-sqlite3';
import type { Db } from '../../db/database';
import { SqliteWriteRepository } from './sqlite-timeseries.repository';
import { BaseTimeSeriesStore, type WriteTransaction } from './timeseries.store';

/**
 * Time series in SQLite: `ts_raw (series, t) WITHOUT ROWID` plus the rollup tables.
 * Writes use better-sqlite3 prepared statements directly (far faster than one
 * Kysely statement per point) while holding Kysely's single connection, so they
 * never interleave with a Kysely transaction of another module (so `writeBatch`
 * must not be awaited inside such a transaction: it would wait for itself).
 */
export class SqliteTimeSeriesStore extends BaseTimeSeriesStore {
  private readonly writer: SqliteWriteRepository;

  constructor(
    db: Db,
    private readonly sqlite: SQLite.Database,
  ) {
    super(db);
    this.writer = new SqliteWriteRepository(sqlite);
  }

  protected async inTransaction(work: (tx: WriteTransaction) => Promise<void>): Promise<void> {
    await this.db.connection().execute(async () => {
      // IMMEDIATE takes the write lock now rather than failing half-way on a busy database.
      this.sqlite.exec('BEGIN IMMEDIATE');
      try {
        await work(this.writer);
        this.sqlite.exec('COMMIT');
      } catch (err) {
        if (this.sqlite.inTransaction) this.sqlite.exec('ROLLBACK');
        throw err;
      }
    });
  }
}

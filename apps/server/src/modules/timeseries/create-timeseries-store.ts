import { sqliteHandleOf, type Db } from '../../db/database';
import type { WarnLog } from './postgres-partitions.repository';
import { PostgresTimeSeriesStore } from './postgres-timeseries.store';
import { SqliteTimeSeriesStore } from './sqlite-timeseries.store';
import type { StoreOptions, TimeSeriesStore } from './timeseries.types';

/**
 * The store for the database behind `db`: SQLite when it has a SQLite handle, else
 * PostgreSQL. `writerThread`: SQLite batches are written by a worker thread; `readThreads`:
 * wide SQLite graph reads are split across reader threads (both in the server);
 * `graphCacheBytes`: the most the texts of sealed blocks may take (decision 0054).
 */
export function createTimeSeriesStore(
  db: Db,
  log?: WarnLog,
  options: StoreOptions = {},
): TimeSeriesStore {
  const sqlite = sqliteHandleOf(db);
  return sqlite
    ? new SqliteTimeSeriesStore(db, sqlite, options)
    : new PostgresTimeSeriesStore(db, log, options.graphCacheBytes);
}

import type { Db } from '../../db/database';
import { RawPartitions, type WarnLog } from './postgres-partitions.repository';
import { PostgresWriteRepository } from './postgres-timeseries.repository';
import { BaseTimeSeriesStore, type WriteTransaction } from './timeseries.store';
import type { Point } from './timeseries.types';

/**
 * Time series in PostgreSQL: `ts_raw` partitioned by month of `t`, plus the rollup
 * tables. A batch is a handful of statements over unnest'ed arrays, whatever its size.
 */
export class PostgresTimeSeriesStore extends BaseTimeSeriesStore {
  /** Batches written at once, each in its own transaction on its own connection (decision 0052). */
  static readonly writeLanes = 2;

  private readonly partitions: RawPartitions;

  /** `graphCacheBytes`: the most the texts of sealed blocks may take (decision 0054). */
  constructor(db: Db, log?: WarnLog, graphCacheBytes?: number) {
    super(db, undefined, graphCacheBytes);
    this.partitions = new RawPartitions(db, log);
  }

  protected override prepareWrite(sorted: readonly Point[]): Promise<void> {
    return this.partitions.ensure(sorted);
  }

  protected override dropWholePartitions(cutoff: number): Promise<string[]> {
    return this.partitions.dropOlder(cutoff);
  }

  protected async inTransaction(work: (tx: WriteTransaction) => Promise<void>): Promise<void> {
    await this.db.transaction().execute((trx) => work(new PostgresWriteRepository(trx)));
  }
}

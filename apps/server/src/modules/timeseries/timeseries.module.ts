import type { Db } from '../../db/database';
import type { GatewayPatchWriter } from '../../lib/tenancy/gateway-state.repository';
import { LanedWriter } from './batching-writer';
import { createTimeSeriesStore } from './create-timeseries-store';
import type { WarnLog } from './postgres-partitions.repository';
import { RetentionSweep, type RetentionSweepDeps, type SweepLog } from './retention-sweep';
import { PostgresTimeSeriesStore } from './postgres-timeseries.store';
import { SqliteTimeSeriesStore } from './sqlite-timeseries.store';

/** What the time-series module is built from (see app.ts). */
export interface TimeSeriesModuleDeps {
  db: Db;
  log: WarnLog & SweepLog;
  /** Every project's plan, read at each retention sweep (projects module). */
  subscriptions: RetentionSweepDeps['subscriptions'];
  /** What wide graphs may keep of sealed blocks (`GRAPH_CACHE_MB`, decision 0054). */
  graphCacheBytes: number;
}

/**
 * The time-series store (on SQLite, batches go to a writer thread, decision 0010), the
 * batching writer every producer submits to, and the retention sweep. app.ts starts and
 * stops them with the server.
 */
export function createTimeSeriesModule(d: TimeSeriesModuleDeps) {
  const store = createTimeSeriesStore(d.db, d.log, {
    writerThread: true,
    readThreads: true,
    graphCacheBytes: d.graphCacheBytes,
  });
  // SQLite has one writer thread; PostgreSQL writes batches of disjoint series side by side.
  const lanes = store instanceof PostgresTimeSeriesStore ? PostgresTimeSeriesStore.writeLanes : 1;
  const writer = new LanedWriter(store, lanes);
  const sweep = new RetentionSweep({ store, subscriptions: d.subscriptions, log: d.log });
  return {
    store,
    writer,
    sweep,
    /**
     * On SQLite, the writer thread, which also commits the hub's gateway state
     * (decision 0012); undefined on PostgreSQL or while the thread is not running.
     */
    gatewayPatchWriter: (): GatewayPatchWriter | undefined =>
      store instanceof SqliteTimeSeriesStore ? store.sharedWriter() : undefined,
  };
}

export type TimeSeriesModule = ReturnType<typeof createTimeSeriesModule>;

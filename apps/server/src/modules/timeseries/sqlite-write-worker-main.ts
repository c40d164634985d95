import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { openDatabase, sqliteHandleOf, writeGateOf } from '../../db/database';
import { applyGatewayPatchesSqlite } from '../../lib/tenancy/gateway-state.repository';
import { SqliteTimeSeriesStore } from './sqlite-timeseries.store';
import { decodePoints, type WriteReply, type WriteRequest } from './sqlite-write-thread';
import { TimeSeriesRepository } from './timeseries.repository';
import { reportThreadEvery } from '../../lib/thread-diagnostics';
import { TimeSeriesError } from '../../lib/timeseries-error';
import { WRITE_GATE_WAIT_MS } from '../../db/write-gate';
import type { SeriesKey } from './timeseries.types';

/**
 * The writer thread: the same store and write algorithm as the main thread, on
 * its own connection to the SQLite file, one batch at a time in arrival order.
 */
const { file, gate: gateBuffer } = z
  .object({ file: z.string().min(1), gate: z.instanceof(SharedArrayBuffer).optional() })
  .parse(workerData);
// The main connection's write turn (decision 0059): this thread's transactions wait in line.
const db = openDatabase({ kind: 'sqlite', file }, { writeGate: gateBuffer });
const handle = sqliteHandleOf(db);
const turn = writeGateOf(db);
if (!handle || !turn || !parentPort)
  throw new Error('the writer thread needs a SQLite file and a parent');
const sqlite = handle;
const gate = turn;
// The checkpointer thread checkpoints: a commit here never stops to copy the WAL back.
sqlite.pragma('wal_autocheckpoint = 0');
// A page cache of 64 MiB (SQLite's default is 2 MiB): the rollup rows of thousands of series
// are updated every second, and each miss costs a read and a WAL look-up.
sqlite.pragma('cache_size = -65536');
const port = parentPort;
const store = new SqliteTimeSeriesStore(db, sqlite);

/**
 * Empties the WAL (TRUNCATE) in this thread's turn, waiting at most `waitMs` for readers;
 * whether it did.
 */
function truncateWal(waitMs: number): Promise<boolean> {
  return gate.run(() => {
    sqlite.pragma(`busy_timeout = ${waitMs}`);
    try {
      const [result] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      return result?.busy === 0;
    } finally {
      sqlite.pragma(`busy_timeout = ${WRITE_GATE_WAIT_MS}`);
    }
  });
}

/** Creates the missing series of one request in one transaction; their ids, in order. */
function createSeries(keys: SeriesKey[]): Promise<number[]> {
  return db.transaction().execute((trx) => new TimeSeriesRepository(trx).createSeries(keys));
}

let chain = Promise.resolve();
port.on('message', (request: WriteRequest) => {
  chain = chain.then(async () => {
    let reply: WriteReply = { id: request.id };
    try {
      if (request.kind === 'write') await store.writeBatch(decodePoints(request.triples));
      else if (request.kind === 'prune')
        reply = { id: request.id, pruned: await store.prune(request.scope, request.olderThan) };
      else if (request.kind === 'gateways')
        await gate.run(() =>
          applyGatewayPatchesSqlite(sqlite, new Map(request.patches), request.bump),
        );
      else if (request.kind === 'truncate')
        reply = { id: request.id, truncated: await truncateWal(request.waitMs) };
      else reply = { id: request.id, ids: await createSeries(request.keys) };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      reply = {
        id: request.id,
        error: err instanceof TimeSeriesError ? { message, code: err.code } : { message },
      };
    }
    port.postMessage(reply);
  });
});

// HUB_BENCH_DIAG=1 (the benchmarks): this thread's heap, GC and event-loop delay every 2 s.
if (process.env.HUB_BENCH_DIAG) reportThreadEvery('sqlite writer', 2_000);

import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { openDatabase, sqliteHandleOf } from '../../db/database';
import { SqliteTimeSeriesStore } from './sqlite-timeseries.store';
import { decodePoints, type WriteReply, type WriteRequest } from './sqlite-write-thread';
import { TimeSeriesError } from './timeseries.types';

/**
 * The writer thread: the same store and write algorithm as the main thread, on
 * its own connection to the SQLite file, one batch at a time in arrival order.
 */
const { file } = z.object({ file: z.string().min(1) }).parse(workerData);
const db = openDatabase({ kind: 'sqlite', file });
const sqlite = sqliteHandleOf(db);
if (!sqlite || !parentPort) throw new Error('the writer thread needs a SQLite file and a parent');
const port = parentPort;
const store = new SqliteTimeSeriesStore(db, sqlite);

let chain = Promise.resolve();
port.on('message', (request: WriteRequest) => {
  chain = chain.then(async () => {
    let reply: WriteReply = { id: request.id };
    try {
      await store.writeBatch(decodePoints(request.triples));
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

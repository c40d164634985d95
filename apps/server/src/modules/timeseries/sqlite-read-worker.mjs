// A reader thread of a SQLite file (sqlite-read-threads.ts): runs the compiled statements
// it is sent on a read-only connection of its own and posts back their rows, so that a
// wide graph's read neither holds up the event loop nor waits for one core.
/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment --
   plain JS, kept free of tsx so it starts at once: better-sqlite3's types are not resolved here */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { pointsTextReady } from '../../lib/points-json-text.mjs';

const db = new Database(String(workerData.file), { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
/** Prepared statements by SQL text; the texts are the few shapes of the graph reads. */
const statements = new Map();
const STATEMENTS_KEPT = 64;

// `readyColumn`: a column of points as JSON text (decision 0043), checked here beside the
// read: `ready` is true on each row whose text the reply can take as it is.
parentPort?.on('message', ({ id, sql, parameters, readyColumn }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= STATEMENTS_KEPT) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    const rows = statement.all(...parameters);
    if (readyColumn) for (const row of rows) row.ready = pointsTextReady(String(row[readyColumn]));
    parentPort?.postMessage({ id, rows });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});

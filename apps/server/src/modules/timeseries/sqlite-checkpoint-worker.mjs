// The WAL checkpointer of a SQLite file written by the writer thread (sqlite-write-thread.ts):
// PASSIVE checkpoints on a connection of its own, so that neither the event loop nor the
// writer thread waits for the checkpoint's copying and fsync.
//
// A PASSIVE checkpoint never restarts the WAL: SQLite writes from its start again only when a
// transaction begins after every frame was copied back, and with commits every 200 ms new
// frames always arrive while a checkpoint copies. So the file grew for as long as the server
// ran (3 GB in three minutes of 10,000 gateways' infos). Once the WAL holds `truncateFrames`
// frames, this thread says so (`{ frames }`): the writer thread then runs a TRUNCATE
// checkpoint in its turn to write (WriteGate, decision 0059), which copies the few frames
// left and empties the file. Run here, outside the writers' line, it blocked them: a writer
// then slept in SQLite's busy handler, and on the main thread that stopped the event loop.
/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return --
   plain JS, kept free of tsx so it starts at once: better-sqlite3's types are not resolved here */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(String(workerData.file));
const WAIT_MS = 5000;
db.pragma(`busy_timeout = ${WAIT_MS}`);
const truncateFrames = Number(workerData.truncateFrames);

/** One checkpoint: `{ busy, log, checkpointed }` as SQLite reports it. */
const checkpoint = (mode) => db.pragma(`wal_checkpoint(${mode})`)[0];

const timer = setInterval(() => {
  try {
    const passive = checkpoint('PASSIVE');
    // Written so that a missing limit (NaN) never truncates rather than always.
    if (!passive || !(passive.log >= truncateFrames)) return;
    parentPort?.postMessage({ frames: passive.log });
  } catch {
    // Busy or closing: the next turn tries again.
  }
}, Number(workerData.everyMs));
parentPort?.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort?.close();
});

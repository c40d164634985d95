// The WAL checkpointer of a SQLite file written by the writer thread (sqlite-write-thread.ts):
// PASSIVE checkpoints on a connection of its own, so that neither the event loop nor the
// writer thread waits for the checkpoint's copying and fsync.
/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment --
   plain JS, kept free of tsx so it starts at once: better-sqlite3's types are not resolved here */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(String(workerData.file));
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next turn tries again.
  }
}, Number(workerData.everyMs));
parentPort?.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort?.close();
});

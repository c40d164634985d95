import { parentPort, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { openDatabase, sqliteHandleOf, writeGateOf } from './database';

/**
 * A second writer of a test's SQLite file, in its own thread (write-gate.test.ts): on `hold`
 * it takes the shared gate and SQLite's write lock, inserts a row and says `holding`; on
 * `commit` it commits and gives its turn back; on `exit` it stops, with or without its turn.
 */
const { file, gate } = workerData as { file: string; gate: SharedArrayBuffer };
const db = openDatabase({ kind: 'sqlite', file }, { writeGate: gate });
const sqlite = sqliteHandleOf(db);
const turn = writeGateOf(db);
const port = parentPort;
if (!sqlite || !turn || !port) throw new Error('a SQLite file and a parent are needed');

port.on('message', (message: string) => {
  if (message === 'hold')
    void turn.acquire().then(() => {
      sqlite.exec('BEGIN IMMEDIATE');
      sqlite.prepare("INSERT INTO t (v) VALUES ('thread')").run();
      port.postMessage('holding');
    });
  else if (message === 'commit') {
    sqlite.exec('COMMIT');
    turn.release();
    port.postMessage('committed');
  } else if (message === 'exit') process.exit(0);
  else if (message === 'write')
    // A Kysely write of this thread, waiting in line like the main thread's.
    void sql`insert into t (v) values ('thread write')`
      .execute(db)
      .then(() => port.postMessage('written'));
});
port.postMessage('ready');

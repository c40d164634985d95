import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { threadEntry } from '../lib/thread-entry';
import { openDatabase, writeGateOf, type Db } from './database';
import { WriteGate, WriteGateTimeout } from './write-gate';

let dir: string;
let db: Db;
let file: string;
const workers: Worker[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-gate-'));
  file = join(dir, 'test.sqlite');
  db = openDatabase({ kind: 'sqlite', file });
  await sql`create table t (id integer primary key, v text not null)`.execute(db);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.terminate()));
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const values = async () =>
  (await sql<{ v: string }>`select v from t order by id`.execute(db)).rows.map((r) => r.v);

/** The second writer thread (write-gate.worker.testing.ts) on the same file and gate. */
async function startWriter() {
  const source = new URL('./write-gate.worker.testing.ts', import.meta.url);
  const gate = writeGateOf(db);
  const worker = new Worker(threadEntry(source, source), {
    workerData: { file, gate: gate?.buffer },
  });
  workers.push(worker);
  const next = async () => String((await once(worker, 'message'))[0]);
  expect(await next()).toBe('ready');
  return { worker, next, send: (m: string) => worker.postMessage(m) };
}

/** The longest the event loop went without running a 5 ms timer, while `work` ran. */
async function longestStall(work: () => Promise<unknown>) {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return longest;
}

describe('the write gate (decision 0059)', () => {
  it('gives turns in arrival order, skips a writer that gave up, and frees a dead holder', async () => {
    const gate = new WriteGate();
    const order: string[] = [];
    await gate.acquire();
    const a = gate.run(() => order.push('a'));
    const late = gate.acquire(20); // gives up while the first turn lasts
    const b = gate.run(() => order.push('b'));
    await expect(late).rejects.toBeInstanceOf(WriteGateTimeout);
    expect(order).toEqual([]);
    gate.release();
    await Promise.all([a, b]);
    expect(order).toEqual(['a', 'b']);
    // A thread that died during its turn (here this one, thread 0) gives it back.
    await gate.acquire();
    gate.releaseThread(0);
    await gate.run(() => order.push('c'));
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('a write waits for another thread without stopping the event loop, then both are stored', async () => {
    const writer = await startWriter();
    writer.send('hold');
    expect(await writer.next()).toBe('holding');
    // SQLite's lock is held by the thread: without the gate the main thread slept in the busy
    // handler for busy_timeout (5 s, the event loop stopped) and failed: 'database is locked'.
    let stored = false;
    const write = sql`insert into t (v) values ('main')`.execute(db).then(() => (stored = true));
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into t (v) values ('main transaction')`.execute(trx);
    });
    const stall = await longestStall(() => new Promise((r) => setTimeout(r, 300)));
    expect(stall).toBeLessThan(200);
    expect(stored).toBe(false); // still waiting for its turn
    writer.send('commit');
    expect(await writer.next()).toBe('committed');
    await Promise.all([write, transaction]);
    expect(await values()).toEqual(['thread', 'main', 'main transaction']);
  });

  it("a thread stopped during its turn gives it back (the writer thread's exit handler)", async () => {
    const writer = await startWriter();
    const gate = writeGateOf(db);
    const { threadId } = writer.worker;
    writer.worker.on('exit', () => gate?.releaseThread(threadId));
    writer.send('hold');
    expect(await writer.next()).toBe('holding');
    const write = sql`insert into t (v) values ('after')`.execute(db);
    writer.send('exit');
    await once(writer.worker, 'exit');
    await write;
    // The thread's uncommitted row went with its connection.
    expect(await values()).toEqual(['after']);
  });

  it("another thread's Kysely writes wait in the same line", async () => {
    const writer = await startWriter();
    const trx = await db.startTransaction().execute();
    await sql`insert into t (v) values ('main first')`.execute(trx);
    writer.send('write');
    await new Promise((r) => setTimeout(r, 100));
    await trx.commit().execute();
    expect(await writer.next()).toBe('written');
    expect(await values()).toEqual(['main first', 'thread write']);
  });
});

import { threadId } from 'node:worker_threads';

/**
 * The turn to write one SQLite file, shared by the threads of this process that write it: the
 * main connection and the time-series writer thread (its batches, and the WAL's TRUNCATE)
 * (decision 0059). A thread waits for at most one turn at a time on a connection, so the
 * ring's 64 slots hold far more than can be in line.
 *
 * SQLite's own lock has no queue: a connection that finds it taken sleeps in its busy handler
 * (1, 2, 5, … then 100 ms at a time) and tries again. On the main thread that sleep stops the
 * event loop (up to 250 ms per write measured at 10,000 gateways), and a waiter that keeps
 * missing the moments the lock is free gives up after busy_timeout ("database is locked"):
 * batches of telegrams were lost that way. Here each writer takes a ticket and waits for its
 * turn without blocking (Atomics.waitAsync), in arrival order; SQLite's lock is then free
 * when it begins. busy_timeout stays for other processes.
 *
 * A ticket lock on a SharedArrayBuffer: `next` hands out tickets, `serving` is the ticket whose
 * turn it is, and a ring of slots says of each ticket in line whether its turn came (GRANTED)
 * or its waiter gave up (ABANDONED: the release skips it). `owner` keeps which thread holds
 * each ticket, so that the thread's death can give its turn back (releaseThread).
 */
const NEXT = 0;
const SERVING = 1;
const SLOTS = 64; // far more than the writers that can wait at once (one per thread)
const STATE = 2;
const OWNER = STATE + SLOTS;
const LENGTH = OWNER + SLOTS;
const FREE = 0;
const GRANTED = 1;
const ABANDONED = 2;

/** Atomics.waitAsync (Node 16 and later; TypeScript types it from its ES2024 library only). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      cells: Int32Array,
      index: number,
      value: number,
      timeoutMs: number,
    ): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync.bind(Atomics);

/** How long a writer waits for its turn by default, and SQLite's busy_timeout (database.ts). */
export const WRITE_GATE_WAIT_MS = 5_000;

/** The error of a writer that waited too long, as SQLite words its own. */
export class WriteGateTimeout extends Error {
  readonly code = 'SQLITE_BUSY';
  constructor(waitedMs: number) {
    super(`database is locked (no turn to write within ${waitedMs} ms)`);
  }
}

export class WriteGate {
  readonly buffer: SharedArrayBuffer;
  private readonly cells: Int32Array;

  /** A new gate, or (in another thread) the gate whose `buffer` was passed over. */
  constructor(buffer?: SharedArrayBuffer) {
    this.buffer = buffer ?? new SharedArrayBuffer(LENGTH * 4);
    this.cells = new Int32Array(this.buffer);
    if (!buffer) Atomics.store(this.cells, STATE, GRANTED); // ticket 0's turn
  }

  private static slot(ticket: number) {
    return ticket & (SLOTS - 1); // tickets wrap around as int32: still the right slot
  }

  /** Waits for this thread's turn; throws WriteGateTimeout after `waitMs`. */
  async acquire(waitMs = WRITE_GATE_WAIT_MS): Promise<void> {
    const ticket = Atomics.add(this.cells, NEXT, 1);
    const slot = WriteGate.slot(ticket);
    Atomics.store(this.cells, OWNER + slot, threadId + 1);
    const deadline = performance.now() + waitMs;
    for (;;) {
      const state = Atomics.load(this.cells, STATE + slot);
      if (state === GRANTED) return;
      const left = deadline - performance.now();
      if (left <= 0) {
        // Give the ticket up, unless its turn came just now.
        if (Atomics.compareExchange(this.cells, STATE + slot, FREE, ABANDONED) === FREE) {
          throw new WriteGateTimeout(waitMs);
        }
        continue;
      }
      const wait = waitAsync(this.cells, STATE + slot, state, left);
      if (wait.async) await wait.value;
    }
  }

  /** Ends the current turn and gives the next to the first ticket still waiting. */
  release(): void {
    let ticket = Atomics.load(this.cells, SERVING);
    const held = WriteGate.slot(ticket);
    Atomics.store(this.cells, OWNER + held, 0);
    Atomics.store(this.cells, STATE + held, FREE);
    for (;;) {
      ticket = (ticket + 1) | 0;
      Atomics.store(this.cells, SERVING, ticket);
      const slot = WriteGate.slot(ticket);
      // A ticket not handed out yet is granted too: its taker finds its turn has come.
      if (Atomics.compareExchange(this.cells, STATE + slot, FREE, GRANTED) === FREE) {
        Atomics.notify(this.cells, STATE + slot);
        return;
      }
      Atomics.store(this.cells, OWNER + slot, 0);
      Atomics.store(this.cells, STATE + slot, FREE); // abandoned: skipped
    }
  }

  /** Runs `work` in this thread's turn. */
  async run<T>(work: () => T | Promise<T>, waitMs?: number): Promise<T> {
    await this.acquire(waitMs);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /**
   * A thread that died (`id`: its threadId) gives back the turn it held, if any. Its tickets
   * still in line cannot be waiting any more, and their waits ended with the thread.
   */
  releaseThread(id: number): void {
    const slot = WriteGate.slot(Atomics.load(this.cells, SERVING));
    const heldByIt =
      Atomics.load(this.cells, OWNER + slot) === id + 1 &&
      Atomics.load(this.cells, STATE + slot) === GRANTED;
    for (let s = 0; s < SLOTS; s++) {
      if (s !== slot && Atomics.load(this.cells, OWNER + s) === id + 1)
        Atomics.compareExchange(this.cells, STATE + s, FREE, ABANDONED);
    }
    if (heldByIt) this.release();
  }
}

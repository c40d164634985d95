import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchingWriter, LanedWriter } from './batching-writer';
import type { Point } from './timeseries.types';

/** A store whose commits the test completes by hand. */
function manualStore() {
  const batches: { points: readonly Point[]; commit(): void; fail(err: Error): void }[] = [];
  const store = {
    writeBatch: (points: readonly Point[]) =>
      new Promise<void>((resolve, reject) => {
        batches.push({ points, commit: resolve, fail: reject });
      }),
  };
  return { store, batches };
}

const pts = (n: number, t0 = 0): Point[] =>
  Array.from({ length: n }, (_, i) => ({ seriesId: 1, t: t0 + i, v: i }));

/** Whether a promise has settled, without waiting for it. */
async function state(p: Promise<unknown>): Promise<'pending' | 'resolved' | 'rejected'> {
  const pending = Symbol('pending');
  try {
    return (await Promise.race([p, Promise.resolve(pending)])) === pending ? 'pending' : 'resolved';
  } catch {
    return 'rejected';
  }
}

/** Batches of 5 points, at most 10 waiting: small enough to fill by hand. */
const SMALL_QUEUE = { maxBatchPoints: 5, maxQueuedPoints: 10, flushIntervalMs: 1 };

afterEach(() => {
  vi.useRealTimers();
});

describe('batching writer', () => {
  it('writes many producers in one batch and resolves each only after its commit', async () => {
    vi.useFakeTimers();
    const { store, batches } = manualStore();
    const writer = new BatchingWriter(store, { flushIntervalMs: 20, maxBatchPoints: 100 });
    const writes = [writer.write(pts(3)), writer.write(pts(2, 10)), writer.write(pts(1, 20))];
    await vi.advanceTimersByTimeAsync(19);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.map((b) => b.points.length)).toEqual([6]);
    expect(await Promise.all(writes.map(state))).toEqual(['pending', 'pending', 'pending']);
    batches[0]!.commit();
    await vi.advanceTimersByTimeAsync(0);
    expect(await Promise.all(writes.map(state))).toEqual(['resolved', 'resolved', 'resolved']);
  });

  it('starts a batch as soon as enough points wait, one batch at a time, in order', async () => {
    vi.useFakeTimers();
    const { store, batches } = manualStore();
    const writer = new BatchingWriter(store, { flushIntervalMs: 1000, maxBatchPoints: 4 });
    const first = writer.write(pts(3));
    const second = writer.write(pts(3, 10)); // 6 waiting ≥ 4: no need to wait for the timer
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((b) => b.points.length)).toEqual([3]); // a write is never split
    const third = writer.write(pts(9, 20)); // bigger than a batch: kept whole
    batches[0]!.commit();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((b) => b.points.length)).toEqual([3, 3]);
    batches[1]!.commit();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((b) => b.points[0]?.t)).toEqual([0, 10, 20]);
    batches[2]!.commit();
    await expect(Promise.all([first, second, third])).resolves.toBeDefined();
  });

  it('refuses writes beyond its bounded queue, and accepts again once drained', async () => {
    const { store, batches } = manualStore();
    const writer = new BatchingWriter(store, SMALL_QUEUE);
    const first = writer.write(pts(5)); // a full batch: written at once
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    const second = writer.write(pts(4, 10)); // waits behind the running batch
    expect(writer.waitingPoints).toBe(4);
    await expect(writer.write(pts(7, 20))).rejects.toMatchObject({ code: 'overloaded' });
    batches[0]!.commit();
    await first;
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    expect(writer.waitingPoints).toBe(0);
    const third = writer.write(pts(7, 20));
    batches[1]!.commit();
    await second;
    await vi.waitFor(() => expect(batches).toHaveLength(3));
    batches[2]!.commit();
    await third;
  });

  it("keeps an overloaded writer's points waiting for room, queues them in arrival order after commits, and refuses past the room", async () => {
    const { store, batches } = manualStore();
    const writer = new BatchingWriter(store, SMALL_QUEUE);
    const calls: string[] = [];
    const record = (name: string) => (err?: unknown) =>
      calls.push(err === undefined ? name : `${name}: ${(err as { code?: string }).code}`);
    expect(writer.submitOrWait(pts(5), record('a'))).toBeUndefined(); // a full batch, written
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    expect(writer.submitOrWait(pts(8, 10), record('b'))).toBeUndefined(); // queued: 8 of 10
    expect(writer.submitOrWait(pts(4, 20), record('c'))).toBeUndefined(); // no room: waits
    expect(writer.roomFigures).toEqual({
      waitingForRoom: 4,
      peakWaitingForRoom: 4,
      waitedForRoom: 1,
    });
    // With points waiting for room, a later submission waits behind them even if it would fit.
    expect(writer.submitOrWait(pts(1, 30), record('d'))).toBeUndefined();
    // The room holds as many points as the queue (10): past it, refused at once.
    expect(writer.submitOrWait(pts(6, 40), record('e'))).toMatchObject({ code: 'overloaded' });
    expect(writer.submitOrWait([{ seriesId: 1, t: 1, v: NaN }], record('f'))).toMatchObject({
      code: 'invalidPoint',
    });
    // More than the whole queue could ever take: refused, never kept waiting.
    expect(writer.submitOrWait(pts(11, 50), record('g'))).toMatchObject({ code: 'overloaded' });
    expect([writer.waitingPoints, writer.roomFigures.waitingForRoom]).toEqual([8, 5]);
    batches[0]!.commit(); // a committed: b is written (8), which makes room for c and d (5)
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    expect([writer.waitingPoints, writer.roomFigures.waitingForRoom]).toEqual([5, 0]);
    batches[1]!.commit();
    await vi.waitFor(() => expect(batches).toHaveLength(3));
    batches[2]!.commit();
    await vi.waitFor(() => expect(calls).toEqual(['a', 'b', 'c', 'd']));
    // Arrival order kept: the points of c before those of d, in one batch.
    expect(batches[2]!.points.map((p) => p.t)).toEqual([20, 21, 22, 23, 30]);
    expect(writer.roomFigures).toEqual({
      waitingForRoom: 0,
      peakWaitingForRoom: 5,
      waitedForRoom: 2,
    });
  });

  it('refuses what waits for room when it closes, and writes what was queued', async () => {
    const { store, batches } = manualStore();
    const writer = new BatchingWriter(store, { maxBatchPoints: 4, maxQueuedPoints: 4 });
    const calls: unknown[] = [];
    expect(writer.submitOrWait(pts(4), (err) => calls.push(err ?? 'a'))).toBeUndefined();
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    expect(writer.submitOrWait(pts(4, 10), (err) => calls.push(err ?? 'b'))).toBeUndefined();
    expect(writer.submitOrWait(pts(2, 20), (err) => calls.push(err ?? 'c'))).toBeUndefined();
    expect(writer.roomFigures.waitingForRoom).toBe(2);
    const closed = writer.close();
    expect(calls).toEqual([expect.objectContaining({ code: 'writerClosed' })]);
    batches[0]!.commit();
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    batches[1]!.commit();
    await closed;
    expect(calls.slice(1)).toEqual(['a', 'b']);
    expect(writer.roomFigures.waitingForRoom).toBe(0);
  });

  it('rejects the producers of a failed batch only, with the cause', async () => {
    const { store, batches } = manualStore();
    const writer = new BatchingWriter(store, { maxBatchPoints: 2 });
    const failed = writer.write(pts(2));
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    const next = writer.write(pts(2, 10));
    batches[0]!.fail(new Error('disk full'));
    await expect(failed).rejects.toThrow('disk full');
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    batches[1]!.commit();
    await expect(next).resolves.toBeUndefined();
  });

  it('rejects an invalid point alone, before it can spoil a shared batch', async () => {
    const { store, batches } = manualStore();
    const writer = new BatchingWriter(store, { flushIntervalMs: 1 });
    const good = writer.write(pts(1));
    await expect(writer.write([{ seriesId: 1, t: 1, v: Infinity }])).rejects.toMatchObject({
      code: 'invalidPoint',
    });
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]!.points).toHaveLength(1);
    batches[0]!.commit();
    await good;
  });

  it('flushes what waits on close and refuses new points afterwards', async () => {
    const { store, batches } = manualStore();
    const writer = new BatchingWriter(store, { flushIntervalMs: 60_000 });
    const waiting = writer.write(pts(3));
    const closed = writer.close();
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    batches[0]!.commit();
    await Promise.all([waiting, closed]);
    await expect(writer.write(pts(1))).rejects.toMatchObject({ code: 'writerClosed' });
  });

  it('tells at once whether an offer was taken, and commits a taken one later', async () => {
    const { store, batches } = manualStore();
    const writer = new BatchingWriter(store, { maxQueuedPoints: 10, flushIntervalMs: 1 });
    const taken = writer.offer(pts(8));
    expect(taken.queued).toBe(true);
    const full = writer.offer(pts(5, 100));
    expect(full).toMatchObject({ queued: false, error: { code: 'overloaded' } });
    expect(writer.offer([{ seriesId: 1, t: -1, v: 0 }])).toMatchObject({
      queued: false,
      error: { code: 'invalidPoint' },
    });
    if (!taken.queued) throw new Error('not taken');
    expect(await state(taken.committed)).toBe('pending');
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    batches[0]!.commit();
    await expect(taken.committed).resolves.toBeUndefined();
    await writer.close();
    expect(writer.offer(pts(1))).toMatchObject({ queued: false, error: { code: 'writerClosed' } });
  });

  it('calls a submitted callback once, after the commit or with the failure; never for a refusal', async () => {
    const { store, batches } = manualStore();
    const writer = new BatchingWriter(store, { maxQueuedPoints: 10, flushIntervalMs: 1 });
    const calls: unknown[][] = [];
    const record =
      (name: string) =>
      (...args: unknown[]) =>
        calls.push([name, ...args]);
    expect(writer.submit(pts(4), record('a'))).toBeUndefined();
    expect(writer.submit(pts(4, 10), record('b'))).toBeUndefined();
    expect(writer.submit(pts(4, 20), record('refused'))).toMatchObject({ code: 'overloaded' });
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    expect(calls).toEqual([]); // nothing before the commit
    batches[0]!.commit();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual([['a'], ['b']]);
    const failure = new Error('disk full');
    writer.submit(pts(1, 30), record('c'));
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    batches[1]!.fail(failure);
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual(['c', failure]);
    await writer.close();
    expect(calls).toHaveLength(3);
  });
});

/** Points of several series at one time: `[series, v]` pairs. */
const mixed = (t: number, ...pairs: [number, number][]): Point[] =>
  pairs.map(([seriesId, v]) => ({ seriesId, t, v }));

describe('laned writer', () => {
  it('writes each series in its own lane, side by side, and settles a write once every part is committed', async () => {
    const { store, batches } = manualStore();
    const writer = new LanedWriter(store, 2, { flushIntervalMs: 1 });
    const both = writer.write(mixed(0, [1, 10], [2, 20], [3, 30]));
    const odd = writer.write(mixed(5, [5, 50]));
    // Two transactions at once: even series in one, odd series in the other.
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    const lanes = batches.map((b) => b.points.map((p) => p.seriesId).sort());
    expect(lanes.sort()).toEqual([[1, 3, 5], [2]]);
    const oddLane = batches.find((b) => b.points.some((p) => p.seriesId === 1))!;
    const evenLane = batches.find((b) => b.points.some((p) => p.seriesId === 2))!;
    oddLane.commit();
    await expect(odd).resolves.toBeUndefined();
    expect(await state(both)).toBe('pending'); // its even part is not committed yet
    evenLane.commit();
    await expect(both).resolves.toBeUndefined();
  });

  it('keeps a series in one lane, so its writes stay in order', async () => {
    const { store, batches } = manualStore();
    const writer = new LanedWriter(store, 3, { flushIntervalMs: 1, maxBatchPoints: 1 });
    const writes = [1, 2, 3].map((v) => writer.write(mixed(v, [7, v])));
    for (let n = 1; n <= 3; n++) {
      await vi.waitFor(() => expect(batches).toHaveLength(n));
      batches[n - 1]!.commit();
    }
    await Promise.all(writes);
    expect(batches.map((b) => b.points.map((p) => p.v))).toEqual([[1], [2], [3]]);
  });

  it('counts every lane in its overloaded message, and queues a checked part without checking it again', () => {
    const { store } = manualStore();
    const writer = new LanedWriter(store, 2, { maxQueuedPoints: 4, flushIntervalMs: 60_000 });
    expect(writer.submit(mixed(0, [1, 1], [2, 1], [4, 1]), () => {})).toBeUndefined();
    expect(writer.offer(mixed(1, [6, 1]))).toMatchObject({
      queued: false,
      error: { code: 'overloaded', message: 'Time-series writer overloaded: 3 points waiting' },
    });
    // Each lane's part is checked once: by the laned writer, before any lane takes its part.
    const checks = vi.spyOn(BatchingWriter.prototype, 'refusal');
    const roomy = new LanedWriter(store, 2, { flushIntervalMs: 60_000 });
    expect(roomy.submit(mixed(2, [1, 1], [2, 1], [3, 1]), () => {})).toBeUndefined();
    expect([checks.mock.calls.length, roomy.waitingPoints]).toEqual([2, 3]);
    checks.mockRestore();
  });

  it('refuses a write whole when one lane is full, and reports a failed lane after the others settle', async () => {
    const { store, batches } = manualStore();
    const writer = new LanedWriter(store, 2, { maxQueuedPoints: 4, flushIntervalMs: 60_000 });
    // Two points waiting in the even lane, whose share of the cap is 2.
    expect(writer.submit(mixed(0, [2, 1], [4, 1]), () => {})).toBeUndefined();
    expect(writer.waitingPoints).toBe(2);
    const refused = writer.offer(mixed(1, [1, 1], [6, 1]));
    expect(refused).toMatchObject({ queued: false, error: { code: 'overloaded' } });
    expect(writer.waitingPoints).toBe(2); // the odd lane took nothing either
    const calls: unknown[] = [];
    expect(writer.submit(mixed(2, [1, 1], [3, 1]), (err) => calls.push(err))).toBeUndefined();
    const bad = writer.offer([...mixed(3, [1, 1]), { seriesId: 2, t: 3, v: NaN }]);
    expect(bad).toMatchObject({ queued: false, error: { code: 'invalidPoint' } });
    const flushed = writer.flush();
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    const odd = batches.find((b) => b.points[0]?.seriesId === 1)!;
    const even = batches.find((b) => b.points[0]?.seriesId === 2)!;
    odd.fail(new Error('deadlock detected'));
    even.commit();
    await flushed;
    expect(calls).toEqual([expect.objectContaining({ message: 'deadlock detected' })]);
    // A write held by a failed lane and a committed one fails once, after both.
    const split = writer.write(mixed(4, [1, 1], [2, 1]));
    void writer.flush();
    await vi.waitFor(() => expect(batches).toHaveLength(4));
    batches[2]!.fail(new Error('connection lost'));
    expect(await state(split)).toBe('pending');
    batches[3]!.commit();
    await expect(split).rejects.toThrow('connection lost');
  });

  it('admits what waits for room when any lane commits, refused whole to the lane that is full', async () => {
    const { store, batches } = manualStore();
    const writer = new LanedWriter(store, 2, {
      maxBatchPoints: 2,
      maxQueuedPoints: 4,
      flushIntervalMs: 60_000,
    });
    const calls: string[] = [];
    const record = (name: string) => (err?: unknown) =>
      calls.push(err === undefined ? name : `${name}!`);
    // The even lane: a batch of 2 being written, 2 more queued (its share of the cap).
    expect(writer.submitOrWait(mixed(0, [2, 1], [4, 1]), record('a'))).toBeUndefined();
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    expect(writer.submitOrWait(mixed(1, [2, 1], [4, 1]), record('b'))).toBeUndefined();
    expect(writer.waitingPoints).toBe(2);
    // Odd and even parts: the even lane is full, so the whole write waits.
    expect(writer.submitOrWait(mixed(2, [1, 1], [6, 1]), record('c'))).toBeUndefined();
    expect([writer.waitingPoints, writer.roomFigures.waitingForRoom]).toEqual([2, 2]);
    // Too big for an empty lane (its share is 2): refused at once, never kept waiting.
    const idle = new LanedWriter(store, 2, { maxQueuedPoints: 4, flushIntervalMs: 60_000 });
    expect(idle.submitOrWait(mixed(3, [1, 1], [3, 1], [5, 1]), record('x'))).toMatchObject({
      code: 'overloaded',
    });
    expect(idle.roomFigures.waitedForRoom).toBe(0);
    batches[0]!.commit(); // a committed: b is written, which makes room in the even lane for c
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    await vi.waitFor(() => expect(writer.roomFigures.waitingForRoom).toBe(0));
    expect(writer.waitingPoints).toBe(2);
    const flushed = writer.flush();
    batches[1]!.commit();
    await vi.waitFor(() => expect(batches).toHaveLength(4));
    for (const b of batches.slice(2)) b.commit();
    await flushed;
    expect(calls).toEqual(['a', 'b', 'c']);
  });

  it('settles an empty write at once, flushes every lane on close and refuses afterwards', async () => {
    const { store, batches } = manualStore();
    const writer = new LanedWriter(store, 2, { flushIntervalMs: 60_000 });
    await expect(writer.write([])).resolves.toBeUndefined();
    const waiting = writer.write(mixed(0, [1, 1], [2, 2]));
    const closed = writer.close();
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    for (const b of batches) b.commit();
    await Promise.all([waiting, closed]);
    await expect(writer.write(mixed(1, [1, 1]))).rejects.toMatchObject({ code: 'writerClosed' });
  });
});

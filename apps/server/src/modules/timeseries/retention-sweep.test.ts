import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProject } from '../../../test/fixtures';
import { createUser, startTestServer, type TestServer } from '../../../test/test-server';
import { RetentionSweep, type RetentionSweepDeps } from './retention-sweep';
import { DAY, seriesKey } from './timeseries.testing';
import type { PruneResult } from './timeseries.types';

const pruned: PruneResult = { cutoff: 0, droppedPartitions: [], deletedPoints: 0 };
const silentLog = () => ({ info: vi.fn(), debug: vi.fn(), error: vi.fn() });

/** A sweep over fakes: one free project; `prune` resolves when the test says. */
function fakeSweep(over: Partial<RetentionSweepDeps> = {}) {
  const log = silentLog();
  const prune = vi.fn(async () => pruned);
  const deps: RetentionSweepDeps = {
    store: { prune },
    subscriptions: async () => [{ id: 'p1', logger_subscription: 'free' }],
    log,
    ...over,
  };
  return { sweep: new RetentionSweep(deps), prune, log };
}

describe('retention sweep (scheduling)', () => {
  afterEach(() => vi.useRealTimers());

  it('never overlaps: a call during a sweep joins it', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { sweep, prune } = fakeSweep({
      subscriptions: async () => {
        await gate;
        return [{ id: 'p1', logger_subscription: 'free' }];
      },
    });
    const [a, b] = [sweep.run(), sweep.run()];
    expect(a).toBe(b);
    release();
    await a;
    expect(prune).toHaveBeenCalledTimes(2); // the project, then every series
    await sweep.run();
    expect(prune).toHaveBeenCalledTimes(4);
  });

  it('logs a database error instead of throwing, and keeps its schedule', async () => {
    vi.useFakeTimers();
    const failing = vi.fn(() => Promise.reject(new Error('database is gone')));
    const { sweep, log, prune } = fakeSweep({ subscriptions: failing });
    sweep.start(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'retention sweep failed',
    );
    expect(prune).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(failing).toHaveBeenCalledTimes(2);
    await sweep.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('first sweeps a minute after start (or one interval if shorter), then each interval', async () => {
    vi.useFakeTimers();
    const { sweep, prune } = fakeSweep();
    sweep.start(24 * 3_600_000);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(prune).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(prune).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(prune).toHaveBeenCalledTimes(4);
    await sweep.stop();
    const off = fakeSweep();
    off.sweep.start(0);
    await vi.advanceTimersByTimeAsync(48 * 3_600_000);
    expect(off.prune).not.toHaveBeenCalled();
  });

  it('waits for the sweep under way when stopped, and starts no other', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const prune = vi.fn(async () => {
      await gate;
      return pruned;
    });
    const { sweep } = fakeSweep({ store: { prune } });
    const running = sweep.run();
    let stopped = false;
    const stopping = sweep.stop().then(() => (stopped = true));
    await vi.waitFor(() => expect(prune).toHaveBeenCalledTimes(1));
    expect(stopped).toBe(false);
    release();
    await Promise.all([running, stopping]);
    expect(stopped).toBe(true);
    expect(prune).toHaveBeenCalledTimes(2); // the project, then every series
    vi.useFakeTimers();
    sweep.start(1000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(prune).toHaveBeenCalledTimes(2);
  });
});

/** A free project with points 2 months and 1 day old, a pro one and a trial one with 6-month-old points. */
async function projectsWithHistory(t: TestServer) {
  const { app } = t;
  const owner = await createUser(app, 'user');
  const store = t.modules.timeseries.store;
  const project = async (subscription: string) => {
    const row = await createProject(app, owner.team);
    await t.modules.projects.repo.update(row, { logger_subscription: subscription });
    return store.ensureSeries(seriesKey({ projectId: row.id }));
  };
  const [free, pro, trial] = [await project('free'), await project('pro'), await project('trial')];
  const now = Date.now();
  const points = {
    freeOld: { seriesId: free, t: now - 61 * DAY, v: 1 },
    freeRecent: { seriesId: free, t: now - DAY, v: 2 },
    proOld: { seriesId: pro, t: now - 182 * DAY, v: 3 },
    trialOld: { seriesId: trial, t: now - 182 * DAY, v: 4 },
  };
  await store.writeBatch(Object.values(points));
  return { free, pro, trial, points };
}

/** The raw points and day rollup buckets left of some series. */
async function left(t: TestServer, series: number[]) {
  const raw = await t.app.db
    .selectFrom('ts_raw')
    .select(['series', 't'])
    .where('series', 'in', series)
    .orderBy('t')
    .execute();
  const days = await t.app.db
    .selectFrom('ts_1d')
    .select('series')
    .where('series', 'in', series)
    .execute();
  return { raw: raw.map((r) => r.t), days: days.length };
}

describe(`retention sweep (${process.env.ATRIUM_TEST_DB ?? 'sqlite'})`, () => {
  let t: TestServer;
  beforeAll(async () => (t = await startTestServer()));
  afterAll(() => t.close());

  it('prunes each project by its plan when the job runs', async () => {
    const { free, pro, trial, points } = await projectsWithHistory(t);
    const report = await t.modules.timeseries.sweep.run();
    expect(report?.projects).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ plan: 'free', deletedPoints: 1 }),
        expect.objectContaining({ plan: 'pro', deletedPoints: 0 }),
      ]),
    );
    expect(await left(t, [free])).toEqual({ raw: [points.freeRecent.t], days: 1 });
    expect((await left(t, [pro])).raw).toEqual([points.proOld.t]);
    // A subscription that is no plan keeps the longest plan's retention.
    expect((await left(t, [trial])).raw).toEqual([points.trialOld.t]);
  });
});

describe(`retention sweep timer (${process.env.ATRIUM_TEST_DB ?? 'sqlite'})`, () => {
  it('runs on its own after start when RETENTION_SWEEP_HOURS is set, and stops on close', async () => {
    // 0.2 s between sweeps; the first one 0.2 s after the app is ready.
    const t = await startTestServer({ RETENTION_SWEEP_HOURS: String(0.2 / 3600) });
    const sweep = t.modules.timeseries.sweep;
    try {
      const { free, pro, points } = await projectsWithHistory(t);
      await vi.waitFor(
        async () => expect((await left(t, [free])).raw).toEqual([points.freeRecent.t]),
        { timeout: 10_000, interval: 100 },
      );
      expect((await left(t, [pro])).raw).toEqual([points.proOld.t]);
    } finally {
      await t.close();
    }
    const run = vi.spyOn(sweep, 'run');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(run).not.toHaveBeenCalled();
  });
});

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';

const MiB = 1024 * 1024;

/** The heap's larger spaces, each as its size in MiB (the young generation, the old one, code). */
function spaces(): string {
  return getHeapSpaceStatistics()
    .filter((s) => s.space_size >= MiB)
    .map((s) => `${s.space_name.replace('_space', '')} ${Math.round(s.space_size / MiB)}`)
    .join(', ');
}

/**
 * Every `everyMs`, one line on stderr about the calling thread: its heap, its GC
 * pauses (minor: scavenges; major: mark-compact) and its event-loop delay since the
 * last line, then whatever `extra` adds. For the hub benchmark's HUB_BENCH_DIAG=1
 * (docs/operations.md), where a thread's full collection shows up as a latency spike.
 */
export function reportThreadEvery(label: string, everyMs: number, extra?: () => string) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const gc = { minor: 0, major: 0, majors: 0, longest: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.major += e.duration;
        gc.majors++;
      } else gc.minor += e.duration;
      gc.longest = Math.max(gc.longest, e.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const ms = (n: number) => Math.round(n / 1e6);
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    console.error(
      `diag ${label}: heap ${Math.round(m.heapUsed / MiB)}/${Math.round(m.heapTotal / MiB)} MiB, ` +
        `external ${Math.round(m.external / MiB)} MiB (${spaces()}); ` +
        `gc minor ${Math.round(gc.minor)} ms, major ${Math.round(gc.major)} ms (${gc.majors}), ` +
        `longest ${Math.round(gc.longest)} ms; loop delay p99 ${ms(delay.percentile(99))} ` +
        `max ${ms(delay.max)} ms${extra ? `; ${extra()}` : ''}`,
    );
    Object.assign(gc, { minor: 0, major: 0, majors: 0, longest: 0 });
    delay.reset();
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    observer.disconnect();
    delay.disable();
  };
}

/**
 * Samples, from `afterMs` for `forMs`, the allocations that outlive a scavenge (promoted to
 * the old generation, then freed by a full collection or still alive), and writes them as
 * a `.heapprofile` (Chromium's format) to `file`. What waits for a commit shows up here.
 */
export function samplePromotedAllocations(file: string, afterMs: number, forMs: number) {
  const session = new Session();
  session.connect();
  const post = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
    );
  const sample = async () => {
    await post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: false,
    });
    await new Promise((r) => setTimeout(r, forMs).unref());
    const result = (await post('HeapProfiler.stopSampling')) as { profile: object };
    writeFileSync(file, JSON.stringify(result.profile));
    session.disconnect();
  };
  setTimeout(() => {
    sample().catch((err: unknown) => console.error(`diag heap sampling failed: ${String(err)}`));
  }, afterMs).unref();
}

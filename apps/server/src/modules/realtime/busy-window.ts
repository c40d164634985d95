import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/**
 * A fan-out window that widens while the main thread is busy: `base` while the event loop's
 * utilisation over the last sample stays under `busy`, twice as long above it, `max` at
 * `saturated` and beyond. A saturated node spends its turns on WebSocket writes, one per
 * event and console; wider windows make fewer, larger events, and the delay they add is
 * smaller than the queueing they save. Sampled every `sampleMs` on an unref'd timer.
 */
export class BusyWindow {
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private current: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly base: number,
    private readonly max: number,
    private readonly busy = 0.8,
    private readonly saturated = 0.9,
    sampleMs = 1_000,
  ) {
    this.current = base;
    this.timer = setInterval(() => this.sample(), sampleMs);
    this.timer.unref();
  }

  /** The window now (ms). */
  readonly windowMs = (): number => this.current;

  /** Takes the utilisation since the last sample (exposed for the test). */
  sample(utilization?: number): number {
    const now = performance.eventLoopUtilization();
    const u = utilization ?? performance.eventLoopUtilization(now, this.last).utilization;
    this.last = now;
    this.current = windowFor(u, this.base, this.max, this.busy, this.saturated);
    return this.current;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** The window for a utilisation (pure). */
export function windowFor(
  utilization: number,
  base: number,
  max: number,
  busy: number,
  saturated: number,
): number {
  if (utilization >= saturated) return max;
  if (utilization >= busy) return Math.min(max, base * 2);
  return base;
}

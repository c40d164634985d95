/**
 * A token bucket per gateway: `burst` publishes at once, refilled at
 * `perSecond`. `strikes` counts refusals in a row, so a gateway that keeps
 * flooding can be disconnected.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number; strikes: number }>();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a token; returns 0 when allowed, else the number of refusals in a row. */
  take(key: string): number {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: t, strikes: 0 };
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.perSecond);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      b.strikes = 0;
      return 0;
    }
    b.strikes += 1;
    return b.strikes;
  }

  forget(key: string) {
    this.buckets.delete(key);
  }
}

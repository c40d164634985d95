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

  /**
   * Takes a token, borrowing up to `maxWaitMs` of refill when there is none: returns 0 when
   * allowed now, the milliseconds until the borrowed token is due, or -1 past the loan (then
   * counted as a refusal like `take`'s).
   */
  borrow(key: string, maxWaitMs: number): number {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: t, strikes: 0 };
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.perSecond);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens - 1 < -(maxWaitMs / 1000) * this.perSecond) {
      b.strikes += 1;
      return -1;
    }
    b.tokens -= 1;
    b.strikes = 0;
    return b.tokens >= 0 ? 0 : Math.ceil((-b.tokens / this.perSecond) * 1000);
  }

  forget(key: string) {
    this.buckets.delete(key);
  }
}

import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter.borrow (decision 0039)', () => {
  it('lends refill up to the loan, tells how long to wait, then refuses', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 10, () => now); // burst 2, 10/s: a token per 100 ms
    expect(limiter.borrow('a', 300)).toBe(0);
    expect(limiter.borrow('a', 300)).toBe(0);
    expect(limiter.borrow('a', 300)).toBe(100);
    expect(limiter.borrow('a', 300)).toBe(200);
    expect(limiter.borrow('a', 300)).toBe(300);
    expect(limiter.borrow('a', 300)).toBe(-1); // past the loan
    now = 250; // 2.5 tokens back
    expect(limiter.borrow('a', 300)).toBe(150);
    expect(limiter.borrow('b', 300)).toBe(0); // buckets are per gateway
  });
});

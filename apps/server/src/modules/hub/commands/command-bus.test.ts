import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandBus } from './command-bus';

describe('the command bus', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers 504 only once the deadline it gave the delivery has passed, even when its timer fires early', async () => {
    const deadlines: number[] = [];
    const bus = new CommandBus(
      (_mac, _payload, deadline) => {
        deadlines.push(deadline);
        return new Promise<void>(() => {}); // waits for a SUBSCRIBE that never comes
      },
      () => {},
    );
    const start = Date.now();
    let outcome: unknown;
    bus.send('0a0000000001', 'nodered.restart', {}, 1_000).catch((err: unknown) => (outcome = err));
    expect(deadlines).toEqual([start + 1_000]);
    // A timer counts from the loop's cached time, which can be behind the clock: here 5 ms.
    vi.setSystemTime(start - 5);
    await vi.advanceTimersByTimeAsync(1_000); // the timer fires; the clock says 5 ms to go
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5);
    expect(outcome).toMatchObject({ code: 'gatewayTimeout' });
    expect(Date.now()).toBeGreaterThanOrEqual(deadlines[0] ?? Infinity);
    expect(bus.size).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { printOverload, runOverload } from '../bench/hub-overload';

/**
 * The 2-minute version of `npm run bench -- overload` (issue 21, point 3; decision 0039):
 * 200 gateways at 10× the nominal rate (20 telegrams/s each) for 70 s, then nominal for 30 s,
 * with the overload guard's pause mark lowered to 1,000 publishes so that it is reached.
 */
describe('the hub under overload', () => {
  it('slows the gateways instead of dropping, stays under its memory cap, drains, loses nothing acknowledged', async () => {
    const f = await runOverload({
      gateways: 200,
      nominalRate: 2,
      factor: 10,
      overloadSeconds: 70,
      nominalSeconds: 30,
      rssCapMiB: 768,
      inflightMax: 1_000,
    });
    console.log(JSON.stringify(f));
    printOverload(f);
    expect(f.acked).toBeGreaterThan(10_000);
    expect(f.lost).toBe(0);
    expect(f.peakRssMiB).toBeLessThanOrEqual(f.rssCapMiB);
    // The pause mark is 1,000 publishes or 1,000 KiB; past it, one socket read per gateway.
    expect(f.pauses).toBeGreaterThan(0);
    expect(f.peakInFlightBytes).toBeLessThanOrEqual(2 * 1_000 * 1024);
    expect(f.dropped.rateLimited ?? 0).toBe(0);
    expect(f.dropped.storeRefused ?? 0).toBe(0);
    expect(f.drainSeconds).toBeLessThanOrEqual(30);
  }, 150_000);
});

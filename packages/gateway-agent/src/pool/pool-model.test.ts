import { describe, expect, it } from 'vitest';
import { airCurve, inFiltrationSlot, SimulatedPool } from './pool-model';

/** 2026-07-01 00:00 Europe/Paris (UTC+2). */
const MIDNIGHT = Date.UTC(2026, 5, 30, 22, 0);
const HOUR = 3_600_000;

describe('the simulated pool', () => {
  it('follows the day: warm afternoons, filtration in its time slots, pressure with the pump', () => {
    expect(airCurve(MIDNIGHT + 15 * HOUR)).toBeGreaterThan(airCurve(MIDNIGHT + 3 * HOUR) + 8);
    const pool = new SimulatedPool(MIDNIGHT, () => 0.5);
    const seen: boolean[] = [];
    for (let h = 1; h <= 24; h++) {
      pool.advance(MIDNIGHT + h * HOUR - 1);
      seen.push(pool.state.filtration);
      expect(pool.state.pressure > 0).toBe(pool.state.filtration);
    }
    expect(seen.filter(Boolean)).toHaveLength(10); // 08-12 and 14-20
    expect(inFiltrationSlot(MIDNIGHT + 9 * HOUR)).toBe(true);
    expect(inFiltrationSlot(MIDNIGHT + 13 * HOUR)).toBe(false);
  });

  it('lets pH and redox wander within bounds, and warms the water with the heating on', () => {
    let seed = 1;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const cold = new SimulatedPool(MIDNIGHT, random);
    const warm = new SimulatedPool(MIDNIGHT, random);
    warm.setFiltration(true);
    warm.state.heating = true;
    cold.setFiltration(true);
    const phs = new Set<number>();
    for (let h = 1; h <= 48; h++) {
      cold.advance(MIDNIGHT + h * HOUR);
      warm.advance(MIDNIGHT + h * HOUR);
      phs.add(Math.round(cold.state.pH * 100));
      expect(cold.state.pH).toBeGreaterThanOrEqual(6.6);
      expect(cold.state.pH).toBeLessThanOrEqual(8.2);
      expect(cold.state.redox).toBeGreaterThanOrEqual(450);
    }
    expect(phs.size).toBeGreaterThan(3);
    expect(warm.state.waterTemp - cold.state.waterTemp).toBeGreaterThan(8);
    expect(cold.state.filtration).toBe(true); // manual: stays on outside the slots
    cold.filtrationAuto();
    expect(cold.state.filtrationMode).toBe(1);
  });
});

import { cpuUsage } from 'node:process';
import { describe, expect, it } from 'vitest';
import { machineCpu } from './machine-cpu';

describe('machineCpu', () => {
  it("counts this process's busy time, and no more than the machine's cores can give", () => {
    const [m0, p0, t0] = [machineCpu(), cpuUsage(), performance.now()];
    while (performance.now() - t0 < 400); // busy on one core
    const [m1, p1, wall] = [machineCpu(), cpuUsage(p0), (performance.now() - t0) / 1000];
    const own = (p1.user + p1.system) / 1e6;
    const busy = m1.busy - m0.busy;
    // Other work on the machine only adds to it; /proc/stat counts in 10 ms ticks.
    expect(busy).toBeGreaterThanOrEqual(own - 0.05);
    expect(busy).toBeLessThanOrEqual(wall * m1.cores + 0.05);
    expect(m1.cores).toBeGreaterThanOrEqual(1);
  });
});

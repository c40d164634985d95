import { describe, expect, it } from 'vitest';
import { runBatch } from './run-batch';

describe('runBatch', () => {
  it('runs every item at most `limit` at a time and keeps going after a failure', async () => {
    let running = 0;
    let peak = 0;
    const settled: number[] = [];
    const outcomes = await runBatch(
      [1, 2, 3, 4, 5, 6, 7],
      3,
      async (n) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5 + (n % 3)));
        running--;
        if (n === 2) throw new Error('refused');
        return n * 10;
      },
      (n) => settled.push(n),
    );
    expect(peak).toBe(3);
    expect(settled.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'x'))).toEqual([
      10,
      'x',
      30,
      40,
      50,
      60,
      70,
    ]);
  });

  it('does nothing for no items', async () => {
    expect(await runBatch([], 4, () => Promise.resolve(1))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { WorkGate } from './work-gate';

const later = () => {
  let release = () => {};
  const done = new Promise<void>((r) => (release = r));
  return { done, release };
};

describe('WorkGate', () => {
  it('runs at most `running` at once, queues `waiting`, refuses the rest with rateLimited', async () => {
    const gate = new WorkGate(1, 2);
    const order: string[] = [];
    const first = later();
    const a = gate.run(async () => {
      order.push('a');
      await first.done;
    });
    const b = gate.run(async () => void order.push('b'));
    const c = gate.run(async () => void order.push('c'));
    expect(gate.load).toEqual({ running: 1, waiting: 2 });
    await expect(gate.run(async () => 'd')).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === 'rateLimited' && e.retryAfterSeconds === 1,
    );
    first.release();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its slot when a task throws', async () => {
    const gate = new WorkGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('bad file')))).rejects.toThrow('bad file');
    expect(await gate.run(async () => 7)).toBe(7);
  });
});

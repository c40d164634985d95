import { describe, expect, it } from 'vitest';
import { caseSeed, mulberry32 } from './prng';

describe('mulberry32', () => {
  it('gives the same draws for the same seed, and other draws for another seed', () => {
    const draw = (seed: number) => {
      const rng = mulberry32(seed);
      return Array.from({ length: 5 }, () => rng.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    for (const x of draw(7)) expect(x >= 0 && x < 1).toBe(true);
  });

  it('draws integers within the bounds, both ends included', () => {
    const rng = mulberry32(1);
    const seen = new Set(Array.from({ length: 200 }, () => rng.int(3, 5)));
    expect([...seen].sort()).toEqual([3, 4, 5]);
  });
});

describe('caseSeed', () => {
  it('depends on the run seed and on every part of the case name', () => {
    const base = caseSeed(1, 'POST /api/project/create', 'admin', 3);
    expect(caseSeed(1, 'POST /api/project/create', 'admin', 3)).toBe(base);
    expect(caseSeed(2, 'POST /api/project/create', 'admin', 3)).not.toBe(base);
    expect(caseSeed(1, 'POST /api/project/create', 'admin', 4)).not.toBe(base);
    expect(caseSeed(1, 'POST /api/project/create', 'user', 3)).not.toBe(base);
  });
});

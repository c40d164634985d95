import { describe, expect, it } from 'vitest';
import { SequencedSlots } from './broker-thread-protocol';

describe('SequencedSlots', () => {
  it('gives each value back once, taken in any order, across growths of the ring', () => {
    const slots = new SequencedSlots<string>();
    const ids = Array.from({ length: 5000 }, (_, i) => slots.add(`v${i}`));
    expect(new Set(ids).size).toBe(5000);
    // Every other one first, then the rest backwards: the ring grew while all were held.
    for (let i = 0; i < ids.length; i += 2) expect(slots.take(ids[i] ?? -1)).toBe(`v${i}`);
    for (let i = ids.length - 1; i > 0; i -= 2) expect(slots.take(ids[i] ?? -1)).toBe(`v${i}`);
    expect(slots.span).toBe(0);
    expect(slots.take(ids[0] ?? -1)).toBeUndefined();
  });

  it('keeps an old value while later ones come and go', () => {
    const slots = new SequencedSlots<number>();
    const first = slots.add(-1);
    for (let i = 0; i < 10_000; i++) expect(slots.take(slots.add(i))).toBe(i);
    expect(slots.span).toBe(10_001);
    expect(slots.take(first)).toBe(-1);
    expect(slots.span).toBe(0);
  });

  it('ignores ids it never gave', () => {
    const slots = new SequencedSlots<number>();
    slots.add(1);
    expect(slots.take(7)).toBeUndefined();
    expect(slots.take(-1)).toBeUndefined();
    expect(slots.span).toBe(1);
  });
});

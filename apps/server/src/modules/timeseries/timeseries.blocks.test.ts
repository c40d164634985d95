import { describe, expect, it } from 'vitest';
import { parisDayNumber } from '../../lib/paris-time';
import {
  BLOCK_DAYS,
  BlockTextCache,
  MAX_SEALED_BLOCKS,
  SEAL_MARGIN_MS,
  blockOf,
  blockStart,
  lateBlocks,
  segmentsOf,
} from './timeseries.blocks';
import { DAY, HOUR, parisMidnightByRule } from './timeseries.testing';

const NOW = Date.UTC(2026, 10, 28, 12);

describe('sealed blocks (decision 0054)', () => {
  it('cut time at Paris midnights, BLOCK_DAYS days each, summer and winter alike', () => {
    for (const t of [Date.UTC(2024, 2, 31, 1), Date.UTC(2025, 9, 26, 0, 30), NOW]) {
      const k = blockOf(t);
      const start = blockStart(k);
      expect(start).toBe(parisMidnightByRule(start + HOUR));
      expect(parisDayNumber(start) % BLOCK_DAYS).toBe(0);
      expect(start).toBeLessThanOrEqual(t);
      expect(blockStart(k + 1)).toBeGreaterThan(t);
      expect(parisDayNumber(blockStart(k + 1)) - parisDayNumber(start)).toBe(BLOCK_DAYS);
    }
  });

  it('cut a range into head, the sealed blocks wholly inside, and tail', () => {
    const k = blockOf(NOW) - 5;
    const from = blockStart(k) + 3 * DAY;
    const to = blockStart(k + 3) + 2 * HOUR;
    expect(segmentsOf(from, to, NOW)).toEqual([
      { from, to: blockStart(k + 1) },
      { from: blockStart(k + 1), to: blockStart(k + 2), block: k + 1 },
      { from: blockStart(k + 2), to: blockStart(k + 3), block: k + 2 },
      { from: blockStart(k + 3), to },
    ]);
    // Aligned on blocks: no head, no tail.
    expect(segmentsOf(blockStart(k), blockStart(k + 2), NOW)).toEqual([
      { from: blockStart(k), to: blockStart(k + 1), block: k },
      { from: blockStart(k + 1), to: blockStart(k + 2), block: k + 1 },
    ]);
    // No whole block inside: read whole.
    expect(segmentsOf(from, blockStart(k + 1) + DAY, NOW)).toBeUndefined();
  });

  it('take at most MAX_SEALED_BLOCKS, the latest, from a range of centuries (hostile input)', () => {
    const from = blockStart(3);
    const segments = segmentsOf(from, Date.UTC(2290, 0, 1), NOW) ?? [];
    const sealed = segments.filter((s) => s.block !== undefined);
    expect(sealed).toHaveLength(MAX_SEALED_BLOCKS);
    expect(sealed.at(-1)?.block).toBe(blockOf(NOW) - 1);
    expect(segments[0]).toEqual({ from, to: sealed[0]?.from });
    expect(segments.at(-1)).toEqual({ from: blockStart(blockOf(NOW)), to: Date.UTC(2290, 0, 1) });
    expect(segments).toHaveLength(MAX_SEALED_BLOCKS + 2);
  });

  it('seal a block only SEAL_MARGIN_MS after its end: the current one never', () => {
    const k = blockOf(NOW);
    const end = blockStart(k);
    const range = [blockStart(k - 1), NOW + DAY] as const;
    expect(segmentsOf(...range, end + SEAL_MARGIN_MS - 1)).toBeUndefined();
    expect(segmentsOf(...range, end + SEAL_MARGIN_MS)?.map((s) => s.block)).toEqual([
      k - 1,
      undefined,
    ]);
  });

  it('name the blocks a late write bumps, ascending, and none for current points', () => {
    const k = blockOf(NOW);
    const points = [NOW, NOW - 40 * DAY, blockStart(k - 3) + 1, NOW - 40 * DAY + 1].map((t) => ({
      t,
    }));
    expect(lateBlocks(NOW, points)).toEqual([k - 3, blockOf(NOW - 40 * DAY)]);
    expect(lateBlocks(NOW, [{ t: NOW }], [])).toEqual([]);
    // In the margin before a block's end, its points bump it: a reader ahead may seal it.
    const nearEnd = blockStart(k + 1) - SEAL_MARGIN_MS / 2;
    expect(lateBlocks(nearEnd, [{ t: nearEnd - HOUR }])).toEqual([k]);
  });
});

describe('BlockTextCache', () => {
  it('gives a text back only under the stamp it was kept with', () => {
    const cache = new BlockTextCache(10_000);
    cache.set('a', '1/0', 'text');
    expect(cache.get('a', '1/0')).toBe('text');
    expect(cache.get('a', '2/0')).toBeUndefined();
    // A stale entry is dropped on the miss.
    expect(cache.get('a', '1/0')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used past its bytes, and keeps nothing larger than them', () => {
    const text = 'x'.repeat(1000);
    const cache = new BlockTextCache(3 * (1000 + 1 + 80));
    for (const key of ['a', 'b', 'c']) cache.set(key, 's', text);
    expect(cache.get('a', 's')).toBe(text); // a is now the most recent
    cache.set('d', 's', text);
    expect(cache.get('b', 's')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k, 's'))).toEqual([text, text, text]);
    expect(cache.size).toBeLessThanOrEqual(cache.maxBytes);
    cache.set('c', 's', 'y'.repeat(5000));
    expect(cache.get('c', 's')).toBeUndefined();
    expect(cache.size).toBe(2 * 1081);
  });
});

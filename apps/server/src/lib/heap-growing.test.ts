import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

const dir = mkdtempSync(join(tmpdir(), 'atrium-heap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * In one fresh Node process, for each percent in turn: `applyHeapGrowing(percent)` (as
 * buildApp does), 40 MiB more of live objects, a full collection. For each collection, the
 * factor V8 used for the old generation's next limit and the one its own heuristics proposed
 * (V8 prints both with --trace-gc-verbose).
 */
function factors(percents: number[]): { limit: number; dynamic: number }[] {
  const module = pathToFileURL(join(import.meta.dirname, 'heap-growing.ts')).href;
  const script = [
    `const { applyHeapGrowing } = await import(${JSON.stringify(module)});`,
    'globalThis.keep = [];',
    ...percents.map(
      (p) =>
        `applyHeapGrowing(${p}); keep.push(Array.from({ length: 40 }, () => Array.from({ length: 32768 }, (_, i) => ({ i })))); globalThis.gc();`,
    ),
  ].join('\n');
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--trace-gc-verbose', '--import', 'tsx', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  // Each collection prints "factor X based on …" then "Limit: … (Y)"; the forced ones are last.
  const pairs: { limit: number; dynamic: number }[] = [];
  const all = out.split('\n').filter((l) => l.includes('[HeapController]'));
  for (let i = 0; i + 1 < all.length; i++) {
    const dynamic = /factor ([\d.]+) based on/.exec(all[i] ?? '');
    const limit = /Limit: .*\(([\d.]+)\)/.exec(all[i + 1] ?? '');
    if (dynamic && limit) pairs.push({ dynamic: Number(dynamic[1]), limit: Number(limit[1]) });
  }
  if (pairs.length < percents.length)
    throw new Error(`missing limit lines in:\n${out.slice(-2000)}`);
  return pairs.slice(-percents.length);
}

describe('HEAP_GROWING_PERCENT', () => {
  it('defaults to 100, takes 0 (V8 decides) to 400, and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: dir }).heapGrowingPercent).toBe(100);
    expect(loadConfig({ DATA_DIR: dir, HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    for (const bad of ['-1', '401', '1.5', 'lots']) {
      expect(() => loadConfig({ DATA_DIR: dir, HEAP_GROWING_PERCENT: bad })).toThrow(
        /HEAP_GROWING_PERCENT/,
      );
    }
  });

  it('sets the factor of V8’s next heap limit at run time (1 + percent / 100); 0 gives V8’s back', () => {
    const [hundred, fifty, zero] = factors([100, 50, 0]);
    expect(hundred?.limit).toBe(2);
    expect(fifty?.limit).toBe(1.5);
    // 0 after 50 in the same process: the limit takes V8's own proposal again.
    expect(zero?.limit).toBe(zero?.dynamic);
  });
});

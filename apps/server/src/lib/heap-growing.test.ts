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
 * The factor V8 applied to the old generation's live size for its next limit, after a full
 * collection in a fresh Node process where `applyHeapGrowing(percent)` ran first, as
 * buildApp does (V8 prints it with --trace-gc-verbose).
 */
function factorAfterCollection(percent: number | undefined): number {
  const module = pathToFileURL(join(import.meta.dirname, 'heap-growing.ts')).href;
  const script = [
    `const { applyHeapGrowing } = await import(${JSON.stringify(module)});`,
    percent === undefined ? '' : `applyHeapGrowing(${percent});`,
    'globalThis.keep = Array.from({ length: 40 }, () => Array.from({ length: 32768 }, (_, i) => ({ i })));',
    'globalThis.gc();',
  ].join('\n');
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--trace-gc-verbose', '--import', 'tsx', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  const limits = [...out.matchAll(/\[HeapController\] Limit: .*\((\d+(?:\.\d+)?)\)/g)];
  const last = limits.at(-1);
  if (!last) throw new Error(`no limit line in:\n${out.slice(-2000)}`);
  return Number(last[1]);
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

  it('sets the factor of V8’s next heap limit at run time: 1 + percent / 100', () => {
    expect(factorAfterCollection(100)).toBe(2);
    expect(factorAfterCollection(50)).toBe(1.5);
    // 0: V8's dynamic factor again, which is not exactly 1.5 or 2 after this burst (it is 4).
    expect([1.5, 2]).not.toContain(factorAfterCollection(0));
  });
});

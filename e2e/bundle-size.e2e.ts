import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, openPage, startServerProcess, type ServerProcess } from './harness';

// Issue 16 ("A newcomer's first hour"): the console's weight, measured on the build that
// `npm run build` leaves in apps/web/dist (this test runs after it, as the e2e project does).
const DIST = resolve(import.meta.dirname, '../apps/web/dist');
/** Gzipped bytes of JavaScript a first visit of the sign-in page may load. */
const FIRST_VISIT_BUDGET = 200 * 1024;
/** Gzipped bytes of any one chunk. */
const CHUNK_BUDGET = 150 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest = JSON.parse(readFileSync(resolve(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;

/** Gzipped size (level 9) of a file of dist, e.g. `assets/index-abc.js`. */
function gzipped(file: string): number {
  return gzipSync(readFileSync(resolve(DIST, file)), { level: 9 }).length;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The chunk of a source module, by the end of its path (`features/welcome/login-page.tsx`). */
function chunkOf(srcEnd: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(srcEnd));
  if (!key) throw new Error(`no chunk for ${srcEnd} in the manifest`);
  return key;
}

/** The files a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

function total(files: Iterable<string>): number {
  let sum = 0;
  for (const file of files) sum += gzipped(file);
  return sum;
}

function table(files: Iterable<string>): string {
  return [...files]
    .map((file) => ({ file, size: gzipped(file) }))
    .sort((a, b) => b.size - a.size)
    .map(({ file, size }) => `  ${kB(size).padStart(9)}  ${file}`)
    .join('\n');
}

describe('bundle size (issue 16)', () => {
  it(`has no JavaScript chunk over ${kB(CHUNK_BUDGET)} gzipped`, () => {
    const scripts = readdirSync(resolve(DIST, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => `assets/${name}`);
    expect(scripts.length).toBeGreaterThan(10);
    const sizes = scripts.map((file) => ({ file, size: gzipped(file) }));
    const largest = sizes.reduce((a, b) => (b.size > a.size ? b : a));
    console.log(`${scripts.length} chunks; largest ${largest.file} ${kB(largest.size)} gzipped`);
    const over = sizes.filter((s) => s.size > CHUNK_BUDGET).map((s) => `${s.file} ${kB(s.size)}`);
    expect(over).toEqual([]);
  });

  it(`loads the sign-in page with at most ${kB(FIRST_VISIT_BUDGET)} of gzipped JavaScript (build graph)`, () => {
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entry) throw new Error('no entry chunk in the manifest');
    // What /welcome/login runs: the entry, the welcome layout and the login route, with what
    // they import statically (their dynamic imports load later, on demand).
    const files = staticClosure([
      entry,
      chunkOf('features/welcome/welcome-layout.tsx'),
      chunkOf('features/welcome/login-page.tsx'),
    ]);
    const size = total(files);
    console.log(`sign-in page, build graph: ${kB(size)} in ${files.size} files\n${table(files)}`);
    // zod and the contracts wait for the first submit (features/welcome/login-form.tsx).
    expect([...files].filter((file) => /\/zod-/.test(file))).toEqual([]);
    expect(size).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);
  });

  describe('in the browser', () => {
    let server: ServerProcess;
    let browser: Browser;
    beforeAll(async () => {
      server = await startServerProcess();
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it(`a first visit of /welcome/login downloads at most ${kB(FIRST_VISIT_BUDGET)} of gzipped JavaScript`, async () => {
      const { context, page } = await openPage(browser, server.baseUrl);
      const requested = new Set<string>();
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.endsWith('.js')) requested.add(path.replace(/^\//, ''));
      });
      await page.goto('/welcome/login', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Se connecter' }).waitFor();
      // Anything loaded right after the first paint (idle prefetches) counts too.
      await page.waitForTimeout(1500);
      await context.close();

      const size = total(requested);
      console.log(
        `sign-in page, browser: ${kB(size)} in ${requested.size} files\n${table(requested)}`,
      );
      const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
      expect(requested).toContain(entry?.file);
      expect(requested).toContain(manifest[chunkOf('features/welcome/login-page.tsx')]?.file);
      expect(size).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);
    });
  });
});

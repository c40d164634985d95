import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Where compiled thread entries are kept: bare imports resolve from there to our packages. */
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/atrium-threads/', import.meta.url));

/**
 * The installed npm packages (the workspace's hoisted ones and the server's own), which stay
 * imports (native addons among them); our workspace packages (`@atrium/*`, TypeScript
 * sources) are compiled in.
 */
function installedPackages(require: NodeJS.Require): string[] {
  const esbuildMain = require.resolve('esbuild');
  const hoisted = esbuildMain.slice(0, esbuildMain.lastIndexOf('/node_modules/') + 14);
  const own = join(CACHE, '../..');
  const names = new Set<string>();
  for (const dir of [hoisted, own])
    if (existsSync(dir)) for (const name of readdirSync(dir)) names.add(name);
  return [...names]
    .filter((name) => !name.startsWith('.') && name !== '@atrium')
    .map((name) => (name.startsWith('@') ? `${name}/*` : name));
}

const compiled = new Map<string, URL>();

/**
 * The entry of a worker thread whose code is TypeScript: `source` compiled once per process
 * into one plain ES module, so that the thread loads no TypeScript loader. Under tsx, each
 * thread registered tsx itself and compiled its module graph again: about 30 MiB more for
 * the SQLite writer thread (decision 0056). Kept under `node_modules/.cache/atrium-threads/`, named by
 * content, so servers started at once share a file and never read a half-written one.
 * When it cannot be compiled or written there, `fallback` (a `.mjs` that registers tsx).
 */
export function threadEntry(source: URL, fallback: URL): URL {
  const known = compiled.get(source.href);
  if (known) return known;
  let entry = fallback;
  try {
    // Loaded here, not imported: this module is compiled into threads that never call it.
    const require = createRequire(import.meta.url);
    const { buildSync } = require('esbuild') as typeof import('esbuild');
    const result = buildSync({
      entryPoints: [fileURLToPath(source)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      external: installedPackages(require),
    });
    const code = result.outputFiles[0]?.contents;
    if (code) {
      const name = source.pathname.split('/').pop()?.replace(/\.ts$/, '') ?? 'thread';
      const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
      const file = join(CACHE, `${name}.${hash}.mjs`);
      if (!existsSync(file)) {
        mkdirSync(CACHE, { recursive: true });
        const partial = `${file}.${process.pid}.tmp`;
        writeFileSync(partial, code);
        renameSync(partial, file);
      }
      entry = pathToFileURL(file);
    }
  } catch {
    // A read-only install, or no esbuild: the thread registers tsx, as it did.
  }
  compiled.set(source.href, entry);
  return entry;
}

/**
 * `npm run bench [-- name...]`: runs every bench/*.bench.ts (or those whose
 * file name contains one of the names) through its exported `main()`. Exits
 * non-zero when a benchmark reports a missed target (returns false).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

const benchModule = z.object({
  main: z.custom<() => Promise<unknown>>((v) => typeof v === 'function'),
});

const filters = process.argv.slice(2);
const files = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((name) => f.includes(name)))
  .sort();

let missed = false;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const mod = benchModule.parse(await import(pathToFileURL(join(import.meta.dirname, file)).href));
  if ((await mod.main()) === false) missed = true;
}
if (files.length === 0) console.log(`no benchmark matches ${filters.join(', ')}`);
process.exitCode = missed ? 1 : 0;

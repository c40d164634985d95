/**
 * Rewrites the DPT table of packages/knx/README.md from the catalogue
 * (src/dpt-catalogue-data.ts). Run after changing the catalogue:
 * `npm run dpt-table -w packages/knx`; src/dpt-table.test.ts fails until the README
 * matches.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withDptTable } from '../src/dpt-table';

const readme = fileURLToPath(new URL('../README.md', import.meta.url));
writeFileSync(readme, withDptTable(readFileSync(readme, 'utf8')));
console.log(`DPT table written to ${readme}`);

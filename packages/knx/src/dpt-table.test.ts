import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DPT_CATALOGUE } from './dpt-catalogue';
import { DPT_TABLE_END, DPT_TABLE_START, dptTableMarkdown, withDptTable } from './dpt-table';
import { formatDpt } from './dpt-id';

const README = new URL('../README.md', import.meta.url);

describe('README DPT table', () => {
  it('matches the catalogue (run `npm run dpt-table -w packages/knx` after changing it)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toContain(DPT_TABLE_START);
    expect(readme).toContain(DPT_TABLE_END);
    expect(withDptTable(readme)).toBe(readme);
  });

  it('has one row per catalogue DPT, with range and resolution', () => {
    const rows = dptTableMarkdown().split('\n').slice(2);
    const dpts = DPT_CATALOGUE.flatMap((main) =>
      main.subtypes.map((subtype) => formatDpt({ main: main.main, sub: subtype.sub })),
    );
    expect(rows.map((row) => row.split(' | ')[0]?.slice(2))).toEqual(dpts);
    expect(rows).toContain(
      '| 8.010 | DPT_Percent_V16 (2-byte signed value) | 2 bytes | % | −327.68 … 327.67 | 0.01 |',
    );
    expect(rows).toContain(
      '| 7.003 | DPT_TimePeriod10MSec (2-byte unsigned value) | 2 bytes | ms | 0 … 655350 | 10 |',
    );
    for (const row of rows) expect(row.split(' | ')).toHaveLength(6);
  });
});

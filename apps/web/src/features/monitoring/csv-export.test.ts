import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '@atrium/contracts/csv';
import { CSV_NAME, graphCsv, graphZip } from './csv-export';

const series = [
  {
    label: '13/0/0',
    list: [
      { x: Date.UTC(2026, 0, 15, 23, 30), y: 21.5 },
      { x: Date.UTC(2026, 6, 1, 12, 0, 5), y: -3.25 },
    ],
  },
  { label: 'voltage (Salle, "B")', list: [{ x: Date.UTC(2026, 2, 29, 1, 0), y: 29 }] },
];

describe('graph CSV export', () => {
  it('has the columns Address, date, Value and French dates in Paris time', () => {
    const text = graphCsv(series);
    expect(text.split('\r\n')[0]).toBe('Address,date,Value');
    const table = parseCsv(text);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['13/0/0', '16/01/2026 00:30:00', '21.5'],
      ['13/0/0', '01/07/2026 14:00:05', '-3.25'],
      // 01:00 UTC on the spring-forward day is 03:00 in Paris.
      ['voltage (Salle, "B")', '29/03/2026 03:00:00', '29'],
    ]);
  });

  it('quotes a label holding a comma or a quote', () => {
    expect(graphCsv(series)).toContain('"voltage (Salle, ""B"")",29/03/2026 03:00:00,29');
  });

  it('zips the CSV as one data.csv entry that unzips to the same text', () => {
    const files = unzipSync(graphZip(series));
    expect(Object.keys(files)).toEqual([CSV_NAME]);
    expect(strFromU8(files[CSV_NAME]!)).toBe(graphCsv(series));
  });

  it('writes only the header when there is no point', () => {
    expect(graphCsv([])).toBe('Address,date,Value\r\n');
  });
});

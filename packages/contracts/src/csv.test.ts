import { describe, expect, it } from 'vitest';
import { checkHeader, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads header and rows with their line numbers, skipping blank lines', () => {
    const table = parseCsv(
      '\uFEFFMAC, SN ,type\r\na1b2c3d4e5f6,AB12CD34,kloudnx\r\n\r\n"a,b",x,"say ""hi"""\n',
    );
    expect(table.header).toEqual(['mac', 'sn', 'type']);
    expect(table.rows).toEqual([
      { line: 2, cells: ['a1b2c3d4e5f6', 'AB12CD34', 'kloudnx'] },
      { line: 4, cells: ['a,b', 'x', 'say "hi"'] },
    ]);
  });

  it('takes ; as separator when the header uses it', () => {
    expect(parseCsv('key;type\nK1;vpn').rows[0]?.cells).toEqual(['K1', 'vpn']);
  });

  it('gives an empty table for an empty file', () => {
    expect(parseCsv('  \n\n')).toEqual({ header: [], rows: [] });
  });
});

describe('checkHeader', () => {
  it('accepts the required columns and optional ones in order', () => {
    expect(checkHeader(['mac', 'sn', 'type'], ['mac', 'sn', 'type'], ['version'])).toBeNull();
    expect(
      checkHeader(['mac', 'sn', 'type', 'version'], ['mac', 'sn', 'type'], ['version']),
    ).toBeNull();
  });
  it('refuses missing, extra or misplaced columns', () => {
    expect(checkHeader(['mac', 'type'], ['mac', 'sn', 'type'])).toBe(
      'expected columns mac,sn,type',
    );
    expect(checkHeader(['sn', 'mac', 'type'], ['mac', 'sn', 'type'])).not.toBeNull();
    expect(checkHeader(['mac', 'sn', 'type', 'x'], ['mac', 'sn', 'type'], [])).not.toBeNull();
  });
});

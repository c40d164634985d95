import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectSeparator, parseCsv } from './csv-format';
import { isKnxError } from './errors';
import { exportEtsCsv, exportEtsTreeCsv } from './ets-csv';
import { parseEtsCsv } from './ets-csv-import';
import { parseEtsXml } from './ets-xml';
import { formatGroupAddress } from './group-address';

const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url)));

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isKnxError(error) ? error.code : 'not a KnxError';
  }
  return undefined;
}

describe('exportEtsCsv (spec document 2 §2: padded sub, DPST)', () => {
  it('writes the console format byte for byte', () => {
    const csv = exportEtsCsv(
      [
        { address: '2/0/0', name: 'Untyped' },
        { address: '2559', name: 'Counter', dpt: '12' },
        { address: '1/10', name: 'Filtration "main"', dpt: 'DPT1.001' },
        {
          address: '1/0/1',
          name: 'Water temperature',
          dpt: '9.001',
          description: 'Klereo probe 5',
        },
      ],
      {
        rangeNames: [
          { main: 1, name: 'Pool' },
          { main: 1, middle: 0, name: 'Status' },
        ],
      },
    );
    expect(csv).toBe(new TextDecoder().decode(fixture('atrium-export.csv')));
  });

  it('honours the separator, header and BOM options', () => {
    const csv = exportEtsCsv([{ address: '0/0/7', name: 'a;b' }], {
      separator: ';',
      header: false,
      bom: true,
    });
    expect(csv).toBe(
      '\uFEFF"Main group 0";"0/-/-";"";"";"";"";"Auto"\r\n"Middle group 0/0";"0/0/-";"";"";"";"";"Auto"\r\n"a;b";"0/0/007";"";"";"";"";"Auto"\r\n',
    );
  });

  it('refuses bad addresses and DPTs', () => {
    expect(codeOf(() => exportEtsCsv([{ address: '32/0/0', name: 'x' }]))).toBe('malformedAddress');
    expect(codeOf(() => exportEtsCsv([{ address: '1/0/0', name: 'x', dpt: 'float' }]))).toBe(
      'invalidDPT',
    );
  });

  it('exports an imported ETS tree with its range names', () => {
    const csv = exportEtsTreeCsv(parseEtsXml(fixture('ets6-export.xml')).tree);
    expect(csv).toContain('"Light & Power"\t"0/-/-"');
    expect(csv).toContain('"Dimming"\t"0/1/-"');
    // As ETS writes it: sub groups not padded (the padding is the pool export's rule).
    expect(csv).toContain('"Kitchen dim"\t"0/1/1"\t""\t""\t""\t"DPST-3-7"\t"Auto"');
    expect(csv).toContain('"Custom type"\t"13/0/11"\t""\t""\t""\t"DPT-222"\t"Auto"');
  });
});

describe('parseEtsCsv', () => {
  it('reads a real ETS "1/1 Name/Address" export: tab, quoted, header, unpadded', () => {
    const result = parseEtsCsv(fixture('ets-1-1-tab.csv'));
    expect(result.addresses).toEqual([
      { address: '0/0/1', name: 'Name', dpt: '1.001', description: 'desc' },
      { address: '0/0/2', name: 'Say "hello"', dpt: '1.001' },
      { address: '13/0/0', name: 'Living room temperature', dpt: '9.001' },
      { address: '13/0/5', name: 'Main type only', dpt: '9' },
    ]);
    expect(result.tree.map((main) => [main.name, main.middles[0]?.name])).toEqual([
      ['Light & Power', 'Switch'],
      ['Heating', 'Temperatures'],
    ]);
  });

  it('reads a 3/1 export with semicolons, blank padded cells and ISO 8859-1 bytes', () => {
    const result = parseEtsCsv(fixture('ets-3-1-semicolon.csv'));
    expect(result.addresses).toEqual([
      { address: '1/1/1', name: 'Séjour plafond', dpt: '1.001' },
      { address: '1/1/2', name: 'Séjour variateur', dpt: '5.001' },
    ]);
    expect(result.tree[0]).toMatchObject({ main: 1, name: 'EG', middles: [{ name: 'Lumière' }] });
    expect(result.skipped).toEqual([{ name: 'Sans adresse', reason: 'missingAddress' }]);
  });

  it('reads its own export back, padded addresses included', () => {
    const result = parseEtsCsv(fixture('atrium-export.csv'));
    expect(result.addresses).toEqual([
      { address: '1/0/1', name: 'Water temperature', dpt: '9.001', description: 'Klereo probe 5' },
      { address: '1/0/10', name: 'Filtration "main"', dpt: '1.001' },
      { address: '1/1/255', name: 'Counter', dpt: '12' },
      { address: '2/0/0', name: 'Untyped' },
    ]);
    expect(result.tree[0]?.name).toBe('Pool');
  });

  it('reads headerless, unquoted, comma-separated rows in both layouts', () => {
    const oneOne = parseEtsCsv('Kitchen,1/1/1,,,,DPST-1-1,Auto\nHall,1/1/002,,,,DPST-1-1,Auto\n');
    expect(oneOne.addresses.map((entry) => entry.address)).toEqual(['1/1/1', '1/1/2']);
    const threeOne = parseEtsCsv('EG,,,1/-/-\n,,Kitchen,1/0/3,,,,DPST-9-1\n');
    expect(threeOne.addresses).toEqual([{ address: '1/0/3', name: 'Kitchen', dpt: '9.001' }]);
    expect(threeOne.tree[0]?.name).toBe('EG');
  });

  it('fails on an empty file and on a header naming no address column', () => {
    expect(codeOf(() => parseEtsCsv(new Uint8Array()))).toBe('emptyFile');
    expect(codeOf(() => parseEtsCsv('"Group name","Description","DatapointType"\n'))).toBe(
      'etsFileNotReadable',
    );
  });

  it('export then import gives the same addresses, for any separator (property)', () => {
    const entry = fc.record({
      raw: fc.integer({ min: 0, max: 65535 }),
      name: fc.string({ maxLength: 20 }).map((name) => name.trim()),
      dpt: fc.option(fc.constantFrom('1.001', '9.001', '5', '232.600', '20.102'), {
        nil: undefined,
      }),
    });
    const entries = fc.uniqueArray(entry, { selector: (item) => item.raw, maxLength: 20 });
    fc.assert(
      fc.property(
        entries,
        fc.constantFrom<'\t' | ',' | ';'>('\t', ',', ';'),
        (items, separator) => {
          const input = items.map((item) => ({
            ...item,
            address: formatGroupAddress(item.raw, 'free'),
          }));
          const result = parseEtsCsv(exportEtsCsv(input, { separator }));
          const expected = [...items]
            .sort((a, b) => a.raw - b.raw)
            .map((item) => ({
              address: formatGroupAddress(item.raw),
              name: item.name,
              ...(item.dpt === undefined ? {} : { dpt: item.dpt }),
            }));
          expect(result.addresses).toEqual(expected);
          expect(result.skipped).toEqual([]);
        },
      ),
    );
  });
});

describe('CSV reading helpers', () => {
  it('detects the separator outside quotes on the first line', () => {
    expect(detectSeparator('"a;b,c"\t"d"\n')).toBe('\t');
    expect(detectSeparator('a;b;c\n1,2,3,4,5\n')).toBe(';');
    expect(detectSeparator('a,b\n')).toBe(',');
  });

  it('splits quoted fields holding separators, quotes and line breaks', () => {
    expect(parseCsv('"a,b","say ""hi""","two\r\nlines"\r\nx,  y ,\n\n', ',')).toEqual([
      ['a,b', 'say "hi"', 'two\r\nlines'],
      ['x', 'y', ''],
    ]);
  });
});

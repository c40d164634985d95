import { describe, expect, it } from 'vitest';
import { exportEtsCsv, exportEtsTreeCsv } from './ets-csv';
import { parseEtsCsv, readEtsCsv, type EtsCsvFormat } from './ets-csv-import';
import { parseEtsXml } from './ets-xml';

/** One line of the project below: a range (depth 1 or 2) or an address. */
interface Item {
  name: string;
  main: number;
  middle?: number;
  sub?: number;
  description?: string;
  dpst?: string;
}

/** A small 3-level project with accents, separators in names, an empty middle range. */
const PROJECT: Item[] = [
  { name: 'Éclairage', main: 1, description: 'Rez-de-chaussée' },
  { name: 'Séjour', main: 1, middle: 0 },
  { name: 'Plafond', main: 1, middle: 0, sub: 1, description: 'Variateur 4×', dpst: 'DPST-1-1' },
  { name: 'Spots; cuisine, "îlot"', main: 1, middle: 0, sub: 2, dpst: 'DPST-5-1' },
  { name: 'Vide', main: 1, middle: 1 },
  { name: 'Chauffage', main: 2 },
  { name: 'Températures', main: 2, middle: 0 },
  { name: 'Salon °C', main: 2, middle: 0, sub: 10, dpst: 'DPST-9-1' },
];

const EXPECTED_ADDRESSES = [
  { address: '1/0/1', name: 'Plafond', dpt: '1.001', description: 'Variateur 4×' },
  { address: '1/0/2', name: 'Spots; cuisine, "îlot"', dpt: '5.001' },
  { address: '2/0/10', name: 'Salon °C', dpt: '9.001' },
];

const HEADERS: Record<EtsCsvFormat, string[]> = {
  '1/1': ['Group name', 'Address'],
  '1/3': ['Group name', 'Main', 'Middle', 'Sub'],
  '3/1': ['Main', 'Middle', 'Sub', 'Address'],
  '3/3': ['Main', 'Middle', 'Sub', 'Main', 'Middle', 'Sub'],
};
const TAIL_HEADER = ['Central', 'Unfiltered', 'Description', 'DatapointType', 'Security'];

/** The address columns of an item as ETS writes them in `format`. */
function addressCells(item: Item, format: EtsCsvFormat): string[] {
  const levels = [String(item.main), item.middle?.toString() ?? '', item.sub?.toString() ?? ''];
  if (format === '1/3' || format === '3/3') return levels;
  const text = `${item.main}/${item.middle ?? '-'}/${item.sub ?? '-'}`;
  return [text];
}

/** The name columns of an item: one, or the one of its depth among main / middle / sub. */
function nameCells(item: Item, format: EtsCsvFormat): string[] {
  if (format === '1/1' || format === '1/3') return [item.name];
  const depth = item.sub !== undefined ? 2 : item.middle !== undefined ? 1 : 0;
  return [0, 1, 2].map((level) => (level === depth ? item.name : ''));
}

interface WriteOptions {
  format: EtsCsvFormat;
  separator: string;
  header: boolean;
  quoted: boolean;
  encoding: 'utf-8-bom' | 'utf-8' | 'windows-1252';
}

/** Writes the project as ETS writes a CSV in `format`, then encodes it. */
function etsCsv(items: readonly Item[], options: WriteOptions): Uint8Array {
  const rows = items.map((item) => [
    ...nameCells(item, options.format),
    ...addressCells(item, options.format),
    '',
    '',
    item.description ?? '',
    item.dpst ?? '',
    'Auto',
  ]);
  if (options.header) rows.unshift([...HEADERS[options.format], ...TAIL_HEADER]);
  const field = (value: string) =>
    options.quoted ? `"${value.replaceAll('"', '""')}"` : value.replaceAll(options.separator, ' ');
  const text = rows.map((row) => row.map(field).join(options.separator)).join('\r\n') + '\r\n';
  if (options.encoding === 'windows-1252') return latin1(text);
  const bytes = new TextEncoder().encode(text);
  return options.encoding === 'utf-8' ? bytes : new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
}

/** Encodes text in windows-1252 (every character used here has a one-byte code). */
function latin1(text: string): Uint8Array {
  const special: Record<string, number> = { '×': 0xd7 };
  return new Uint8Array(
    [...text].map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 256) return code;
      const byte = special[char];
      if (byte === undefined) throw new Error(`no windows-1252 byte for ${char}`);
      return byte;
    }),
  );
}

const FORMATS: EtsCsvFormat[] = ['1/1', '1/3', '3/1', '3/3'];
const SEPARATORS = ['\t', ',', ';'];

describe('parseEtsCsv reads every CSV format ETS writes', () => {
  const cases = FORMATS.flatMap((format) =>
    SEPARATORS.flatMap((separator) =>
      [true, false].flatMap((header) =>
        (['utf-8-bom', 'windows-1252'] as const).map((encoding) => ({
          format,
          separator,
          header,
          encoding,
          quoted: true,
        })),
      ),
    ),
  );

  it.each(cases)(
    '$format, separator $separator, header $header, $encoding',
    ({ format, separator, header, encoding, quoted }) => {
      const bytes = etsCsv(PROJECT, { format, separator, header, quoted, encoding });
      const read = readEtsCsv(bytes);
      expect(read.format).toBe(format);
      expect(read.header).toBe(header);
      expect(read.result.skipped).toEqual([]);
      expect(read.result.addresses).toEqual(EXPECTED_ADDRESSES);
      expect(read.result.style).toBe('threeLevel');
      const [light, heating] = read.result.tree;
      expect(light).toMatchObject({ main: 1, name: 'Éclairage', description: 'Rez-de-chaussée' });
      expect(light?.middles.map((middle) => [middle.name, middle.addresses.length])).toEqual([
        ['Séjour', 2],
        ['Vide', 0],
      ]);
      expect(heating?.middles[0]?.name).toBe('Températures');
    },
  );

  it('reads unquoted rows of every format (plain UTF-8, no BOM)', () => {
    const plain = PROJECT.map((item) => ({ ...item, name: item.name.replace(/[;,"]/g, '') }));
    for (const format of FORMATS) {
      for (const separator of SEPARATORS) {
        const bytes = etsCsv(plain, {
          format,
          separator,
          header: false,
          quoted: false,
          encoding: 'utf-8',
        });
        const read = readEtsCsv(bytes);
        expect(read.format, `${format} ${separator}`).toBe(format);
        expect(read.result.addresses.map((entry) => entry.address)).toEqual([
          '1/0/1',
          '1/0/2',
          '2/0/10',
        ]);
      }
    }
  });

  it('reads a 3/3 export byte for byte as ETS writes it (tab, quoted, header)', () => {
    const text = [
      '"Main"\t"Middle"\t"Sub"\t"Main"\t"Middle"\t"Sub"\t"Central"\t"Unfiltered"\t"Description"\t"DatapointType"\t"Security"',
      '"Light & Power"\t""\t""\t"0"\t""\t""\t""\t""\t""\t""\t"Auto"',
      '"Switch"\t""\t""\t"0"\t"0"\t""\t""\t""\t""\t""\t"Auto"',
      '""\t""\t"Office ceiling"\t"0"\t"0"\t"0"\t""\t""\t"Additional comment"\t"DPST-1-1"\t"Auto"',
      '""\t""\t"Bathroom ceiling"\t"0"\t"0"\t"1"\t""\t""\t""\t"DPST-1-1"\t"Auto"',
    ].join('\n');
    // The middle range's name sits in the Middle column in ETS's own files.
    const fixed = text.replace('"Switch"\t""', '""\t"Switch"');
    const result = parseEtsCsv(fixed);
    expect(result.addresses).toEqual([
      { address: '0/0/0', name: 'Office ceiling', dpt: '1.001', description: 'Additional comment' },
      { address: '0/0/1', name: 'Bathroom ceiling', dpt: '1.001' },
    ]);
    expect(result.tree[0]).toMatchObject({ name: 'Light & Power', middles: [{ name: 'Switch' }] });
  });

  it('skips a header in another language and guesses the layout from the rows', () => {
    const read = readEtsCsv(
      [
        '"Gruppenname";"Adresse";"Zentral";"Ungefiltert";"Beschreibung";"Datenpunkttyp";"Sicherheit"',
        '"Licht";"1/-/-";"";"";"";"";"Auto"',
        '"Küche";"1/0/-";"";"";"";"";"Auto"',
        '"Decke";"1/0/4";"";"";"Haupt";"DPST-1-1";"Auto"',
      ].join('\r\n'),
    );
    expect(read.header).toBe(true);
    expect(read.format).toBe('1/1');
    expect(read.result.skipped).toEqual([]);
    expect(read.result.addresses).toEqual([
      { address: '1/0/4', name: 'Decke', dpt: '1.001', description: 'Haupt' },
    ]);
  });

  it('reads 2-level and free addresses in the 3/3 and 1/1 formats', () => {
    const twoLevel = parseEtsCsv(
      [
        'Main;Middle;Sub;Main;Middle;Sub;Central;Unfiltered;Description;DatapointType;Security',
        'Lights;;;3;;;;;;;Auto',
        ';;Hall;3;;300;;;;DPST-1-1;Auto',
      ].join('\n'),
    );
    expect(twoLevel.addresses).toEqual([{ address: '3/1/44', name: 'Hall', dpt: '1.001' }]);
    expect(twoLevel.tree[0]?.name).toBe('Lights');
    const free = parseEtsCsv(
      [
        '"Main","Middle","Sub","Main","Middle","Sub","Central","Unfiltered","Description","DatapointType","Security"',
        '"","","Pump","2561","","","","","","DPST-1-1","Auto"',
      ].join('\n'),
    );
    expect(free.addresses).toEqual([{ address: '1/2/1', name: 'Pump', dpt: '1.001' }]);
    const oneOne = parseEtsCsv('"Lights"\t"3/-"\n"Hall"\t"3/300"\t""\t""\t""\t"DPST-1-1"\n');
    expect(oneOne.style).toBe('twoLevel');
    expect(oneOne.addresses).toEqual([{ address: '3/1/44', name: 'Hall', dpt: '1.001' }]);
  });
});

describe('export fidelity (issue 18 point 8)', () => {
  it('an imported ETS export exported again keeps descriptions and empty ranges', () => {
    const original = etsCsv(PROJECT, {
      format: '1/1',
      separator: '\t',
      header: true,
      quoted: true,
      encoding: 'utf-8',
    });
    const imported = parseEtsCsv(original);
    const exported = exportEtsTreeCsv(imported.tree);
    // ETS's own form: unpadded sub groups, descriptions of ranges and addresses, empty ranges.
    expect(exported).toContain('"Éclairage"\t"1/-/-"\t""\t""\t"Rez-de-chaussée"\t""\t"Auto"');
    expect(exported).toContain('"Vide"\t"1/1/-"\t""\t""\t""\t""\t"Auto"');
    expect(exported).toContain('"Plafond"\t"1/0/1"\t""\t""\t"Variateur 4×"\t"DPST-1-1"\t"Auto"');
    expect(exported).toContain('"Salon °C"\t"2/0/10"');
    // Byte for byte the file ETS wrote (same rows, same order, CRLF, quoting).
    expect(exported).toBe(new TextDecoder().decode(original));
    expect(parseEtsCsv(exported)).toEqual(imported);
  });

  it('an ETS XML export keeps its empty ranges and descriptions through CSV', () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<GroupAddress-Export xmlns="http://knx.org/xml/ga-export/01">
  <GroupRange Name="Pool" RangeStart="2048" RangeEnd="4095" Description="Outside">
    <GroupRange Name="Status" RangeStart="2048" RangeEnd="2303">
      <GroupAddress Name="Water" Address="1/0/1" Description="Probe 5" DPTs="DPST-9-1" />
    </GroupRange>
    <GroupRange Name="Spare" RangeStart="2304" RangeEnd="2559" />
  </GroupRange>
  <GroupRange Name="Unused" RangeStart="4096" RangeEnd="6143" />
</GroupAddress-Export>`;
    const imported = parseEtsXml(xml);
    const back = parseEtsCsv(exportEtsTreeCsv(imported.tree, { separator: ';' }));
    expect(back.tree).toEqual(imported.tree);
    expect(back.tree.map((main) => main.name)).toEqual(['Pool', 'Unused']);
  });

  it('the pool export keeps the spec padding; ETS-style export does not', () => {
    const entries = [{ address: '1/0/7', name: 'Pump', dpt: '1.001' }];
    expect(exportEtsCsv(entries)).toContain('"1/0/007"');
    expect(exportEtsCsv(entries, { padSub: false })).toContain('"1/0/7"');
  });

  it('writes a 2-level project in its own style and reads it back', () => {
    const imported = parseEtsCsv('"Lights"\t"3/-"\n"Hall"\t"3/300"\t""\t""\t"east"\t"DPST-1-1"\n');
    const csv = exportEtsTreeCsv(imported.tree, { style: imported.style });
    expect(csv).toContain('"Lights"\t"3/-"');
    expect(csv).toContain('"Hall"\t"3/300"\t""\t""\t"east"\t"DPST-1-1"');
    expect(parseEtsCsv(csv).addresses).toEqual(imported.addresses);
  });
});

import { quoteField, type CsvSeparator } from './csv-format';
import { parseDpt, toEtsDptId } from './dpt-id';
import type { MainGroup } from './ets-model';
import { decodeThreeLevel, formatGroupAddress, parseGroupAddress } from './group-address';

/** Header of the ETS "1/1 Name/Address" CSV format (domain README §1). */
export const ETS_CSV_HEADER: readonly string[] = [
  'Group name',
  'Address',
  'Central',
  'Unfiltered',
  'Description',
  'DatapointType',
  'Security',
];

/** One address to export. */
export interface CsvExportAddress {
  /** Any form {@link parseGroupAddress} accepts; written 3-level with a 3-digit sub. */
  address: string;
  name: string;
  /** Any form `parseDpt` accepts (`9.001`, `DPST-9-1`...); written as `DPST-9-1` / `DPT-9`. */
  dpt?: string;
  description?: string;
}

/** A name for a main group (`middle` absent) or a middle group, written on its range row. */
export interface CsvRangeName {
  main: number;
  middle?: number;
  name: string;
}

/** Options of {@link exportEtsCsv}. */
export interface CsvExportOptions {
  /** Field separator; tab by default, as ETS and KNX Ultimate's importer expect. */
  separator?: CsvSeparator;
  /** Write the header line (default true). */
  header?: boolean;
  /** Start with a UTF-8 BOM so ETS and spreadsheets read accents right (default false). */
  bom?: boolean;
  /** Names of the main and middle groups; unnamed ones get "Main group n" / "Middle group n/m". */
  rangeNames?: readonly CsvRangeName[];
}

function dpstOf(dpt: string | undefined): string {
  return dpt === undefined || dpt.trim() === '' ? '' : toEtsDptId(parseDpt(dpt));
}

function rangeName(names: readonly CsvRangeName[], main: number, middle?: number): string {
  const found = names.find((entry) => entry.main === main && entry.middle === middle)?.name;
  if (found !== undefined && found !== '') return found;
  return middle === undefined ? `Main group ${main}` : `Middle group ${main}/${middle}`;
}

/**
 * Writes addresses as an ETS CSV in the "1/1 Name/Address" format with the spec's
 * rules (document 2 §2): sub group padded to 3 digits (`1/2/003`), DPT as `DPST-9-1`.
 * Every field is double-quoted, lines end with CRLF; each main and middle group used
 * gets its range row (`"Name" "1/-/-"`, `"Name" "1/2/-"`) before its addresses, which
 * are sorted by address. Throws `malformedAddress` or `invalidDPT` on a bad entry.
 */
export function exportEtsCsv(
  addresses: readonly CsvExportAddress[],
  options: CsvExportOptions = {},
): string {
  const names = options.rangeNames ?? [];
  const rows: string[][] = options.header === false ? [] : [[...ETS_CSV_HEADER]];
  const sorted = addresses
    .map((entry) => ({ entry, raw: parseGroupAddress(entry.address) }))
    .sort((a, b) => a.raw - b.raw);
  let lastMain: number | undefined;
  let lastMiddle: string | undefined;
  for (const { entry, raw } of sorted) {
    const { main, middle } = decodeThreeLevel(raw);
    if (main !== lastMain)
      rows.push([rangeName(names, main), `${main}/-/-`, '', '', '', '', 'Auto']);
    if (`${main}/${middle}` !== lastMiddle) {
      rows.push([rangeName(names, main, middle), `${main}/${middle}/-`, '', '', '', '', 'Auto']);
    }
    lastMain = main;
    lastMiddle = `${main}/${middle}`;
    const address = formatGroupAddress(raw, 'threeLevel', { padSub: true });
    rows.push([entry.name, address, '', '', entry.description ?? '', dpstOf(entry.dpt), 'Auto']);
  }
  const separator = options.separator ?? '\t';
  const lines = rows.map((row) => row.map(quoteField).join(separator));
  return `${options.bom === true ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}

/** Exports an imported ETS tree: its addresses, and its range names on the range rows. */
export function exportEtsTreeCsv(
  tree: readonly MainGroup[],
  options: CsvExportOptions = {},
): string {
  const rangeNames = tree.flatMap((main) => [
    { main: main.main, name: main.name },
    ...main.middles.map((middle) => ({
      main: main.main,
      middle: middle.middle,
      name: middle.name,
    })),
  ]);
  const addresses = tree.flatMap((main) => main.middles.flatMap((middle) => middle.addresses));
  return exportEtsCsv(addresses, { ...options, rangeNames });
}

import { quoteField, type CsvSeparator } from './csv-format';
import { parseDpt, toEtsDptId } from './dpt-id';
import type { MainGroup } from './ets-model';
import {
  decodeThreeLevel,
  formatGroupAddress,
  parseGroupAddress,
  type GroupAddressForm,
} from './group-address';

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
  /** Written in the Description column of the range row. */
  description?: string;
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
  /**
   * Pad the sub group to 3 digits (`1/2/003`): the spec's rule for the pool's ETS CSV
   * export (document 2 §2), true by default here. ETS itself never pads, so an export of
   * an imported ETS file ({@link exportEtsTreeCsv}) does not.
   */
  padSub?: boolean;
  /** Also write a range row for each entry of `rangeNames` that holds no address. */
  keepEmptyRanges?: boolean;
  /**
   * The project's address style: 3-level (default), 2-level (`1/300`, main range rows
   * `1/-`) or free (`2348`, no range rows), as ETS writes each.
   */
  style?: GroupAddressForm;
}

function dpstOf(dpt: string | undefined): string {
  return dpt === undefined || dpt.trim() === '' ? '' : toEtsDptId(parseDpt(dpt));
}

function rangeOf(names: readonly CsvRangeName[], main: number, middle?: number): CsvRangeName {
  const found = names.find((entry) => entry.main === main && entry.middle === middle);
  if (found !== undefined && found.name !== '') return found;
  const name = middle === undefined ? `Main group ${main}` : `Middle group ${main}/${middle}`;
  return { ...found, main, ...(middle === undefined ? {} : { middle }), name };
}

/** One line of the file: an address (with its raw value) or a range row. */
interface Line {
  /** Sort key: ranges before the addresses they hold. */
  key: number;
  cells: string[];
}

/**
 * Writes addresses as an ETS CSV in the "1/1 Name/Address" format: every field
 * double-quoted, lines ending with CRLF, DPT as `DPST-9-1` / `DPT-9`, descriptions in
 * their column. By default with the spec's rules for the console's export (document 2
 * §2): sub group padded to 3 digits (`1/2/003`). Each main and middle group used gets
 * its range row (`"Name" "1/-/-"`, `"Name" "1/2/-"`) before its addresses, which are
 * sorted by address; `keepEmptyRanges` also writes the named ranges that hold none.
 * Throws `malformedAddress` or `invalidDPT` on a bad entry.
 */
export function exportEtsCsv(
  addresses: readonly CsvExportAddress[],
  options: CsvExportOptions = {},
): string {
  const names = options.rangeNames ?? [];
  const style = options.style ?? 'threeLevel';
  const padSub = options.padSub ?? true;
  const lines: Line[] = [];
  const ranges = new Map<string, CsvRangeName>();
  const addRange = (main: number, middle?: number) => {
    if (style === 'free' || (style === 'twoLevel' && middle !== undefined)) return;
    const key = middle === undefined ? `${main}` : `${main}/${middle}`;
    if (!ranges.has(key)) ranges.set(key, rangeOf(names, main, middle));
  };
  for (const entry of addresses) {
    const raw = parseGroupAddress(entry.address);
    const { main, middle } = decodeThreeLevel(raw);
    addRange(main);
    addRange(main, middle);
    const address = formatGroupAddress(raw, style, { padSub: padSub && style !== 'free' });
    const cells = [entry.name, address, '', '', entry.description ?? '', dpstOf(entry.dpt), 'Auto'];
    lines.push({ key: raw * 2 + 1, cells });
  }
  if (options.keepEmptyRanges === true) {
    for (const range of names) addRange(range.main, range.middle);
  }
  for (const range of ranges.values()) {
    const start = (range.main << 11) + ((range.middle ?? 0) << 8);
    const text =
      range.middle === undefined
        ? style === 'twoLevel'
          ? `${range.main}/-`
          : `${range.main}/-/-`
        : `${range.main}/${range.middle}/-`;
    // A main range sorts before its first middle range, which sorts before its addresses.
    const key = start * 2 - (range.middle === undefined ? 0.5 : 0.25);
    lines.push({ key, cells: [range.name, text, '', '', range.description ?? '', '', 'Auto'] });
  }
  lines.sort((a, b) => a.key - b.key);
  const rows = [
    ...(options.header === false ? [] : [[...ETS_CSV_HEADER]]),
    ...lines.map((l) => l.cells),
  ];
  const separator = options.separator ?? '\t';
  const text = rows.map((row) => row.map(quoteField).join(separator));
  return `${options.bom === true ? '\uFEFF' : ''}${text.join('\r\n')}\r\n`;
}

/**
 * Exports an imported ETS tree as ETS itself writes a "1/1" CSV: its addresses with
 * their descriptions, every range with its name and description (empty ones too), sub
 * groups not padded, in the project's address style (`import.style`). Reading the
 * result with `parseEtsCsv` gives the same tree back.
 */
export function exportEtsTreeCsv(
  tree: readonly MainGroup[],
  options: CsvExportOptions = {},
): string {
  const described = (description: string | undefined) =>
    description === undefined ? {} : { description };
  const rangeNames = tree.flatMap((main) => [
    { main: main.main, name: main.name, ...described(main.description) },
    ...main.middles.map((middle) => ({
      main: main.main,
      middle: middle.middle,
      name: middle.name,
      ...described(middle.description),
    })),
  ]);
  const addresses = tree.flatMap((main) => main.middles.flatMap((middle) => middle.addresses));
  return exportEtsCsv(addresses, {
    padSub: false,
    keepEmptyRanges: true,
    ...options,
    rangeNames,
  });
}

import { detectSeparator, parseCsv } from './csv-format';
import { KnxError } from './errors';
import type { EtsImport, RawAddress, RawRange } from './ets-model';
import { decodeCsvText, type EtsReadOptions } from './ets-text';
import { buildEtsImport } from './ets-tree';

/**
 * The four CSV formats of ETS's "Export group addresses" (first figure: columns for the
 * name, second: columns for the address): "1/1 Name/Address", "1/3 Name/Main/Middle/Sub",
 * "3/1 Main/Middle/Sub / Address" and "3/3 Main/Middle/Sub / Main/Middle/Sub".
 */
export type EtsCsvFormat = '1/1' | '1/3' | '3/1' | '3/3';

/** Where the fields of a row are. */
interface Layout {
  format: EtsCsvFormat;
  /** Columns that may hold the name: one, or main / middle / sub (3/1, 3/3). */
  names: number[];
  /** The address column (1/1, 3/1). */
  address?: number;
  /** The main / middle / sub number columns (1/3, 3/3). */
  levels?: [number, number, number];
  description?: number;
  dpt?: number;
}

/** Layouts of the headerless forms, as ETS orders the columns. */
const HEADERLESS: Record<EtsCsvFormat, Layout> = {
  // name, address, central, unfiltered, description, DPT, security
  '1/1': { format: '1/1', names: [0], address: 1, description: 4, dpt: 5 },
  // name, main, middle, sub, central, unfiltered, description, DPT, security
  '1/3': { format: '1/3', names: [0], levels: [1, 2, 3], description: 6, dpt: 7 },
  // main, middle, sub, address, central, unfiltered, description, DPT, security
  '3/1': { format: '3/1', names: [0, 1, 2], address: 3, description: 6, dpt: 7 },
  // main, middle, sub, main, middle, sub, central, unfiltered, description, DPT, security
  '3/3': { format: '3/3', names: [0, 1, 2], levels: [3, 4, 5], description: 8, dpt: 9 },
};

const HEADER_WORDS = /^(address|group name|main|middle|sub|datapointtype|description)$/i;
const RANGE_ROW = /^(\d{1,2})\/(?:(\d)\/)?-(?:\/-)?$/;
const NUMBER = /^\d{1,5}$/;
const ADDRESS_LIKE = /^\d+(\/(\d+|-)){1,2}$/;

/**
 * A header: at least two of ETS's column names, or (a header in another language) a first
 * line of several cells without a single digit, where every ETS data line has an address.
 */
function looksLikeHeader(row: readonly string[]): boolean {
  if (row.filter((cell) => HEADER_WORDS.test(cell)).length >= 2) return true;
  return row.filter((cell) => cell !== '').length >= 3 && row.every((cell) => !/\d/.test(cell));
}

/** Every index of `name` in the header (lower-cased), in order. */
function indexesOf(header: readonly string[], name: string): number[] {
  return header.flatMap((cell, index) => (cell.toLowerCase() === name ? [index] : []));
}

/** Reads the layout from a header line; undefined when the header names no address columns. */
function layoutFromHeader(header: readonly string[]): Layout | undefined {
  const first = (name: string) => indexesOf(header, name)[0];
  const description = first('description');
  const dpt = first('datapointtype') ?? first('dpts');
  const extras = {
    ...(description === undefined ? {} : { description }),
    ...(dpt === undefined ? {} : { dpt }),
  };
  const [main, main2] = indexesOf(header, 'main');
  const [middle, middle2] = indexesOf(header, 'middle');
  const [sub, sub2] = indexesOf(header, 'sub');
  const address = first('address');
  const groupName = first('group name');
  if (address !== undefined) {
    const levelNames = [main, middle, sub].filter((index) => index !== undefined);
    if (groupName === undefined && levelNames.length === 3) {
      return { format: '3/1', names: levelNames, address, ...extras };
    }
    return { format: '1/1', names: groupName === undefined ? [] : [groupName], address, ...extras };
  }
  if (main2 !== undefined && middle2 !== undefined && sub2 !== undefined) {
    if (main === undefined || middle === undefined || sub === undefined) return undefined;
    return { format: '3/3', names: [main, middle, sub], levels: [main2, middle2, sub2], ...extras };
  }
  if (main !== undefined && middle !== undefined && sub !== undefined) {
    return {
      format: '1/3',
      names: groupName === undefined ? [] : [groupName],
      levels: [main, middle, sub],
      ...extras,
    };
  }
  return undefined;
}

/** Without a usable header: the format most rows look like. */
function guessLayout(rows: readonly string[][]): Layout {
  const votes = new Map<EtsCsvFormat, number>();
  const vote = (format: EtsCsvFormat) => votes.set(format, (votes.get(format) ?? 0) + 1);
  const is = (value: string | undefined, pattern: RegExp) =>
    value !== undefined && pattern.test(value);
  for (const row of rows) {
    if (is(row[1], ADDRESS_LIKE)) vote('1/1');
    else if (is(row[3], ADDRESS_LIKE)) vote('3/1');
    else if (is(row[1], NUMBER) && is(row[2], NUMBER)) vote('1/3');
    else if (is(row[3], NUMBER) && !is(row[1], NUMBER)) vote('3/3');
    else if (is(row[1], NUMBER)) vote(row.length >= 9 && row[2] === '' ? '1/3' : '1/1');
  }
  let best: EtsCsvFormat = '1/1';
  for (const [format, count] of votes) if (count > (votes.get(best) ?? 0)) best = format;
  return HEADERLESS[best];
}

/** Reads a range row (`1/-/-`, `1/2/-`, also 2-level `1/-`) as a range, or undefined. */
function rangeOf(address: string, name: string): RawRange | undefined {
  const match = RANGE_ROW.exec(address);
  if (match === null) return undefined;
  const main = Number(match[1]);
  if (main > 31) return undefined;
  if (match[2] === undefined) {
    return { depth: 1, name, start: main << 11, end: (main << 11) + 2047 };
  }
  const start = (main << 11) + (Number(match[2]) << 8);
  return { depth: 2, name, start, end: start + 255 };
}

function cell(row: readonly string[], index: number | undefined): string | undefined {
  const value = index === undefined ? undefined : row[index]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** What one row of a 1/3 or 3/3 file is: a range, an address, or neither. */
type LevelRow = { kind: 'range'; text: string } | { kind: 'address'; text?: string };

/**
 * Turns the number columns of a 1/3 or 3/3 row into range text (`1/-/-`, `1/2/-`) or
 * an address (`1/2/3`, 2-level `1/300`, free `2561`). In 3/3 the name's column tells
 * a range from an address (the name of an address sits in the Sub column), which is
 * how free and 2-level addresses are told from ranges.
 */
function levelRow(row: readonly string[], layout: Layout): LevelRow {
  const [mainAt, middleAt, subAt] = layout.levels ?? [0, 0, 0];
  const main = cell(row, mainAt);
  const middle = cell(row, middleAt);
  const sub = cell(row, subAt);
  const nameDepth =
    layout.format === '3/3' ? layout.names.findIndex((index) => cell(row, index)) : -1;
  if (main === undefined) return { kind: 'address' };
  if (middle !== undefined && sub !== undefined) {
    return { kind: 'address', text: `${main}/${middle}/${sub}` };
  }
  if (sub !== undefined) return { kind: 'address', text: `${main}/${sub}` };
  if (nameDepth === 2) {
    return { kind: 'address', text: middle === undefined ? main : `${main}/${middle}` };
  }
  if (middle !== undefined) return { kind: 'range', text: `${main}/${middle}/-` };
  return { kind: 'range', text: `${main}/-/-` };
}

/**
 * Reads an ETS CSV export in any of ETS's four formats (1/1, 1/3, 3/1, 3/3), with or
 * without the header line, tab, comma or semicolon separated, quoted or not, addresses
 * padded (`1/2/003`, the console's own export) or not, DPT as `DPST-9-1`, `DPT-9` or
 * `9.001`, descriptions kept. Range rows name the groups. Bytes are decoded by their
 * BOM (UTF-8, UTF-16), else as UTF-8, else as windows-1252 (ETS's Latin-1 exports).
 * Throws `KnxError` `emptyFile`, `fileTooLargeMax` or `etsFileNotReadable`; rows
 * without a usable address are listed in `skipped`.
 */
export function parseEtsCsv(input: Uint8Array | string, options: EtsReadOptions = {}): EtsImport {
  return readEtsCsv(input, options).result;
}

/** {@link parseEtsCsv}, also telling which format the file was read as. */
export function readEtsCsv(
  input: Uint8Array | string,
  options: EtsReadOptions = {},
): { format: EtsCsvFormat; header: boolean; result: EtsImport } {
  const text = decodeCsvText(input, options);
  const rows = parseCsv(text, detectSeparator(text));
  const [first] = rows;
  const header = first !== undefined && looksLikeHeader(first);
  const fromHeader = header ? layoutFromHeader(first) : undefined;
  const body = header ? rows.slice(1) : rows;
  if (header && fromHeader === undefined && body.length === 0) {
    throw new KnxError('etsFileNotReadable', 'the CSV header names no address columns');
  }
  const layout = fromHeader ?? guessLayout(body);
  const ranges: RawRange[] = [];
  const addresses: RawAddress[] = [];
  for (const row of body) {
    const name = layout.names.map((index) => cell(row, index)).find((value) => value !== undefined);
    const found: LevelRow =
      layout.levels === undefined
        ? { kind: 'address', ...textOf(cell(row, layout.address)) }
        : levelRow(row, layout);
    const description = cell(row, layout.description);
    const range = found.text === undefined ? undefined : rangeOf(found.text, name ?? '');
    if (range !== undefined) {
      ranges.push(description === undefined ? range : { ...range, description });
      continue;
    }
    if (found.kind === 'range') continue;
    const dpt = cell(row, layout.dpt);
    addresses.push({
      ...(found.text === undefined ? {} : { address: found.text }),
      ...(name === undefined ? {} : { name }),
      ...(dpt === undefined ? {} : { dpt }),
      ...(description === undefined ? {} : { description }),
    });
  }
  return { format: layout.format, header, result: buildEtsImport(ranges, addresses) };
}

function textOf(text: string | undefined): { text?: string } {
  return text === undefined ? {} : { text };
}

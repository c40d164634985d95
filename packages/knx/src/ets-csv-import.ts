import { detectSeparator, parseCsv } from './csv-format';
import { KnxError } from './errors';
import type { EtsImport, RawAddress, RawRange } from './ets-model';
import { decodeCsvText, type EtsReadOptions } from './ets-text';
import { buildEtsImport } from './ets-tree';

/** Where the fields of a row are, per CSV format. */
interface Layout {
  /** Columns that may hold the name; the first non-empty one is taken (3/1 has three). */
  names: number[];
  address: number;
  dpt?: number;
}

/** Headerless "1/1 Name/Address": name, address, central, unfiltered, description, DPT. */
const ONE_ONE: Layout = { names: [0], address: 1, dpt: 5 };
/** Headerless "3/1": main, middle, sub, address, central, unfiltered, description, DPT. */
const THREE_ONE: Layout = { names: [0, 1, 2], address: 3, dpt: 7 };

const RANGE_ROW = /^(\d{1,2})\/(?:(\d)\/)?-(?:\/-)?$/;

function looksLikeHeader(row: readonly string[]): boolean {
  return row.some((cell) => /^(address|group name|main)$/i.test(cell));
}

function layoutFromHeader(header: readonly string[]): Layout {
  const find = (name: string): number | undefined => {
    const index = header.findIndex((cell) => cell.toLowerCase() === name);
    return index === -1 ? undefined : index;
  };
  const address = find('address');
  if (address === undefined) {
    throw new KnxError(
      'etsFileNotReadable',
      'the CSV header has no Address column (3/3 is not read)',
    );
  }
  const names = ['group name', 'main', 'middle', 'sub'].flatMap((name) => find(name) ?? []);
  const dpt = find('datapointtype') ?? find('dpts');
  return { names, address, ...(dpt === undefined ? {} : { dpt }) };
}

/** Reads a range row (`1/-/-`, `1/2/-`, also 2-level `1/-`) as a range, or undefined. */
function rangeOf(address: string, name: string): RawRange | undefined {
  const match = RANGE_ROW.exec(address);
  if (match === null) return undefined;
  const main = Number(match[1]);
  if (main > 31) return undefined;
  if (match[2] === undefined)
    return { depth: 1, name, start: main << 11, end: (main << 11) + 2047 };
  const start = (main << 11) + (Number(match[2]) << 8);
  return { depth: 2, name, start, end: start + 255 };
}

function cell(row: readonly string[], index: number | undefined): string | undefined {
  const value = index === undefined ? undefined : row[index];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Reads an ETS CSV export: formats "1/1 Name/Address" and "3/1", with or without the
 * header line, tab, comma or semicolon separated, quoted or not, addresses padded
 * (`1/2/003`, the console's own export) or not, DPT as `DPST-9-1`, `DPT-9` or `9.001`.
 * Range rows (`1/-/-`, `1/2/-`) name the groups. Bytes are decoded as UTF-8, or
 * windows-1252 when not valid UTF-8. Throws `KnxError` `emptyFile`, `fileTooLargeMax`
 * or `etsFileNotReadable`; rows without a usable address are listed in `skipped`.
 */
export function parseEtsCsv(input: Uint8Array | string, options: EtsReadOptions = {}): EtsImport {
  const text = decodeCsvText(input, options);
  const rows = parseCsv(text, detectSeparator(text));
  const [first] = rows;
  const hasHeader = first !== undefined && looksLikeHeader(first);
  const layout = hasHeader ? layoutFromHeader(first) : guessLayout(rows);
  const ranges: RawRange[] = [];
  const addresses: RawAddress[] = [];
  for (const row of hasHeader ? rows.slice(1) : rows) {
    const name = layout.names.map((index) => cell(row, index)).find((value) => value !== undefined);
    const address = cell(row, layout.address);
    const range = address === undefined ? undefined : rangeOf(address, name ?? '');
    if (range !== undefined) {
      ranges.push(range);
      continue;
    }
    const dpt = cell(row, layout.dpt);
    addresses.push({
      ...(address === undefined ? {} : { address }),
      ...(name === undefined ? {} : { name }),
      ...(dpt === undefined ? {} : { dpt }),
    });
  }
  return buildEtsImport(ranges, addresses);
}

/** Without a header: 3/1 when the fourth column holds addresses, else 1/1. */
function guessLayout(rows: readonly string[][]): Layout {
  const addressLike = (value: string | undefined): boolean =>
    value !== undefined && /^\d+(\/(\d+|-)){0,2}$/.test(value);
  const votes = rows.filter((row) => addressLike(row[3]) && !addressLike(row[1])).length;
  return votes * 2 > rows.length ? THREE_ONE : ONE_ONE;
}

import { KnxError } from './errors';

/** Largest ETS file accepted, in bytes (spec document 2 §5 and §9). */
export const ETS_MAX_BYTES = 1_000_000;

/** Options shared by the ETS readers. */
export interface EtsReadOptions {
  /** Largest input accepted, in bytes; {@link ETS_MAX_BYTES} by default. */
  maxBytes?: number;
}

/** Encoding labels accepted in an XML declaration, mapped to a WHATWG decoder. */
const ENCODINGS: ReadonlyMap<string, string> = new Map([
  ['utf-8', 'utf-8'],
  ['utf8', 'utf-8'],
  ['us-ascii', 'utf-8'],
  ['ascii', 'utf-8'],
  // The WHATWG decoder reads every ISO 8859-1 label as windows-1252, its superset.
  ['iso-8859-1', 'windows-1252'],
  ['iso8859-1', 'windows-1252'],
  ['iso_8859-1', 'windows-1252'],
  ['latin1', 'windows-1252'],
  ['latin-1', 'windows-1252'],
  ['windows-1252', 'windows-1252'],
  ['cp1252', 'windows-1252'],
  ['iso-8859-15', 'iso-8859-15'],
  ['latin-9', 'iso-8859-15'],
]);

const DECLARED = /^<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/;
const BOMS: readonly [readonly number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

function unreadable(message: string): never {
  throw new KnxError('etsFileNotReadable', message);
}

/** The decoder label given by a BOM, if any. */
function bomEncoding(bytes: Uint8Array): string | undefined {
  return BOMS.find(([mark]) => mark.every((byte, index) => bytes[index] === byte))?.[1];
}

/** The decoder label for XML bytes: its BOM first, else its XML declaration, else UTF-8. */
function xmlEncoding(bytes: Uint8Array): string {
  const bom = bomEncoding(bytes);
  if (bom !== undefined) return bom;
  // The declaration is ASCII whatever the encoding, so a byte-per-character read finds it.
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  const declared = DECLARED.exec(head)?.[1]?.toLowerCase();
  if (declared === undefined) return 'utf-8';
  return ENCODINGS.get(declared) ?? unreadable(`unsupported encoding "${declared}"`);
}

/** Decodes strictly; undefined when the bytes are not valid in `encoding`. */
function tryDecode(bytes: Uint8Array, encoding: string): string | undefined {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function checkSize(input: Uint8Array | string, options: EtsReadOptions): void {
  const maxBytes = options.maxBytes ?? ETS_MAX_BYTES;
  const size = typeof input === 'string' ? new TextEncoder().encode(input).length : input.length;
  if (size > maxBytes) {
    throw new KnxError('fileTooLargeMax', `file is ${size} bytes, the limit is ${maxBytes}`);
  }
}

function checkNotEmpty(text: string): string {
  if (text.trim() === '') throw new KnxError('emptyFile', 'the file is empty');
  return text;
}

function withoutBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/**
 * Turns an uploaded XML file into text: checks it is neither empty (`emptyFile`) nor
 * over the size limit (`fileTooLargeMax`), honours a BOM or the declared encoding
 * (UTF-8, UTF-16 with BOM, ISO 8859-1 / windows-1252, ISO 8859-15) and refuses bytes
 * that are not valid in it (`etsFileNotReadable`). A string is taken as already decoded.
 */
export function decodeEtsText(input: Uint8Array | string, options: EtsReadOptions = {}): string {
  checkSize(input, options);
  if (typeof input === 'string') return checkNotEmpty(withoutBom(input));
  const encoding = xmlEncoding(input);
  const text = tryDecode(input, encoding) ?? unreadable(`the file is not valid ${encoding}`);
  return checkNotEmpty(text);
}

/**
 * Turns an uploaded CSV file into text. CSV declares no encoding: a BOM decides, else
 * valid UTF-8 is read as UTF-8 and anything else as windows-1252 (ETS and its tools
 * often write ISO 8859-1). Same size and emptiness checks as {@link decodeEtsText}.
 */
export function decodeCsvText(input: Uint8Array | string, options: EtsReadOptions = {}): string {
  checkSize(input, options);
  if (typeof input === 'string') return checkNotEmpty(withoutBom(input));
  const bom = bomEncoding(input);
  const text =
    bom === undefined
      ? (tryDecode(input, 'utf-8') ?? new TextDecoder('windows-1252').decode(input))
      : (tryDecode(input, bom) ?? unreadable(`the file is not valid ${bom}`));
  return checkNotEmpty(text);
}

import { KnxError } from './errors';

/**
 * A datapoint type: a main type and, when known, a subtype.
 * `{ main: 9, sub: 1 }` is 9.001 (ETS `DPST-9-1`); `{ main: 9 }` is "main type only" (ETS `DPT-9`).
 */
export interface Dpt {
  main: number;
  sub?: number;
}

/** What the DPT functions accept: a {@link Dpt}, a main type number, or any text {@link parseDpt} reads. */
export type DptInput = Dpt | number | string;

// Main and sub numbers run past 999 in the KNX master data (e.g. 20.1001); 5 digits is plenty.
const DOTTED = /^(?:DPT[-_ ]?)?(\d{1,5})(?:\.(\d{1,5}))?$/i;
const DPST = /^DPST-(\d{1,5})-(\d{1,5})$/i;
const MAX_NUMBER = 65535;

function invalid(text: string): never {
  throw new KnxError('invalidDPT', `"${text}" is not a datapoint type`);
}

function build(text: string, main: number, sub: number | undefined): Dpt {
  if (main < 1 || main > MAX_NUMBER || (sub !== undefined && sub > MAX_NUMBER)) invalid(text);
  return sub === undefined ? { main } : { main, sub };
}

/**
 * Reads a datapoint type written as `9`, `9.001`, `DPT9.001`, `DPT9`, `DPT-9` or
 * `DPST-9-1` (case-insensitive, surrounding spaces ignored). It checks syntax only:
 * `DPT-222` parses although the codec does not know main type 222.
 * Throws `KnxError('invalidDPT')`.
 */
export function parseDpt(input: DptInput): Dpt {
  if (typeof input === 'number') {
    if (!Number.isInteger(input)) invalid(String(input));
    return build(String(input), input, undefined);
  }
  if (typeof input !== 'string') {
    if (
      !Number.isInteger(input.main) ||
      (input.sub !== undefined && !Number.isInteger(input.sub))
    ) {
      invalid(JSON.stringify(input));
    }
    return build(JSON.stringify(input), input.main, input.sub);
  }
  const text = input.trim();
  const match = DPST.exec(text) ?? DOTTED.exec(text);
  if (match === null) return invalid(input);
  const sub = match[2] === undefined ? undefined : Number(match[2]);
  return build(input, Number(match[1]), sub);
}

/** Like {@link parseDpt} but returns undefined instead of throwing. */
export function tryParseDpt(input: DptInput): Dpt | undefined {
  try {
    return parseDpt(input);
  } catch {
    return undefined;
  }
}

/** Options for {@link formatDpt}. */
export interface FormatDptOptions {
  /** Prefix with `DPT` (`DPT9.001`), as KNXUltimate and ioBroker write it. */
  prefix?: boolean;
}

/**
 * The dotted form with a 3-digit subtype, the spec's DPT format (§5 "digits, dot,
 * three digits"): `9.001`; a main type alone is written `9`.
 */
export function formatDpt(input: DptInput, options: FormatDptOptions = {}): string {
  const dpt = parseDpt(input);
  const body =
    dpt.sub === undefined ? `${dpt.main}` : `${dpt.main}.${String(dpt.sub).padStart(3, '0')}`;
  return options.prefix === true ? `DPT${body}` : body;
}

/** The ETS master-data id: `DPST-9-1` for 9.001, `DPT-9` for a main type alone (no zero padding). */
export function toEtsDptId(input: DptInput): string {
  const dpt = parseDpt(input);
  return dpt.sub === undefined ? `DPT-${dpt.main}` : `DPST-${dpt.main}-${dpt.sub}`;
}

/** Converts an ETS id (`DPST-9-1`, `DPT-9`) or any other accepted text to the dotted form (`9.001`, `9`). */
export function fromEtsDptId(text: string): string {
  return formatDpt(parseDpt(text));
}

/** True when both denote the same main type and subtype. */
export function sameDpt(a: DptInput, b: DptInput): boolean {
  const left = parseDpt(a);
  const right = parseDpt(b);
  return left.main === right.main && left.sub === right.sub;
}

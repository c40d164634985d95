import { KnxError } from './errors';

/** Largest main group (5 bits). */
export const MAX_MAIN = 31;
/** Largest middle group in the 3-level form (3 bits). */
export const MAX_MIDDLE = 7;
/** Largest sub group in the 3-level form (8 bits). */
export const MAX_SUB = 255;
/** Largest sub group in the 2-level form (11 bits). */
export const MAX_SUB_TWO_LEVEL = 2047;
/** Largest raw (free-form) group address: 16 bits. */
export const MAX_RAW = 65535;

/** How a group address is written: `1/2/3`, `1/515` or `2563`. */
export type GroupAddressForm = 'threeLevel' | 'twoLevel' | 'free';

/** A group address in the 3-level form, `main/middle/sub`. */
export interface ThreeLevelAddress {
  main: number;
  middle: number;
  sub: number;
}

/** A group address in the 2-level form, `main/sub`. */
export interface TwoLevelAddress {
  main: number;
  sub: number;
}

/** Options for {@link formatGroupAddress}. */
export interface FormatOptions {
  /** Pad the last part with zeros to 3 digits (`1/2/003`), as the console's CSV export does. */
  padSub?: boolean;
}

// Up to 5 digits per part: enough for 65535 and for zero-padded forms, and no huge strings.
const PART = '(\\d{1,5})';
const FORMS: readonly GroupAddressForm[] = ['threeLevel', 'twoLevel', 'free'];
const PATTERNS: Record<GroupAddressForm, RegExp> = {
  threeLevel: new RegExp(`^${PART}/${PART}/${PART}$`),
  twoLevel: new RegExp(`^${PART}/${PART}$`),
  free: new RegExp(`^${PART}$`),
};

function fail(text: string, why: string): never {
  throw new KnxError('malformedAddress', `"${text}" is not a group address: ${why}`);
}

function checkRange(text: string, label: string, value: number, max: number): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    fail(text, `${label} must be an integer from 0 to ${max}`);
  }
}

/** Raw 16-bit value of a 3-level address: `(main << 11) + (middle << 8) + sub`; throws `malformedAddress`. */
export function encodeThreeLevel(address: ThreeLevelAddress): number {
  const text = `${address.main}/${address.middle}/${address.sub}`;
  checkRange(text, 'main', address.main, MAX_MAIN);
  checkRange(text, 'middle', address.middle, MAX_MIDDLE);
  checkRange(text, 'sub', address.sub, MAX_SUB);
  return (address.main << 11) + (address.middle << 8) + address.sub;
}

/** Raw 16-bit value of a 2-level address: `(main << 11) + sub`; throws `malformedAddress`. */
export function encodeTwoLevel(address: TwoLevelAddress): number {
  const text = `${address.main}/${address.sub}`;
  checkRange(text, 'main', address.main, MAX_MAIN);
  checkRange(text, 'sub', address.sub, MAX_SUB_TWO_LEVEL);
  return (address.main << 11) + address.sub;
}

/** Throws `malformedAddress` unless `raw` is an integer from 0 to 65535. */
export function checkRaw(raw: number): number {
  checkRange(String(raw), 'address', raw, MAX_RAW);
  return raw;
}

/** The 3-level parts of a raw address. */
export function decodeThreeLevel(raw: number): ThreeLevelAddress {
  checkRaw(raw);
  return { main: (raw >> 11) & 0x1f, middle: (raw >> 8) & 0x07, sub: raw & 0xff };
}

/** The 2-level parts of a raw address. */
export function decodeTwoLevel(raw: number): TwoLevelAddress {
  checkRaw(raw);
  return { main: (raw >> 11) & 0x1f, sub: raw & 0x7ff };
}

/** Which form `text` is written in, judged by its slashes; undefined if none fits. */
export function detectForm(text: string): GroupAddressForm | undefined {
  const trimmed = text.trim();
  return FORMS.find((form) => PATTERNS[form].test(trimmed));
}

/**
 * Parses a group address to its raw 16-bit value. Without `form`, any of the three
 * forms is accepted (judged by the number of slashes); zero-padded parts are accepted.
 * Throws `KnxError('malformedAddress')` when the text is not an address or out of range.
 */
export function parseGroupAddress(text: string, form?: GroupAddressForm): number {
  const trimmed = text.trim();
  const actual = form ?? detectForm(trimmed);
  const match = actual === undefined ? null : PATTERNS[actual].exec(trimmed);
  if (actual === undefined || match === null) {
    return fail(
      text,
      form === undefined ? 'expected a/b/c, a/b or n' : `expected the ${form} form`,
    );
  }
  const parts = match.slice(1).map(Number);
  const [first = 0, second = 0, third = 0] = parts;
  switch (actual) {
    case 'threeLevel':
      return encodeThreeLevel({ main: first, middle: second, sub: third });
    case 'twoLevel':
      return encodeTwoLevel({ main: first, sub: second });
    case 'free':
      checkRange(text, 'address', first, MAX_RAW);
      return first;
  }
}

/** True when `text` parses as a group address (in `form`, or any form when omitted). */
export function isValidGroupAddress(text: string, form?: GroupAddressForm): boolean {
  try {
    parseGroupAddress(text, form);
    return true;
  } catch {
    return false;
  }
}

/** Writes a raw address in the given form (3-level by default); throws `malformedAddress`. */
export function formatGroupAddress(
  raw: number,
  form: GroupAddressForm = 'threeLevel',
  options: FormatOptions = {},
): string {
  const pad = (n: number): string =>
    options.padSub === true ? String(n).padStart(3, '0') : `${n}`;
  switch (form) {
    case 'threeLevel': {
      const { main, middle, sub } = decodeThreeLevel(raw);
      return `${main}/${middle}/${pad(sub)}`;
    }
    case 'twoLevel': {
      const { main, sub } = decodeTwoLevel(raw);
      return `${main}/${pad(sub)}`;
    }
    case 'free':
      return String(checkRaw(raw));
  }
}

/** Rewrites an address given in any form in another form (3-level by default): `"2563"` → `"1/2/3"`. */
export function convertGroupAddress(
  text: string,
  to: GroupAddressForm = 'threeLevel',
  options: FormatOptions = {},
): string {
  return formatGroupAddress(parseGroupAddress(text), to, options);
}

/** The two bytes sent on the bus for a group address, big-endian. */
export function groupAddressToBytes(raw: number): Uint8Array {
  checkRaw(raw);
  return Uint8Array.of(raw >> 8, raw & 0xff);
}

/** The raw address read from two big-endian bytes; throws `malformedAddress` for another length. */
export function groupAddressFromBytes(bytes: Uint8Array): number {
  const [high, low] = bytes;
  if (bytes.length !== 2 || high === undefined || low === undefined) {
    return fail(`${bytes.length} bytes`, 'expected exactly 2 bytes');
  }
  return (high << 8) | low;
}

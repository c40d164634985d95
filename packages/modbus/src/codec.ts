import { decodeString, encodeString } from './codec-string';
import {
  outOfRange,
  registerAt,
  roundHalfAway,
  scaleUnits,
  SCALE_ONE,
  swap16,
} from './codec-support';
import { ModbusCodecError } from './errors';

export { isModbusCodecError, ModbusCodecError, type ModbusCodecErrorCode } from './errors';

/**
 * Register values ⇄ numbers and strings (document 3 §3, domain notes §4). Without swaps a
 * value is big-endian, high word first (ABCD); `swapBytes` gives BADC, `swapWords` CDAB, both
 * DCBA. 123456.0 as FLOAT32 (0x47F12000) is [0x47F1, 0x2000] in ABCD, [0xF147, 0x0020] in
 * BADC, [0x2000, 0x47F1] in CDAB and [0x0020, 0xF147] in DCBA.
 */
export type DataType = 'INT16' | 'UINT16' | 'INT32' | 'UINT32' | 'FLOAT32' | 'STRING';

/** How one value sits in its registers. */
export interface ValueFormat {
  dataType: DataType;
  /** Registers of a STRING (2 ASCII/Latin-1 chars per register, NULs trimmed at the end); ignored for numeric types. */
  wordLength?: number;
  /** Swap the two bytes inside each 16-bit register (STRING too). */
  swapBytes?: boolean;
  /** Swap the order of the registers of a 32-bit value (ignored for 16-bit types and STRING). */
  swapWords?: boolean;
  /** decoded = raw * scaleFactor (default 1); at most 5 decimals, never 0. */
  scaleFactor?: number;
}

// One 4-byte scratch for FLOAT32 bit casts: no allocation per value, and DataView states the
// byte order outright instead of relying on the host's.
const scratch = new DataView(new ArrayBuffer(4));
const CANONICAL_NAN = 0x7fc00000;

/**
 * Registers the value occupies: 1 for 16-bit types, 2 for 32-bit, wordLength for STRING.
 * Throws `badFormat` for an unknown data type or a STRING without a whole `wordLength` ≥ 1.
 */
export function wordsFor(format: ValueFormat): number {
  switch (format.dataType) {
    case 'INT16':
    case 'UINT16':
      return 1;
    case 'INT32':
    case 'UINT32':
    case 'FLOAT32':
      return 2;
    case 'STRING': {
      const words = format.wordLength;
      if (typeof words === 'number' && Number.isInteger(words) && words >= 1) return words;
      throw new ModbusCodecError('badFormat', `STRING wordLength ${String(words)}`);
    }
    default:
      throw new ModbusCodecError('badFormat', `data type ${String(format.dataType)}`);
  }
}

/**
 * Decodes one value from `registers` (16-bit unsigned ints) starting at `offset`. Numbers get
 * the scale factor, the result being the double nearest the exact product (3 × 0.1 → 0.3; exact
 * for factors up to ±20, within an ulp beyond); strings do not. FLOAT32 gives the float32's
 * exact value, NaN for every NaN pattern and ±Infinity for the infinities.
 * Throws `tooFewRegisters` when the registers end early, `badFormat` for a bad format, offset
 * or register.
 */
export function decodeRegisters(
  registers: ArrayLike<number>,
  format: ValueFormat,
  offset = 0,
): number | string {
  const words = wordsFor(format);
  if (!Number.isInteger(offset) || offset < 0) {
    throw new ModbusCodecError('badFormat', `offset ${offset}`);
  }
  if (offset + words > registers.length) {
    throw new ModbusCodecError(
      'tooFewRegisters',
      `${format.dataType} at ${offset} needs ${words} register(s), ${registers.length} given`,
    );
  }
  const swapBytes = format.swapBytes === true;
  if (format.dataType === 'STRING') return decodeString(registers, offset, words, swapBytes);

  const units = scaleUnits(format.scaleFactor);
  let first = registerAt(registers, offset);
  if (swapBytes) first = swap16(first);
  if (words === 1) {
    const raw = format.dataType === 'INT16' ? (first << 16) >> 16 : first;
    return units === SCALE_ONE ? raw : (raw * units) / SCALE_ONE + 0;
  }
  let second = registerAt(registers, offset + 1);
  if (swapBytes) second = swap16(second);
  const high = format.swapWords === true ? second : first;
  const low = format.swapWords === true ? first : second;
  if (format.dataType === 'FLOAT32') {
    scratch.setUint16(0, high);
    scratch.setUint16(2, low);
    const raw = scratch.getFloat32(0);
    // No `+ 0` here: -0 is a float32 value of its own and must survive a round trip.
    return units === SCALE_ONE ? raw : (raw * units) / SCALE_ONE;
  }
  const raw = format.dataType === 'INT32' ? (high << 16) | low : high * 0x10000 + low;
  // `+ 0` turns the -0 of 0 × a negative factor into 0.
  return units === SCALE_ONE ? raw : (raw * units) / SCALE_ONE + 0;
}

const INTEGER_RANGES = {
  INT16: [-0x8000, 0x7fff],
  UINT16: [0, 0xffff],
  INT32: [-0x80000000, 0x7fffffff],
  UINT32: [0, 0xffffffff],
} as const;

/**
 * The inverse of {@link decodeRegisters}: the registers that decode to `value`. The value is
 * divided by the scale factor, then rounded half away from zero for integer types and to the
 * nearest float32 for FLOAT32 (NaN is written as the quiet NaN 0x7FC00000, ±Infinity as
 * themselves). Throws `outOfRange` when the result does not fit the type, for a finite value
 * beyond float32's range, for a string given a numeric type (or the reverse), and for a string
 * that is too long or not Latin-1; `badFormat` for a bad format.
 */
export function encodeValue(value: number | string, format: ValueFormat): number[] {
  const words = wordsFor(format);
  const swapBytes = format.swapBytes === true;
  if (format.dataType === 'STRING') {
    if (typeof value !== 'string') throw outOfRange(`STRING given ${typeof value}`);
    return encodeString(value, words, swapBytes);
  }
  if (typeof value !== 'number') throw outOfRange(`${format.dataType} given ${typeof value}`);
  const units = scaleUnits(format.scaleFactor);
  const unscaled = units === SCALE_ONE ? value : (value * SCALE_ONE) / units;
  const bits =
    format.dataType === 'FLOAT32'
      ? float32Bits(unscaled, value)
      : integerBits(unscaled, INTEGER_RANGES[format.dataType], value);
  if (words === 1) return [swapBytes ? swap16(bits & 0xffff) : bits & 0xffff];
  let high = bits >>> 16;
  let low = bits & 0xffff;
  if (swapBytes) {
    high = swap16(high);
    low = swap16(low);
  }
  return format.swapWords === true ? [low, high] : [high, low];
}

function integerBits(unscaled: number, [min, max]: readonly [number, number], value: number) {
  const raw = roundHalfAway(unscaled);
  if (!(raw >= min && raw <= max)) {
    throw outOfRange(`${value} gives raw ${raw}, outside ${min}..${max}`);
  }
  // Two's complement bits (a 16-bit type keeps the low 16; UINT32 above 2^31 passes unchanged).
  return raw >>> 0;
}

function float32Bits(unscaled: number, value: number): number {
  if (Number.isNaN(unscaled)) return CANONICAL_NAN;
  scratch.setFloat32(0, unscaled);
  const bits = scratch.getUint32(0);
  if ((bits & 0x7fffffff) === 0x7f800000 && Number.isFinite(unscaled)) {
    throw outOfRange(`${value} is beyond the float32 range`);
  }
  return bits;
}

/** FC 1/2 replies: bit i of the packed coil bytes (LSB first), as 0/1. */
export function decodeBits(bytes: ArrayLike<number>, count: number): number[] {
  if (!Number.isInteger(count) || count < 0) {
    throw new ModbusCodecError('badFormat', `bit count ${count}`);
  }
  if (count > bytes.length * 8) {
    throw new ModbusCodecError(
      'tooFewRegisters',
      `${count} bits need ${Math.ceil(count / 8)} bytes, ${bytes.length} given`,
    );
  }
  const bits = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    const byte = bytes[i >>> 3];
    if (byte === undefined || (byte & 0xff) !== byte) {
      throw new ModbusCodecError('badFormat', `byte ${i >>> 3} is ${String(byte)}`);
    }
    bits[i] = (byte >>> (i & 7)) & 1;
  }
  return bits;
}

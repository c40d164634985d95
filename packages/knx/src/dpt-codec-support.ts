import { KnxError } from './errors';
import type { DptValue } from './dpt-values';

/** How one main type turns bytes into values and back; `sub` is the subtype, if any. */
export interface MainTypeCodec {
  /**
   * Bytes in a telegram (1 for the 1-, 2- and 4-bit types, carried in the low bits);
   * for a variable-length type the fewest it may take.
   */
  bytes: number;
  /** True when a telegram may hold more than {@link bytes} bytes (DPT 28). */
  variableLength?: boolean;
  /** Reads `bytes`, whose length the caller has already checked. */
  decode(bytes: Uint8Array, sub: number | undefined): DptValue;
  /** Checks `value` (it may come from outside) and writes it. */
  encode(value: unknown, sub: number | undefined): Uint8Array;
}

/** Throws `invalidValue`. */
export function badValue(message: string): never {
  throw new KnxError('invalidValue', message);
}

/** Throws `invalidPayload`. */
export function badPayload(message: string): never {
  throw new KnxError('invalidPayload', message);
}

/** Narrows an outside value to a plain object whose fields can be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Returns `value` as an integer from `min` to `max`, or throws `invalidValue`. */
export function toInteger(value: unknown, min: number, max: number, label: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return badValue(`${label} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

/** Returns `value` as a finite number from `min` to `max`, or throws `invalidValue`. */
export function toNumber(value: unknown, min: number, max: number, label: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    return badValue(`${label} must be a number from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

/** Returns `value` as a boolean, or throws `invalidValue`. */
export function toBoolean(value: unknown, label: string): boolean {
  if (typeof value !== 'boolean') return badValue(`${label} must be a boolean`);
  return value;
}

/** Returns `value` as a plain object, or throws `invalidValue` naming the expected shape. */
export function toRecord(value: unknown, shape: string): Record<string, unknown> {
  if (!isRecord(value)) return badValue(`expected an object ${shape}`);
  return value;
}

/** The byte at `index`; the caller has checked the length, 0 keeps the type checker content. */
export function at(bytes: Uint8Array, index: number): number {
  return bytes[index] ?? 0;
}

/** 1 for true, 0 for false: for building bit fields. */
export function bit(flag: boolean): number {
  return flag ? 1 : 0;
}

/** True when bit `index` (0 = least significant) of `byte` is set. */
export function isSet(byte: number, index: number): boolean {
  return ((byte >> index) & 1) === 1;
}

/** A codec for a value held in the low `bits` bits of one byte; higher bits must be clear. */
export function smallCodec(
  bits: number,
  decode: (raw: number) => DptValue,
  encode: (value: unknown) => number,
): MainTypeCodec {
  const max = (1 << bits) - 1;
  return {
    bytes: 1,
    decode: (bytes) => {
      const raw = at(bytes, 0);
      if (raw > max) return badPayload(`expected a ${bits}-bit value, got 0x${raw.toString(16)}`);
      return decode(raw);
    },
    encode: (value) => Uint8Array.of(encode(value)),
  };
}

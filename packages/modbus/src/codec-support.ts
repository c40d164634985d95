import { ModbusCodecError } from './errors';

/** A scale factor in units of 10⁻⁵: the spec allows at most 5 decimals (document 3 §5). */
export const SCALE_ONE = 100_000;

/**
 * The scale factor as an integer count of 10⁻⁵ (1 → 100000, 0.1 → 10000). Working with this
 * integer keeps scaling exact: `raw × units` is an exact integer for any 32-bit raw value and
 * any factor up to about 20, so dividing by 10⁵ once gives the double nearest the true decimal
 * (3 × 0.1 → 0.3, not 0.30000000000000004) without rounding each result.
 * Throws `badFormat` for 0, a non-number, or more than 5 decimals (the contract's rule).
 */
export function scaleUnits(scaleFactor: number | undefined): number {
  if (scaleFactor === undefined || scaleFactor === 1) return SCALE_ONE;
  const units = typeof scaleFactor === 'number' ? Math.round(scaleFactor * SCALE_ONE) : NaN;
  if (units === 0 || !Number.isFinite(units) || Math.abs(units / SCALE_ONE - scaleFactor) >= 1e-9) {
    throw new ModbusCodecError(
      'badFormat',
      `scaleFactor ${String(scaleFactor)}: not a non-zero number with at most 5 decimals`,
    );
  }
  return units;
}

/** Register `index` as a 16-bit unsigned integer; `badFormat` for anything else. */
export function registerAt(registers: ArrayLike<number>, index: number): number {
  const register = registers[index];
  if (register === undefined || (register & 0xffff) !== register) {
    throw new ModbusCodecError(
      'badFormat',
      `register ${index} is ${String(register)}, not an integer 0-65535`,
    );
  }
  return register;
}

/** The two bytes of a 16-bit register exchanged (AB → BA). */
export function swap16(register: number): number {
  return ((register & 0xff) << 8) | (register >>> 8);
}

/** A value that does not fit its format. */
export function outOfRange(detail: string): ModbusCodecError {
  return new ModbusCodecError('outOfRange', detail);
}

/** Round half away from zero, so that encoding is symmetric around 0 (-2.5 → -3 like 2.5 → 3). */
export function roundHalfAway(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

import { DPT_CATALOGUE } from './dpt-catalogue-data';
import { parseDpt, tryParseDpt, type DptInput } from './dpt-id';

/** A subtype of a main DPT, e.g. 9.001 `DPT_Value_Temp` in °C. */
export interface DptSubtype {
  /** Subtype number: 1 for 9.001. */
  sub: number;
  /** ETS master-data name, e.g. `DPT_Value_Temp`. */
  name: string;
  /** Unit shown next to values, when the subtype has one. */
  unit?: string;
  /** Smallest and largest value of the subtype, when narrower than the main type. */
  range?: readonly [number, number];
  /** Step between two values, in the unit, when it differs from the main type's. */
  resolution?: number;
  /** Shape of a value that is not a plain number although the main type's are (6.020, 238.600). */
  value?: string;
}

/** A main DPT: its number, name, size on the bus and the subtypes Atrium knows. */
export interface DptMainType {
  /** Main type number: 9 for 9.xxx. */
  main: number;
  /** Short English name, e.g. `2-byte float value`. */
  name: string;
  /**
   * Size on the bus in bits (1, 2 and 4 for the small types, else a multiple of 8);
   * for a variable-length type ({@link variableLength}) the smallest size.
   */
  bits: number;
  /** True for DPT 28: the length varies with the value (a NUL-terminated string). */
  variableLength?: boolean;
  /** Smallest and largest value of a numeric main type, when a subtype does not say. */
  range?: readonly [number, number];
  /** Step between two numeric values, when a subtype does not say. */
  resolution?: number;
  /** The precision in words, when it is not one fixed step (DPT 9, DPT 14). */
  precision?: string;
  /** Shape and limits of a value that is not a plain number, in words (README table). */
  value?: string;
  /**
   * Every subtype of the KNX standard (03_07_02) that xknx or KNXUltimate knows,
   * and the ones Atrium had before.
   */
  subtypes: readonly DptSubtype[];
}

/** Main types Atrium can record and chart (spec document 2 §5 and §9). */
export const MONITORABLE_MAIN_TYPES: readonly number[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 232, 237, 238,
];

/** Main types whose values are booleans on a chart's step axis (spec §2 Graph dialog). */
export const BOOLEAN_MAIN_TYPES: readonly number[] = [1, 2];

const BY_MAIN = new Map(DPT_CATALOGUE.map((entry) => [entry.main, entry]));

/** The catalogue itself, re-exported so callers need only this module. */
export { DPT_CATALOGUE };

/** The catalogue entry of a main type, or undefined when it is not catalogued. */
export function findMainType(main: number): DptMainType | undefined {
  return BY_MAIN.get(main);
}

/** The main type and (when catalogued) subtype of a DPT; undefined for an unknown main type. */
export function describeDpt(
  input: DptInput,
): { main: DptMainType; subtype: DptSubtype | undefined } | undefined {
  const dpt = parseDpt(input);
  const main = BY_MAIN.get(dpt.main);
  if (main === undefined) return undefined;
  return { main, subtype: main.subtypes.find((entry) => entry.sub === dpt.sub) };
}

/** The unit of a DPT's values (`°C` for 9.001), or undefined when it has none or is unknown. */
export function unitOf(input: DptInput): string | undefined {
  return describeDpt(input)?.subtype?.unit;
}

/**
 * Number of bytes a value of this DPT takes in a telegram (1 for the 1-, 2- and 4-bit
 * types); undefined for an unknown DPT and for the variable-length DPT 28.
 */
export function byteLength(input: DptInput): number | undefined {
  const main = describeDpt(input)?.main;
  return main === undefined || main.variableLength === true ? undefined : Math.ceil(main.bits / 8);
}

/**
 * The smallest and largest value of a numeric DPT: the subtype's range, else the main
 * type's; undefined for structured values and unknown DPTs.
 */
export function rangeOf(input: DptInput): readonly [number, number] | undefined {
  const found = describeDpt(input);
  if (found?.subtype?.value !== undefined) return undefined;
  return found?.subtype?.range ?? found?.main.range;
}

/** The step between two values of a numeric DPT (0.01 for 8.010, 10 for 7.003), else undefined. */
export function resolutionOf(input: DptInput): number | undefined {
  const found = describeDpt(input);
  if (found?.subtype?.value !== undefined) return undefined;
  return found?.subtype?.resolution ?? found?.main.resolution;
}

/** True for main types 1 and 2, charted on the boolean step axis. Unreadable DPTs give false. */
export function isBooleanDpt(input: DptInput): boolean {
  const dpt = tryParseDpt(input);
  return dpt !== undefined && BOOLEAN_MAIN_TYPES.includes(dpt.main);
}

/** True for main types 1–21, 232, 237 and 238: the ones a user may pick for monitoring. */
export function isMonitorable(input: DptInput): boolean {
  const dpt = tryParseDpt(input);
  return dpt !== undefined && MONITORABLE_MAIN_TYPES.includes(dpt.main);
}

import {
  at,
  bit,
  isSet,
  toBoolean,
  toInteger,
  toNumber,
  toRecord,
  type MainTypeCodec,
} from './dpt-codec-support';
import type { DptValue, StepValue, XyColour } from './dpt-values';

/**
 * The colour and lighting types 242, 243 and 249–254 (KNX 03_07_02 §4.x "colour
 * types"). Where the type carries validity bits, a field whose bit is clear decodes
 * as null and is sent as zero with its bit clear; a field given as null or left out
 * is sent that way.
 */

/** `record[name]` read with `read`, or null when it is null or absent. */
function optional<T>(
  record: Record<string, unknown>,
  name: string,
  read: (value: unknown, label: string) => T,
): T | null {
  const value = record[name];
  return value === null || value === undefined ? null : read(value, name);
}

/** A byte 0–255. */
const byte = (value: unknown, label: string): number => toInteger(value, 0, 255, label);

/** A 16-bit unsigned number 0–65535. */
const word = (value: unknown, label: string): number => toInteger(value, 0, 65535, label);

/** Reads a `r4 B1 U3` byte (the DPT 3 layout: up/down bit 3, step code 0–7); reserved bits ignored. */
function readStep(raw: number): StepValue {
  return { control: isSet(raw, 3), stepCode: raw & 0x07 };
}

/** Checks and writes a step as a `r4 B1 U3` byte. */
function writeStep(value: unknown, label: string): number {
  const record = toRecord(value, `{ control, stepCode } for ${label}`);
  const control = toBoolean(record.control, `${label}.control`);
  return (bit(control) << 3) | toInteger(record.stepCode, 0, 7, `${label}.stepCode`);
}

/** Fade time in seconds (0–6553.5, 0.1 s steps) to its 16-bit count, rounded to the step. */
function fadeCount(value: unknown, label: string): number {
  return Math.round(toNumber(value, 0, 6553.5, label) * 10);
}

function pair(value: number): [number, number] {
  return [value >> 8, value & 0xff];
}

function word16(bytes: Uint8Array, index: number): number {
  return (at(bytes, index) << 8) | at(bytes, index + 1);
}

/** An xy coordinate 0–1 as its 16-bit count (x × 65535, rounded). */
function axis(value: unknown, label: string): number {
  return Math.round(toNumber(value, 0, 1, label) * 0xffff);
}

function readColour(bytes: Uint8Array, index: number): XyColour {
  return { x: word16(bytes, index) / 0xffff, y: word16(bytes, index + 2) / 0xffff };
}

function writeColour(value: unknown): [number, number, number, number] {
  const record = toRecord(value, '{ x, y }');
  return [...pair(axis(record.x, 'x')), ...pair(axis(record.y, 'y'))];
}

/** DPT 242.600: x (2 bytes), y (2 bytes), brightness, then validity bits colour (1), brightness (0). */
export const dpt242: MainTypeCodec = {
  bytes: 6,
  decode: (bytes) => {
    const valid = at(bytes, 5);
    return {
      colour: isSet(valid, 1) ? readColour(bytes, 0) : null,
      brightness: isSet(valid, 0) ? at(bytes, 4) : null,
    };
  },
  encode: (value) => {
    const record = toRecord(value, '{ colour, brightness }');
    const colour = optional(record, 'colour', writeColour);
    const brightness = optional(record, 'brightness', byte);
    return Uint8Array.of(
      ...(colour ?? [0, 0, 0, 0]),
      brightness ?? 0,
      (bit(colour !== null) << 1) | bit(brightness !== null),
    );
  },
};

/**
 * DPT 243.600: fade time (2 bytes, 0.1 s), x, y, brightness, then validity bits
 * colour (1) and brightness (0); the fade time is always valid.
 */
export const dpt243: MainTypeCodec = {
  bytes: 8,
  decode: (bytes) => {
    const valid = at(bytes, 7);
    return {
      fadeTime: word16(bytes, 0) / 10,
      colour: isSet(valid, 1) ? readColour(bytes, 2) : null,
      brightness: isSet(valid, 0) ? at(bytes, 6) : null,
    };
  },
  encode: (value) => {
    const record = toRecord(value, '{ fadeTime, colour, brightness }');
    const fade = fadeCount(record.fadeTime, 'fadeTime');
    const colour = optional(record, 'colour', writeColour);
    const brightness = optional(record, 'brightness', byte);
    return Uint8Array.of(
      ...pair(fade),
      ...(colour ?? [0, 0, 0, 0]),
      brightness ?? 0,
      (bit(colour !== null) << 1) | bit(brightness !== null),
    );
  },
};

/**
 * DPT 249.600: fade time (2 bytes, 0.1 s), colour temperature (2 bytes, K), brightness,
 * then validity bits fade time (2), colour temperature (1), brightness (0).
 */
export const dpt249: MainTypeCodec = {
  bytes: 6,
  decode: (bytes) => {
    const valid = at(bytes, 5);
    return {
      fadeTime: isSet(valid, 2) ? word16(bytes, 0) / 10 : null,
      colourTemperature: isSet(valid, 1) ? word16(bytes, 2) : null,
      brightness: isSet(valid, 0) ? at(bytes, 4) : null,
    };
  },
  encode: (value) => {
    const record = toRecord(value, '{ fadeTime, colourTemperature, brightness }');
    const fade = optional(record, 'fadeTime', fadeCount);
    const kelvin = optional(record, 'colourTemperature', word);
    const brightness = optional(record, 'brightness', byte);
    return Uint8Array.of(
      ...pair(fade ?? 0),
      ...pair(kelvin ?? 0),
      brightness ?? 0,
      (bit(fade !== null) << 2) | (bit(kelvin !== null) << 1) | bit(brightness !== null),
    );
  },
};

/**
 * A type made of relative steps (one `r4 B1 U3` byte each) followed, when `flags` is
 * true, by a byte of validity bits, the first field's highest.
 */
function relativeCodec(names: readonly string[], flags: boolean): MainTypeCodec {
  const top = names.length - 1;
  return {
    bytes: names.length + (flags ? 1 : 0),
    decode: (bytes) => {
      const valid = flags ? at(bytes, names.length) : 0xff;
      return Object.fromEntries(
        names.map((name, index) => [
          name,
          isSet(valid, top - index) ? readStep(at(bytes, index)) : null,
        ]),
      ) as unknown as DptValue;
    },
    encode: (value) => {
      const record = toRecord(value, `{ ${names.join(', ')} }`);
      const steps = names.map((name) =>
        flags ? optional(record, name, writeStep) : writeStep(record[name], name),
      );
      const out = steps.map((step) => step ?? 0);
      if (!flags) return Uint8Array.from(out);
      const valid = steps.reduce<number>(
        (mask, step, index) => mask | (bit(step !== null) << (top - index)),
        0,
      );
      return Uint8Array.of(...out, valid);
    },
  };
}

/** DPT 250.600: colour temperature and brightness steps, validity bits 1 and 0. */
export const dpt250 = relativeCodec(['colourTemperature', 'brightness'], true);

/** DPT 252.600: red, green, blue, white steps, validity bits 3–0. */
export const dpt252 = relativeCodec(['red', 'green', 'blue', 'white'], true);

/** DPT 253.600: saturation, colour and brightness steps, validity bits 2–0. */
export const dpt253 = relativeCodec(['saturation', 'colour', 'brightness'], true);

/** DPT 254.600: red, green and blue steps, no validity byte. */
export const dpt254 = relativeCodec(['red', 'green', 'blue'], false);

const RGBW = ['red', 'green', 'blue', 'white'] as const;

/** DPT 251.600: red, green, blue, white, a reserved byte, then validity bits 3–0 (red highest). */
export const dpt251: MainTypeCodec = {
  bytes: 6,
  decode: (bytes) => {
    const valid = at(bytes, 5);
    return Object.fromEntries(
      RGBW.map((name, index) => [name, isSet(valid, 3 - index) ? at(bytes, index) : null]),
    ) as Record<(typeof RGBW)[number], number | null>;
  },
  encode: (value) => {
    const record = toRecord(value, '{ red, green, blue, white }');
    const levels = RGBW.map((name) => optional(record, name, byte));
    const valid = levels.reduce<number>(
      (mask, level, index) => mask | (bit(level !== null) << (3 - index)),
      0,
    );
    return Uint8Array.of(...levels.map((level) => level ?? 0), 0, valid);
  },
};

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DPT_CATALOGUE, rangeOf, resolutionOf } from './dpt-catalogue';
import { decode, encode } from './dpt-codec';

const int = (min: number, max: number): fc.Arbitrary<number> => fc.integer({ min, max });
const bool = fc.boolean();
const latin1 = (max: number): fc.Arbitrary<string> =>
  fc.string({
    unit: fc.integer({ min: 1, max }).map((code) => String.fromCharCode(code)),
    maxLength: 14,
  });

const dateTime = fc
  .record({
    year: int(1900, 2155),
    month: int(1, 12),
    day: int(1, 31),
    dayOfWeek: int(0, 7),
    hour: int(0, 24),
    minute: int(0, 59),
    second: int(0, 59),
    fault: bool,
    workingDay: bool,
    noWorkingDay: bool,
    noYear: bool,
    noDate: bool,
    noDayOfWeek: bool,
    noTime: bool,
    summerTime: bool,
    externalSync: bool,
    reliableSource: bool,
  })
  .map((value) => (value.hour === 24 ? { ...value, minute: 0, second: 0 } : value))
  // Fields a flag marks absent come back as 0, whatever was sent.
  .map((value) => ({
    ...value,
    ...(value.noDate ? { month: 0, day: 0 } : {}),
    ...(value.noDayOfWeek ? { dayOfWeek: 0 } : {}),
    ...(value.noTime ? { hour: 0, minute: 0, second: 0 } : {}),
  }));

const step = fc.record({ control: bool, stepCode: int(0, 7) });
const orNull = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arb, { nil: null });
/** An xy coordinate as the bus can carry it: k / 65535. */
const axis = int(0, 0xffff).map((k) => k / 0xffff);
const colour = fc.record({ x: axis, y: axis });
/** Seconds in 0.1 steps, 0–6553.5. */
const fade = int(0, 0xffff).map((k) => k / 10);
/** A DPT 9 value the bus can carry exactly: (M × 2^E) / 100. */
const float16 = fc
  .tuple(int(-2048, 2047), int(0, 15))
  .map(([mantissa, exponent]) => (mantissa * 2 ** exponent) / 100);
const within = (arb: fc.Arbitrary<number>, range: readonly [number, number] | undefined) =>
  range === undefined ? arb : arb.filter((value) => value >= range[0] && value <= range[1]);

/** Structured values per main type (or exact DPT), all representable exactly. */
const STRUCTURED: Record<string, fc.Arbitrary<unknown>> = {
  '1': bool,
  '2': fc.record({ control: bool, value: bool }),
  '3': step,
  '4.001': int(0, 0x7f).map((code) => String.fromCharCode(code)),
  '4.002': int(0, 0xff).map((code) => String.fromCharCode(code)),
  '6.020': fc.record({ a: bool, b: bool, c: bool, d: bool, e: bool, mode: int(0, 2) }),
  '10': fc.record({
    dayOfWeek: int(0, 7),
    hour: int(0, 23),
    minute: int(0, 59),
    second: int(0, 59),
  }),
  '11': fc.record({ year: int(1990, 2089), month: int(1, 12), day: int(1, 31) }),
  '15': fc.record({
    code: int(0, 999999),
    error: bool,
    permission: bool,
    readDirection: bool,
    encrypted: bool,
    index: int(0, 15),
  }),
  '16.000': latin1(0x7f),
  '16.001': latin1(0xff),
  '18': fc.record({ learn: bool, scene: int(0, 63) }),
  '19': dateTime,
  '28': fc.string({ unit: 'grapheme', maxLength: 40 }).filter((text) => !text.includes('\u0000')),
  '29': fc.maxSafeInteger(),
  '213.100': fc.record({
    comfort: int(-13650, 32767).map((k) => k / 50),
    standby: int(-13650, 32767).map((k) => k / 50),
    economy: int(-13650, 32767).map((k) => k / 50),
    buildingProtection: int(-13650, 32767).map((k) => k / 50),
  }),
  '213.101': fc.record({
    legioProtect: int(-13650, 32767).map((k) => k / 50),
    normal: int(-13650, 32767).map((k) => k / 50),
    reduced: int(-13650, 32767).map((k) => k / 50),
    frostProtect: int(-13650, 32767).map((k) => k / 50),
  }),
  '213.102': fc.record({
    comfort: int(-32768, 32767).map((k) => k / 50),
    standby: int(-32768, 32767).map((k) => k / 50),
    economy: int(-32768, 32767).map((k) => k / 50),
    buildingProtection: int(-32768, 32767).map((k) => k / 50),
  }),
  '222.100': fc.record({
    comfort: within(float16, [-273, 670760]),
    standby: within(float16, [-273, 670760]),
    economy: within(float16, [-273, 670760]),
  }),
  '222.101': fc.record({
    comfort: within(float16, [-670760, 670760]),
    standby: within(float16, [-670760, 670760]),
    economy: within(float16, [-670760, 670760]),
  }),
  '232': fc.record({ red: int(0, 255), green: int(0, 255), blue: int(0, 255) }),
  '235': fc.record({ energy: orNull(int(-0x80000000, 0x7fffffff)), tariff: orNull(int(0, 254)) }),
  '237': fc.record({
    convertorError: bool,
    ballastFailure: bool,
    lampFailure: bool,
    readResponse: bool,
    addressIndicator: bool,
    address: int(0, 63),
  }),
  '238.600': fc.record({ ballastFailure: bool, lampFailure: bool, address: int(0, 63) }),
  '242': fc.record({ colour: orNull(colour), brightness: orNull(int(0, 255)) }),
  '243': fc.record({ fadeTime: fade, colour: orNull(colour), brightness: orNull(int(0, 255)) }),
  '249': fc.record({
    fadeTime: orNull(fade),
    colourTemperature: orNull(int(0, 65535)),
    brightness: orNull(int(0, 255)),
  }),
  '250': fc.record({ colourTemperature: orNull(step), brightness: orNull(step) }),
  '251': fc.record({
    red: orNull(int(0, 255)),
    green: orNull(int(0, 255)),
    blue: orNull(int(0, 255)),
    white: orNull(int(0, 255)),
  }),
  '252': fc.record({
    red: orNull(step),
    green: orNull(step),
    blue: orNull(step),
    white: orNull(step),
  }),
  '253': fc.record({ saturation: orNull(step), colour: orNull(step), brightness: orNull(step) }),
  '254': fc.record({ red: step, green: step, blue: step }),
  '275': fc.record({
    comfort: within(float16, [-273, 670760]),
    standby: within(float16, [-273, 670760]),
    economy: within(float16, [-273, 670760]),
    buildingProtection: within(float16, [-273, 670760]),
  }),
};

/**
 * Values of one catalogue DPT that must survive encode then decode exactly: the
 * structured table above, else numbers on the subtype's grid (raw count × resolution)
 * within its range. 5.001 and 5.003 are read as whole units (xknx's rounding): the
 * values are round(raw / 255 × full). 14.x are float32 values; 9.x values are (M × 2^E) / 100.
 */
function arbitraryFor(main: number, sub: number): fc.Arbitrary<unknown> | undefined {
  const dpt = `${main}.${String(sub).padStart(3, '0')}`;
  const structured = STRUCTURED[dpt] ?? STRUCTURED[String(main)];
  if (structured !== undefined) return structured;
  const range = rangeOf(dpt);
  if (range === undefined) return undefined;
  if (main === 14) return fc.float({ noNaN: true, noDefaultInfinity: true });
  if (main === 9) return within(float16, range);
  const resolution = resolutionOf(dpt) ?? 1;
  if (main === 5 && resolution !== 1) {
    return int(0, 255).map((raw) => Math.round((raw / 255) * range[1]));
  }
  const divisor = resolution < 1 ? Math.round(1 / resolution) : undefined;
  const low =
    divisor === undefined ? Math.ceil(range[0] / resolution) : Math.ceil(range[0] * divisor);
  const high =
    divisor === undefined ? Math.floor(range[1] / resolution) : Math.floor(range[1] * divisor);
  return int(low, high).map((count) =>
    divisor === undefined ? count * resolution : count / divisor,
  );
}

const EVERY_DPT = DPT_CATALOGUE.flatMap((entry) =>
  entry.subtypes.map((subtype): [string, number, number] => [
    `${entry.main}.${String(subtype.sub).padStart(3, '0')}`,
    entry.main,
    subtype.sub,
  ]),
);

describe('codec round trips: decode(encode(value)) = value, for every DPT in the catalogue', () => {
  it('has a property case for every catalogue DPT', () => {
    const missing = EVERY_DPT.filter(([, main, sub]) => arbitraryFor(main, sub) === undefined);
    expect(missing.map(([dpt]) => dpt)).toEqual([]);
  });

  it.each(EVERY_DPT)('%s', (dpt, main, sub) => {
    const values = arbitraryFor(main, sub);
    if (values === undefined) return;
    fc.assert(
      fc.property(values, (value) => {
        expect(decode(dpt, encode(dpt, value))).toEqual(value);
      }),
      { numRuns: 60 },
    );
  });

  it('DPT 29 carries the whole 8-byte range as bigint, decoding exactly up to 2^53 - 1', () => {
    fc.assert(
      fc.property(fc.bigInt(-(2n ** 63n), 2n ** 63n - 1n), (value) => {
        const back = decode('29.010', encode('29.010', value));
        expect(back).toBe(Number(value));
      }),
    );
  });
});

describe('codec round trips within the type precision', () => {
  it('DPT 9 comes back within half a quantisation step', () => {
    fc.assert(
      fc.property(fc.double({ min: -671088.64, max: 670760.96, noNaN: true }), (value) => {
        const back = decode('9', encode('9', value));
        expect(typeof back).toBe('number');
        // Step 0.01 × 2^E; E grows once |value| passes 20.47, so half a step ≤ |value| / 2047.
        const bound = Math.max(0.005, Math.abs(value) / 2047) + 1e-9;
        expect(Math.abs(Number(back) - value)).toBeLessThanOrEqual(bound);
      }),
    );
  });

  it('DPT 14 keeps float32 precision for any double in range', () => {
    fc.assert(
      fc.property(fc.double({ min: -3.4e38, max: 3.4e38, noNaN: true }), (value) => {
        const back = Number(decode('14.068', encode('14.068', value)));
        expect(back).toBe(Math.fround(value));
        expect(Math.abs(back - value)).toBeLessThanOrEqual(Math.abs(value) * 2 ** -24 + 1e-45);
      }),
    );
  });

  it.each([
    ['5.001', 100],
    ['5.003', 360],
  ])('%s comes back within one unit plus half a raw step', (dpt, full) => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: full, noNaN: true }), (value) => {
        const back = Number(decode(dpt, encode(dpt, value)));
        expect(Math.abs(back - value)).toBeLessThanOrEqual(0.5 + full / 255 / 2 + 1e-9);
      }),
    );
  });
});

describe('byte round trips: a decoded value encodes to the same meaning', () => {
  it.each([
    ['1.001', 1],
    ['5.004', 1],
    ['7.001', 2],
    ['8.001', 2],
    ['12.001', 4],
    ['13.001', 4],
    ['232.600', 3],
  ])('%s: encode(decode(bytes)) = bytes', (dpt, length) => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: length, maxLength: length }), (raw) => {
        const masked = dpt === '1.001' ? raw.map((byte) => byte & 1) : raw;
        expect(encode(dpt, decode(dpt, masked))).toEqual(masked);
      }),
    );
  });

  // DPT 9 has several encodings of one value, 5.001 and 5.003 round to whole units:
  // what must hold is that a decoded value encodes to bytes that decode to it again.
  it.each([
    ['9', 2],
    ['5.001', 1],
    ['5.003', 1],
  ])('%s: every byte pattern decodes to a value that encodes back to itself', (dpt, length) => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: length, maxLength: length }), (raw) => {
        const value = decode(dpt, raw);
        expect(decode(dpt, encode(dpt, value))).toBe(value);
      }),
    );
  });

  it('DPT 14: every finite float32 pattern survives', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 4, maxLength: 4 }), (raw) => {
        fc.pre(((raw[0] ?? 0) & 0x7f) !== 0x7f || ((raw[1] ?? 0) & 0x80) === 0);
        expect(encode('14.056', decode('14.056', raw))).toEqual(raw);
      }),
    );
  });
});

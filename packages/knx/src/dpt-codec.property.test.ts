import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
  .map((value) => (value.hour === 24 ? { ...value, minute: 0, second: 0 } : value));

/** Valid values per DPT: encode then decode must give them back exactly. */
const EXACT: [string, fc.Arbitrary<unknown>][] = [
  ['1.001', bool],
  ['2.001', fc.record({ control: bool, value: bool })],
  ['3.007', fc.record({ control: bool, stepCode: int(0, 7) })],
  ['4.001', int(0, 0x7f).map((code) => String.fromCharCode(code))],
  ['4.002', int(0, 0xff).map((code) => String.fromCharCode(code))],
  ['5.001', int(0, 100)],
  ['5.010', int(0, 255)],
  ['6.010', int(-128, 127)],
  ['7.001', int(0, 65535)],
  ['8.001', int(-32768, 32767)],
  [
    '10.001',
    fc.record({ dayOfWeek: int(0, 7), hour: int(0, 23), minute: int(0, 59), second: int(0, 59) }),
  ],
  ['11.001', fc.record({ year: int(1990, 2089), month: int(1, 12), day: int(1, 31) })],
  ['12.001', int(0, 0xffffffff)],
  ['13.013', int(-0x80000000, 0x7fffffff)],
  ['14.056', fc.float({ noNaN: true, noDefaultInfinity: true })],
  [
    '15.000',
    fc.record({
      code: int(0, 999999),
      error: bool,
      permission: bool,
      readDirection: bool,
      encrypted: bool,
      index: int(0, 15),
    }),
  ],
  ['16.000', latin1(0x7f)],
  ['16.001', latin1(0xff)],
  ['17.001', int(0, 63)],
  ['18.001', fc.record({ learn: bool, scene: int(0, 63) })],
  ['19.001', dateTime],
  ['20.102', int(0, 255)],
  ['21.001', int(0, 255)],
  ['232.600', fc.record({ red: int(0, 255), green: int(0, 255), blue: int(0, 255) })],
  [
    '237.600',
    fc.record({
      convertorError: bool,
      ballastFailure: bool,
      lampFailure: bool,
      readResponse: bool,
      addressIndicator: bool,
      address: int(0, 63),
    }),
  ],
  ['238.600', fc.record({ ballastFailure: bool, lampFailure: bool, address: int(0, 63) })],
  ['238.001', int(0, 255)],
];

describe('codec round trips: decode(encode(value)) = value', () => {
  it.each(EXACT)('%s', (dpt, values) => {
    fc.assert(
      fc.property(values, (value) => {
        expect(decode(dpt, encode(dpt, value))).toEqual(value);
      }),
    );
  });
});

describe('codec round trips within the type precision', () => {
  it('DPT 9 comes back within half a quantisation step', () => {
    fc.assert(
      fc.property(fc.double({ min: -671088.64, max: 670760.96, noNaN: true }), (value) => {
        const back = decode('9.001', encode('9.001', value));
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
    ['9.001', 2],
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

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NUMERIC_TYPES,
  ORDERS,
  RANGES,
  oracleRegisters,
  oracleValue,
  type NumericType,
} from './buffer-oracle.testing';
import { decodeRegisters, encodeValue, isModbusCodecError, type ValueFormat } from './codec';

type IntegerType = Exclude<NumericType, 'FLOAT32'>;
const INTEGER_TYPES = NUMERIC_TYPES.filter((t): t is IntegerType => t !== 'FLOAT32');
const INTEGER_CASES = INTEGER_TYPES.flatMap((type) => ORDERS.map((order) => ({ type, order })));
const FLOAT_CASES = ORDERS.map((order) => ({ order }));

/** For the round trips over whole ranges: ten times fast-check's default 100 runs. */
const MANY = { numRuns: 1000 };
const word = fc.integer({ min: 0, max: 0xffff });
const registersOf = (type: NumericType) =>
  fc.array(word, {
    minLength: type.endsWith('16') ? 1 : 2,
    maxLength: type.endsWith('16') ? 1 : 2,
  });
const rawOf = (type: IntegerType) => fc.integer({ min: RANGES[type][0], max: RANGES[type][1] });
/** A scale factor as its count of 10⁻⁵ (either sign): k/10⁵ is the factor. */
const scaleUnits = (max: number) =>
  fc.tuple(fc.integer({ min: 1, max }), fc.boolean()).map(([k, negative]) => (negative ? -k : k));

/** The decimal `raw × units / 10⁵` written out with BigInt, then read by Number(): exact. */
function exactDecimal(raw: number, units: number): number {
  const product = BigInt(raw) * BigInt(units);
  const sign = product < 0n ? '-' : '';
  const digits = (product < 0n ? -product : product).toString().padStart(6, '0');
  return Number(`${sign}${digits.slice(0, -5)}.${digits.slice(-5)}`);
}

describe('integers, scale 1, every order: Buffer agrees and values come back', () => {
  it.each(INTEGER_CASES)('$type $order.name', ({ type, order }) => {
    const f: ValueFormat = { dataType: type, ...order };
    fc.assert(
      fc.property(rawOf(type), (value) => {
        const registers = encodeValue(value, f);
        expect(registers).toEqual(oracleRegisters(type, value, order.name));
        expect(decodeRegisters(registers, f)).toBe(value);
      }),
      MANY,
    );
    fc.assert(
      fc.property(registersOf(type), (registers) => {
        const value = decodeRegisters(registers, f);
        expect(value).toBe(oracleValue(type, registers, order.name));
        expect(encodeValue(value, f)).toEqual(registers);
      }),
      MANY,
    );
  });

  it.each(ORDERS)('16-bit types, $name: all 65,536 registers, exhaustively', (order) => {
    const mismatches: string[] = [];
    for (const type of ['INT16', 'UINT16'] as const) {
      const f: ValueFormat = { dataType: type, ...order };
      for (let register = 0; register <= 0xffff; register++) {
        const value = decodeRegisters([register], f);
        const expected = oracleValue(type, [register], order.name);
        const back = encodeValue(value, f)[0];
        if (value !== expected || back !== register) mismatches.push(`${type} ${register}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('integers with a scale factor of up to 5 decimals, every order', () => {
  it.each(INTEGER_CASES)('$type $order.name', ({ type, order }) => {
    const raws = rawOf(type);
    // Up to ±20.97: raw × units stays below 2^53, so the decimal must come out exactly.
    fc.assert(
      fc.property(raws, scaleUnits(2 ** 21), (raw, units) => {
        const f: ValueFormat = { dataType: type, ...order, scaleFactor: units / 1e5 };
        const value = exactDecimal(raw, units);
        const registers = oracleRegisters(type, raw, order.name);
        expect(decodeRegisters(registers, f)).toBe(value);
        expect(encodeValue(value, f)).toEqual(registers);
      }),
    );
    // Any factor up to ±10^6: within a few ulps of the decimal, and the registers come back.
    fc.assert(
      fc.property(raws, scaleUnits(1e11), (raw, units) => {
        const f: ValueFormat = { dataType: type, ...order, scaleFactor: units / 1e5 };
        const registers = oracleRegisters(type, raw, order.name);
        const value = Number(decodeRegisters(registers, f));
        const exact = exactDecimal(raw, units);
        expect(Math.abs(value - exact)).toBeLessThanOrEqual(Math.abs(exact) * 2 ** -51);
        expect(encodeValue(value, f)).toEqual(registers);
      }),
    );
  });

  it.each(INTEGER_TYPES)('%s rounds any in-range value to the nearest step', (type) => {
    const [min, max] = RANGES[type];
    fc.assert(
      fc.property(scaleUnits(2 ** 21), fc.double({ min: 0, max: 1, noNaN: true }), (units, t) => {
        const scale = units / 1e5;
        const lowest = Math.min(min * scale, max * scale);
        const value = lowest + t * Math.abs((max - min) * scale);
        const f: ValueFormat = { dataType: type, scaleFactor: scale };
        let back: number;
        try {
          back = Number(decodeRegisters(encodeValue(value, f), f));
        } catch (error) {
          // Only the half step beyond either end may be refused.
          expect(isModbusCodecError(error, 'outOfRange')).toBe(true);
          expect(Math.min(t, 1 - t) * (max - min)).toBeLessThan(0.5 + 1e-6);
          return;
        }
        expect(Math.abs(back - value)).toBeLessThanOrEqual(
          Math.abs(scale) / 2 + Math.abs(value) * 2 ** -50,
        );
      }),
    );
  });

  it.each(INTEGER_TYPES)('%s refuses values beyond its range', (type) => {
    const [min, max] = RANGES[type];
    const beyond = fc.oneof(
      fc.double({ min: max + 0.5, max: 1e300, noNaN: true }),
      fc.double({ min: -1e300, max: min - 0.5000001, noNaN: true }),
      fc.constantFrom(NaN, Infinity, -Infinity),
    );
    fc.assert(
      fc.property(beyond, (value) => {
        expect(() => encodeValue(value, { dataType: type })).toThrow(
          expect.objectContaining({ code: 'outOfRange' }),
        );
      }),
    );
  });
});

describe('FLOAT32 over every float32, every order', () => {
  it.each(FLOAT_CASES)(
    '$order.name: -0, subnormals and infinities come back bit for bit',
    ({ order }) => {
      const f: ValueFormat = { dataType: 'FLOAT32', ...order };
      const subnormal = fc
        .tuple(fc.integer({ min: 1, max: 0x7fffff }), fc.boolean())
        .map(([mantissa, negative]) => (negative ? -1 : 1) * mantissa * 2 ** -149);
      fc.assert(
        fc.property(fc.oneof(fc.float({ noNaN: true }), subnormal), (value) => {
          const registers = encodeValue(value, f);
          expect(registers).toEqual(oracleRegisters('FLOAT32', value, order.name));
          expect(Object.is(decodeRegisters(registers, f), value)).toBe(true);
        }),
        MANY,
      );
    },
  );

  it.each(FLOAT_CASES)('$order.name: every bit pattern decodes as Buffer reads it', ({ order }) => {
    const f: ValueFormat = { dataType: 'FLOAT32', ...order };
    fc.assert(
      fc.property(registersOf('FLOAT32'), (registers) => {
        const value = Number(decodeRegisters(registers, f));
        const expected = oracleValue('FLOAT32', registers, order.name);
        if (Number.isNaN(expected)) {
          // NaN deliberately loses its payload: it decodes to NaN and encodes as 0x7FC00000.
          expect(value).toBeNaN();
          expect(decodeRegisters(encodeValue(value, f), f)).toBeNaN();
          expect(encodeValue(value, f)).toEqual(encodeValue(NaN, f));
          return;
        }
        expect(Object.is(value, expected)).toBe(true);
        expect(encodeValue(value, f)).toEqual(registers);
      }),
      MANY,
    );
  });

  it.each(FLOAT_CASES)(
    '$order.name: scaled values come back to the same registers',
    ({ order }) => {
      fc.assert(
        fc.property(
          fc.float({ noNaN: true, noDefaultInfinity: true }),
          scaleUnits(2 ** 21),
          (raw, units) => {
            const f: ValueFormat = { dataType: 'FLOAT32', ...order, scaleFactor: units / 1e5 };
            const registers = oracleRegisters('FLOAT32', raw, order.name);
            const value = Number(decodeRegisters(registers, f));
            const expected = raw * (units / 1e5);
            expect(Math.abs(value - expected)).toBeLessThanOrEqual(Math.abs(expected) * 2 ** -50);
            expect(encodeValue(value, f)).toEqual(registers);
          },
        ),
      );
    },
  );

  it('refuses finite values that round beyond float32', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 3.4028236e38, max: Number.MAX_VALUE, noNaN: true }),
        fc.boolean(),
        (v, neg) => {
          expect(() => encodeValue(neg ? -v : v, { dataType: 'FLOAT32' })).toThrow(
            expect.objectContaining({ code: 'outOfRange' }),
          );
        },
      ),
    );
  });
});

describe('STRING', () => {
  const latin1 = fc.integer({ min: 0, max: 0xff }).map((code) => String.fromCharCode(code));

  it.each([false, true])(
    'swapBytes %s: Latin-1 text comes back, as Buffer lays it out',
    (swapBytes) => {
      const cases = fc.integer({ min: 1, max: 40 }).chain((wordLength) =>
        fc.record({
          wordLength: fc.constant(wordLength),
          text: fc
            .string({ unit: latin1, maxLength: wordLength * 2 })
            .map((text) => text.replace(/\0+$/, '')),
        }),
      );
      fc.assert(
        fc.property(cases, ({ wordLength, text }) => {
          const f: ValueFormat = { dataType: 'STRING', wordLength, swapBytes };
          const registers = encodeValue(text, f);
          const bytes = Buffer.alloc(wordLength * 2);
          bytes.write(text, 'latin1');
          const expected = Array.from({ length: wordLength }, (_, i) =>
            swapBytes ? bytes.readUInt16LE(2 * i) : bytes.readUInt16BE(2 * i),
          );
          expect(registers).toEqual(expected);
          expect(decodeRegisters(registers, f)).toBe(text);
        }),
      );
    },
  );

  it('any registers decode to a string that encodes back to them', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        (registers, swapBytes) => {
          const f: ValueFormat = { dataType: 'STRING', wordLength: registers.length, swapBytes };
          expect(encodeValue(decodeRegisters(registers, f), f)).toEqual(registers);
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  decodeBits,
  decodeRegisters,
  encodeValue,
  wordsFor,
  type DataType,
  type ValueFormat,
} from './codec';
import { codeOf } from './codec-error.testing';

type Order = { swapBytes: boolean; swapWords: boolean };
const ABCD: Order = { swapBytes: false, swapWords: false };
const BADC: Order = { swapBytes: true, swapWords: false };
const CDAB: Order = { swapBytes: false, swapWords: true };
const DCBA: Order = { swapBytes: true, swapWords: true };

const format = (dataType: DataType, extra: Partial<ValueFormat> = {}): ValueFormat => ({
  dataType,
  ...extra,
});

describe('the domain notes’ worked example: 123456.0 as FLOAT32 (0x47F12000)', () => {
  it.each<[string, Order, number[]]>([
    ['ABCD', ABCD, [0x47f1, 0x2000]],
    ['CDAB', CDAB, [0x2000, 0x47f1]],
    ['BADC', BADC, [0xf147, 0x0020]],
    ['DCBA', DCBA, [0x0020, 0xf147]],
  ])('%s ⇄ %j', (_name, order, registers) => {
    expect(encodeValue(123456, format('FLOAT32', order))).toEqual(registers);
    expect(decodeRegisters(registers, format('FLOAT32', order))).toBe(123456);
  });
});

describe('each type in each order', () => {
  it.each<[DataType, number, Order, number[]]>([
    ['INT16', -2, ABCD, [0xfffe]],
    ['INT16', -2, BADC, [0xfeff]],
    ['INT16', 0x1234, DCBA, [0x3412]],
    ['INT16', -32768, ABCD, [0x8000]],
    ['INT16', 32767, CDAB, [0x7fff]],
    ['UINT16', 0xabcd, ABCD, [0xabcd]],
    ['UINT16', 0xabcd, BADC, [0xcdab]],
    ['UINT16', 65535, DCBA, [0xffff]],
    ['INT32', -123456789, ABCD, [0xf8a4, 0x32eb]],
    ['INT32', -123456789, BADC, [0xa4f8, 0xeb32]],
    ['INT32', -123456789, CDAB, [0x32eb, 0xf8a4]],
    ['INT32', -123456789, DCBA, [0xeb32, 0xa4f8]],
    ['INT32', -2147483648, ABCD, [0x8000, 0x0000]],
    ['UINT32', 4000000000, ABCD, [0xee6b, 0x2800]],
    ['UINT32', 4000000000, BADC, [0x6bee, 0x0028]],
    ['UINT32', 4000000000, CDAB, [0x2800, 0xee6b]],
    ['UINT32', 4000000000, DCBA, [0x0028, 0x6bee]],
    ['UINT32', 0xffffffff, ABCD, [0xffff, 0xffff]],
    ['FLOAT32', -1.5, ABCD, [0xbfc0, 0x0000]],
    ['FLOAT32', -1.5, DCBA, [0x0000, 0xc0bf]],
  ])('%s %d', (dataType, value, order, registers) => {
    expect(encodeValue(value, format(dataType, order))).toEqual(registers);
    expect(decodeRegisters(registers, format(dataType, order))).toBe(value);
  });

  it('reads a value at an offset, leaving the registers around it alone', () => {
    const registers = [0xffff, 0x47f1, 0x2000, 0xffff];
    expect(decodeRegisters(registers, format('FLOAT32'), 1)).toBe(123456);
    expect(decodeRegisters(registers, format('INT16'), 3)).toBe(-1);
    expect(decodeRegisters(Uint16Array.from(registers), format('UINT32', CDAB), 2)).toBe(
      0xffff2000,
    );
  });

  it('counts the registers a value takes', () => {
    expect(wordsFor(format('INT16'))).toBe(1);
    expect(wordsFor(format('UINT16', { wordLength: 9 }))).toBe(1);
    expect(wordsFor(format('FLOAT32'))).toBe(2);
    expect(wordsFor(format('INT32'))).toBe(2);
    expect(wordsFor(format('STRING', { wordLength: 7 }))).toBe(7);
  });
});

describe('scale factors', () => {
  it('cancels the float noise of the product (3 × 0.1 is 0.3)', () => {
    expect(decodeRegisters([3], format('UINT16', { scaleFactor: 0.1 }))).toBe(0.3);
    expect(decodeRegisters([0xfb2e], format('INT16', { scaleFactor: 0.01 }))).toBe(-12.34);
    expect(decodeRegisters([0x0001, 0xe240], format('UINT32', { scaleFactor: 0.00001 }))).toBe(
      1.23456,
    );
    expect(decodeRegisters([7], format('UINT16', { scaleFactor: -2.5 }))).toBe(-17.5);
  });

  it('divides by the factor and rounds to an integer on the way back', () => {
    expect(encodeValue(0.3, format('UINT16', { scaleFactor: 0.1 }))).toEqual([3]);
    expect(encodeValue(-12.34, format('INT16', { scaleFactor: 0.01 }))).toEqual([0xfb2e]);
    expect(encodeValue(0.34, format('INT16', { scaleFactor: 0.1 }))).toEqual([3]);
    expect(encodeValue(0.25, format('INT16', { scaleFactor: 0.1 }))).toEqual([3]);
    expect(encodeValue(-0.25, format('INT16', { scaleFactor: 0.1 }))).toEqual([0xfffd]);
  });

  it('gives 0, not -0, for a zero register and a negative factor', () => {
    expect(Object.is(decodeRegisters([0], format('INT16', { scaleFactor: -1.5 })), 0)).toBe(true);
  });

  it('scales FLOAT32 too', () => {
    expect(decodeRegisters([0x3fc0, 0x0000], format('FLOAT32', { scaleFactor: 2 }))).toBe(3);
    expect(encodeValue(3, format('FLOAT32', { scaleFactor: 2 }))).toEqual([0x3fc0, 0x0000]);
  });
});

describe('FLOAT32 special values', () => {
  it('keeps -0, the infinities and subnormals', () => {
    expect(Object.is(decodeRegisters([0x8000, 0], format('FLOAT32')), -0)).toBe(true);
    expect(encodeValue(-0, format('FLOAT32'))).toEqual([0x8000, 0]);
    expect(decodeRegisters([0xff80, 0], format('FLOAT32'))).toBe(-Infinity);
    expect(encodeValue(Infinity, format('FLOAT32', CDAB))).toEqual([0, 0x7f80]);
    expect(decodeRegisters([0, 1], format('FLOAT32'))).toBe(2 ** -149);
    expect(encodeValue(2 ** -149, format('FLOAT32', DCBA))).toEqual([0x0100, 0]);
  });

  it('decodes every NaN pattern to NaN and writes NaN as the quiet NaN 0x7FC00000', () => {
    for (const registers of [
      [0x7fc0, 0],
      [0xffff, 0xffff],
      [0x7f80, 1],
    ]) {
      expect(decodeRegisters(registers, format('FLOAT32'))).toBeNaN();
    }
    expect(encodeValue(NaN, format('FLOAT32'))).toEqual([0x7fc0, 0]);
    expect(encodeValue(NaN, format('FLOAT32', DCBA))).toEqual([0, 0xc07f]);
  });

  it('rounds to the nearest float32', () => {
    expect(decodeRegisters(encodeValue(0.1, format('FLOAT32')), format('FLOAT32'))).toBe(
      Math.fround(0.1),
    );
    expect(encodeValue(3.4028235e38, format('FLOAT32'))).toEqual([0x7f7f, 0xffff]);
  });
});

describe('STRING', () => {
  const text = (wordLength: number, order: Order = ABCD): ValueFormat =>
    format('STRING', { wordLength, ...order });

  it('holds 2 characters a register, high byte first, padded with NULs', () => {
    expect(encodeValue('Hello', text(4))).toEqual([0x4865, 0x6c6c, 0x6f00, 0x0000]);
    expect(decodeRegisters([0x4865, 0x6c6c, 0x6f00, 0x0000], text(4))).toBe('Hello');
    expect(decodeRegisters([0x4865, 0x6c6c, 0x6f00, 0x0000], text(2))).toBe('Hell');
  });

  it('swaps the bytes of each register with swapBytes, and ignores swapWords', () => {
    expect(encodeValue('Hello', text(3, BADC))).toEqual([0x6548, 0x6c6c, 0x006f]);
    expect(decodeRegisters([0x6548, 0x6c6c, 0x006f], text(3, DCBA))).toBe('Hello');
  });

  it('trims NULs at the end only, and reads Latin-1', () => {
    expect(decodeRegisters([0x4100, 0x4200, 0, 0], text(4))).toBe('A\0B');
    expect(decodeRegisters([0xe974, 0xe900], text(2))).toBe('été');
    expect(decodeRegisters([0, 0], text(2))).toBe('');
    expect(encodeValue('', text(2))).toEqual([0, 0]);
  });

  it('ignores the scale factor', () => {
    expect(decodeRegisters([0x3132], format('STRING', { wordLength: 1, scaleFactor: 2 }))).toBe(
      '12',
    );
  });
});

describe('decodeBits', () => {
  it('reads bit i of the bytes, least significant bit first', () => {
    expect(decodeBits([0b1100_1101, 0b0000_0001], 10)).toEqual([1, 0, 1, 1, 0, 0, 1, 1, 1, 0]);
    expect(decodeBits(Uint8Array.of(0x80), 8)).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(decodeBits([], 0)).toEqual([]);
  });

  it('refuses a count beyond the bytes, a bad count and bytes that are not bytes', () => {
    expect(codeOf(() => decodeBits([0xff], 9))).toBe('tooFewRegisters');
    expect(codeOf(() => decodeBits([0xff], -1))).toBe('badFormat');
    expect(codeOf(() => decodeBits([0xff], 1.5))).toBe('badFormat');
    expect(codeOf(() => decodeBits([256], 1))).toBe('badFormat');
  });
});

describe('errors', () => {
  it('tooFewRegisters when the registers end before the value', () => {
    expect(codeOf(() => decodeRegisters([1], format('INT32')))).toBe('tooFewRegisters');
    expect(codeOf(() => decodeRegisters([1, 2], format('FLOAT32'), 1))).toBe('tooFewRegisters');
    expect(codeOf(() => decodeRegisters([], format('INT16')))).toBe('tooFewRegisters');
    expect(codeOf(() => decodeRegisters([1, 2], format('STRING', { wordLength: 3 })))).toBe(
      'tooFewRegisters',
    );
  });

  it('badFormat for a format, offset or register that cannot be used', () => {
    const bad: [string, () => unknown][] = [
      ['unknown type', () => wordsFor(JSON.parse('{"dataType":"INT64"}') as ValueFormat)],
      ['STRING without length', () => decodeRegisters([1], format('STRING'))],
      ['STRING length 0', () => encodeValue('', format('STRING', { wordLength: 0 }))],
      ['STRING length 1.5', () => decodeRegisters([1, 2], format('STRING', { wordLength: 1.5 }))],
      ['scale 0', () => decodeRegisters([1], format('INT16', { scaleFactor: 0 }))],
      ['scale 6 decimals', () => decodeRegisters([1], format('INT16', { scaleFactor: 1e-6 }))],
      ['scale NaN', () => encodeValue(1, format('INT16', { scaleFactor: NaN }))],
      ['scale Infinity', () => encodeValue(1, format('FLOAT32', { scaleFactor: Infinity }))],
      ['offset -1', () => decodeRegisters([1, 2], format('INT16'), -1)],
      ['offset 0.5', () => decodeRegisters([1, 2], format('INT16'), 0.5)],
      ['register 65536', () => decodeRegisters([65536], format('UINT16'))],
      ['register -1', () => decodeRegisters([0, -1], format('INT32'))],
      ['register 1.5', () => decodeRegisters([1.5], format('INT16'))],
      ['register NaN', () => decodeRegisters([0, NaN], format('FLOAT32'))],
      ['STRING register', () => decodeRegisters([0x10000], format('STRING', { wordLength: 1 }))],
    ];
    for (const [name, run] of bad) expect(codeOf(run), name).toBe('badFormat');
  });

  it('outOfRange for a value the format cannot hold', () => {
    const bad: [string, () => unknown][] = [
      ['INT16 32768', () => encodeValue(32768, format('INT16'))],
      ['INT16 -32768.5', () => encodeValue(-32768.5, format('INT16'))],
      ['UINT16 -1', () => encodeValue(-1, format('UINT16'))],
      ['UINT16 65535.5', () => encodeValue(65535.5, format('UINT16'))],
      ['INT32 2^31', () => encodeValue(2 ** 31, format('INT32'))],
      ['UINT32 2^32', () => encodeValue(2 ** 32, format('UINT32'))],
      ['UINT16 scaled', () => encodeValue(6553.6, format('UINT16', { scaleFactor: 0.1 }))],
      ['INT16 NaN', () => encodeValue(NaN, format('INT16'))],
      ['UINT32 Infinity', () => encodeValue(Infinity, format('UINT32'))],
      ['FLOAT32 1e39', () => encodeValue(1e39, format('FLOAT32'))],
      ['FLOAT32 scaled', () => encodeValue(3e38, format('FLOAT32', { scaleFactor: 0.5 }))],
      ['string for a number', () => encodeValue('12', format('INT16'))],
      ['number for a string', () => encodeValue(12, format('STRING', { wordLength: 1 }))],
      ['string too long', () => encodeValue('abc', format('STRING', { wordLength: 1 }))],
      ['not Latin-1', () => encodeValue('€', format('STRING', { wordLength: 1 }))],
    ];
    for (const [name, run] of bad) expect(codeOf(run), name).toBe('outOfRange');
  });
});

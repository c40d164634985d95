import { describe, expect, it } from 'vitest';
import { decode, encode, numericValue } from './dpt-codec';
import { isKnxError } from './errors';

const bytes = (...values: number[]): Uint8Array => Uint8Array.of(...values);

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isKnxError(error) ? error.code : 'not a KnxError';
  }
  return undefined;
}

describe('DPT 9 examples (domain README §2)', () => {
  it.each([
    [21.5, 0x0c, 0x33],
    [25.0, 0x0c, 0xe2],
    [-5.0, 0x86, 0x0c],
    [0, 0x00, 0x00],
    [670760.96, 0x7f, 0xff],
    [-671088.64, 0xf8, 0x00],
  ])('%d ⇄ 0x%s%s', (value, high, low) => {
    expect(encode('9', value)).toEqual(bytes(high, low));
    expect(decode('DPST-9-1', bytes(high, low))).toBe(value);
  });

  it('refuses values beyond the 2-byte float range', () => {
    expect(codeOf(() => encode('9', 670761))).toBe('invalidValue');
    expect(codeOf(() => encode('9.001', 670761))).toBe('invalidValue');
    expect(codeOf(() => encode('9.001', Number.NaN))).toBe('invalidValue');
    expect(codeOf(() => encode('9.001', '21.5'))).toBe('invalidValue');
  });
});

describe('codec examples per main type', () => {
  it.each<[string, unknown, number[]]>([
    ['1.001', true, [1]],
    ['1.001', false, [0]],
    ['2.001', { control: true, value: false }, [0b10]],
    ['3.007', { control: true, stepCode: 3 }, [0b1011]],
    ['4.001', 'A', [0x41]],
    ['4.002', 'é', [0xe9]],
    ['5.001', 100, [255]],
    ['5.001', 50, [128]],
    ['5.003', 360, [255]],
    ['5.004', 200, [200]],
    ['6.001', -1, [0xff]],
    ['7.001', 65535, [0xff, 0xff]],
    ['8.001', -32768, [0x80, 0x00]],
    ['10.001', { dayOfWeek: 1, hour: 13, minute: 45, second: 30 }, [0x2d, 0x2d, 0x1e]],
    ['11.001', { year: 2024, month: 6, day: 15 }, [15, 6, 24]],
    ['11.001', { year: 1995, month: 12, day: 31 }, [31, 12, 95]],
    ['12.001', 4294967295, [0xff, 0xff, 0xff, 0xff]],
    ['13.013', -1, [0xff, 0xff, 0xff, 0xff]],
    ['14.056', 1.5, [0x3f, 0xc0, 0x00, 0x00]],
    [
      '15.000',
      {
        code: 123456,
        error: false,
        permission: true,
        readDirection: false,
        encrypted: true,
        index: 9,
      },
      [0x12, 0x34, 0x56, 0x59],
    ],
    ['16.000', 'KNX is OK', [75, 78, 88, 32, 105, 115, 32, 79, 75, 0, 0, 0, 0, 0]],
    ['17.001', 63, [63]],
    ['18.001', { learn: true, scene: 5 }, [0x85]],
    ['20.102', 3, [3]],
    ['21.001', 0b1010, [0b1010]],
    ['232.600', { red: 255, green: 128, blue: 0 }, [255, 128, 0]],
    [
      '237.600',
      {
        convertorError: true,
        ballastFailure: false,
        lampFailure: true,
        readResponse: false,
        addressIndicator: true,
        address: 8,
      },
      [0b101, 0b0100_1000],
    ],
    ['238.600', { ballastFailure: true, lampFailure: false, address: 3 }, [0x83]],
    ['238.001', 7, [7]],
  ])('%s: %j ⇄ %j', (dpt, value, raw) => {
    expect(encode(dpt, value)).toEqual(Uint8Array.from(raw));
    expect(decode(dpt, Uint8Array.from(raw))).toEqual(value);
  });

  it('decodes DPT 19 field by field, flags included', () => {
    const raw = bytes(124, 3, 15, (5 << 5) | 14, 30, 45, 0b0100_0001, 0b1000_0000);
    const value = decode('19.001', raw);
    expect(value).toMatchObject({ year: 2024, month: 3, day: 15, dayOfWeek: 5, hour: 14 });
    expect(value).toMatchObject({ minute: 30, second: 45, workingDay: true, summerTime: true });
    expect(value).toMatchObject({ fault: false, noTime: false, externalSync: true });
    expect(encode('19.001', value)).toEqual(raw);
  });

  it('reads a DPT 16 string up to its first NUL, as ISO 8859-1', () => {
    const raw = bytes(0x43, 0x61, 0x66, 0xe9, 0, 0x58, 0, 0, 0, 0, 0, 0, 0, 0);
    expect(decode('16.001', raw)).toBe('Café');
    expect(encode('16.001', 'Café')).toEqual(
      bytes(0x43, 0x61, 0x66, 0xe9, ...new Array<number>(10).fill(0)),
    );
  });
});

describe('codec refusals', () => {
  it.each<[string, unknown]>([
    ['1.001', 1],
    ['2.001', { control: true }],
    ['3.007', { control: true, stepCode: 8 }],
    ['4.001', 'é'],
    ['4.001', 'AB'],
    ['5.001', 101],
    ['5.010', 1.5],
    ['6.001', 128],
    ['7.001', -1],
    ['10.001', { dayOfWeek: 0, hour: 24, minute: 0, second: 0 }],
    ['11.001', { year: 2090, month: 1, day: 1 }],
    ['11.001', { year: 2024, month: 13, day: 1 }],
    ['12.001', 2 ** 32],
    ['14.056', Number.POSITIVE_INFINITY],
    ['16.000', 'é'],
    ['16.001', 'fifteen chars!!'],
    ['16.001', 'a\u0000b'],
    ['17.001', 64],
    ['19.001', { year: 2024 }],
    ['232.600', { red: 256, green: 0, blue: 0 }],
    ['232.600', [1, 2, 3]],
    ['238.600', { ballastFailure: true, lampFailure: false, address: 64 }],
  ])('%s refuses %j with invalidValue', (dpt, value) => {
    expect(codeOf(() => encode(dpt, value))).toBe('invalidValue');
  });

  it.each<[string, number[]]>([
    ['1.001', [2]],
    ['2.001', [4]],
    ['3.007', [16]],
    ['4.001', [0x80]],
    ['9.001', [0x0c]],
    ['9.001', [0x0c, 0x33, 0x00]],
    ['10.001', [0x18, 0, 0]],
    ['11.001', [0, 1, 24]],
    ['14.056', [0x7f, 0xc0, 0, 0]],
    ['15.000', [0x1a, 0, 0, 0]],
    ['16.000', [0x41]],
    ['19.001', [124, 13, 1, 0, 0, 0, 0, 0]],
  ])('%s refuses bytes %j with invalidPayload', (dpt, raw) => {
    expect(codeOf(() => decode(dpt, Uint8Array.from(raw)))).toBe('invalidPayload');
  });

  it('refuses DPTs without a codec with invalidDPT', () => {
    expect(codeOf(() => decode('DPT-223', bytes(1)))).toBe('invalidDPT');
    expect(codeOf(() => encode('29.010', 1))).toBeUndefined();
    expect(codeOf(() => encode('999.001', 1))).toBe('invalidDPT');
    expect(codeOf(() => decode('nonsense', bytes(1)))).toBe('invalidDPT');
  });
});

describe('numericValue', () => {
  it.each<[string, number[], number | undefined]>([
    ['1.001', [1], 1],
    ['1.001', [0], 0],
    ['2.001', [0b11], 1],
    ['3.007', [0b0011], -3],
    ['3.007', [0b1011], 3],
    ['4.001', [0x41], 65],
    ['9.001', [0x0c, 0x33], 21.5],
    ['10.001', [0x2d, 0x2d, 0x1e], 13 * 3600 + 45 * 60 + 30],
    ['11.001', [15, 6, 24], Date.UTC(2024, 5, 15)],
    ['16.000', [0x41, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], undefined],
    ['18.001', [0x85], 5],
    ['232.600', [0x12, 0x34, 0x56], 0x123456],
    ['238.600', [0x83], 3],
  ])('%s %j charts as %s', (dpt, raw, expected) => {
    expect(numericValue(dpt, decode(dpt, Uint8Array.from(raw)))).toBe(expected);
  });
});

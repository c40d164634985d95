import { describe, expect, it } from 'vitest';
import { DPT_CATALOGUE, describeDpt, rangeOf, resolutionOf } from './dpt-catalogue';
import { decode, encode, numericValue } from './dpt-codec';
import { isKnxError } from './errors';

/**
 * Reference vectors: value ⇄ bytes as the KNX standard (03_07_02) defines them, most
 * taken from the test suites of xknx (test/dpt_tests) and KNXUltimate (its DPT
 * samples). A vector keyed by a main type ('9') holds for every subtype of it whose
 * encoding is the main type's (no resolution or value shape of its own) and whose
 * range holds the value; a vector keyed by a subtype ('8.010') for that one only.
 */
type Vector = readonly [dpt: string, value: unknown, bytes: readonly number[]];

const step = (control: boolean, stepCode: number) => ({ control, stepCode });

const VECTORS: readonly Vector[] = [
  ['1', true, [1]],
  ['1', false, [0]],
  ['2', { control: true, value: false }, [0b10]],
  ['3', step(true, 3), [0x0b]],
  ['3', step(false, 0), [0x00]],
  ['4', 'A', [0x41]],
  ['4.002', 'é', [0xe9]],
  ['5', 200, [200]],
  ['5', 0, [0]],
  ['5.001', 100, [255]],
  ['5.001', 50, [128]],
  ['5.003', 360, [255]],
  ['5.003', 0, [0]],
  ['6', -1, [0xff]],
  ['6', 127, [0x7f]],
  ['6.020', { a: true, b: false, c: true, d: false, e: false, mode: 1 }, [0xa2]],
  ['6.020', { a: false, b: false, c: false, d: false, e: true, mode: 2 }, [0x0c]],
  // xknx dpt_7_test (7.012): 4660 ⇄ 0x1234; limits.
  ['7', 4660, [0x12, 0x34]],
  ['7', 65535, [0xff, 0xff]],
  ['7.003', 10, [0x00, 0x01]],
  ['7.003', 655350, [0xff, 0xff]],
  ['7.004', 100, [0x00, 0x01]],
  ['7.004', 123400, [0x04, 0xd2]],
  ['7.004', 6553500, [0xff, 0xff]],
  // xknx dpt_8_test: -20480 ⇄ 0xB000, 291 ⇄ 0x0123.
  ['8', -20480, [0xb0, 0x00]],
  ['8', 291, [0x01, 0x23]],
  ['8.003', -10, [0xff, 0xff]],
  ['8.003', -327680, [0x80, 0x00]],
  ['8.004', -100, [0xff, 0xff]],
  ['8.004', 3276700, [0x7f, 0xff]],
  ['8.010', 0.01, [0x00, 0x01]],
  ['8.010', -0.5, [0xff, 0xce]],
  ['8.010', -327.68, [0x80, 0x00]],
  ['8.010', 327.67, [0x7f, 0xff]],
  // Domain README §2: 21.5 ⇄ 0x0C33, -5 ⇄ 0x860C.
  ['9', 21.5, [0x0c, 0x33]],
  ['9', 25, [0x0c, 0xe2]],
  ['9', -5, [0x86, 0x0c]],
  ['9', 0, [0x00, 0x00]],
  ['10', { dayOfWeek: 1, hour: 13, minute: 45, second: 30 }, [0x2d, 0x2d, 0x1e]],
  ['11', { year: 2024, month: 6, day: 15 }, [15, 6, 24]],
  ['11', { year: 1995, month: 12, day: 31 }, [31, 12, 95]],
  ['11', { year: 1990, month: 1, day: 1 }, [1, 1, 90]],
  ['11', { year: 2089, month: 1, day: 1 }, [1, 1, 89]],
  ['12', 4294967295, [0xff, 0xff, 0xff, 0xff]],
  ['12', 1, [0, 0, 0, 1]],
  ['13', -1, [0xff, 0xff, 0xff, 0xff]],
  ['13', -2147483648, [0x80, 0, 0, 0]],
  ['13.002', 0.0001, [0, 0, 0, 1]],
  ['13.002', -214748.3648, [0x80, 0, 0, 0]],
  ['14', 1.5, [0x3f, 0xc0, 0x00, 0x00]],
  ['14', -2, [0xc0, 0x00, 0x00, 0x00]],
  [
    '15',
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
  ['16', 'KNX is OK', [75, 78, 88, 32, 105, 115, 32, 79, 75, 0, 0, 0, 0, 0]],
  ['17', 63, [63]],
  ['18', { learn: true, scene: 5 }, [0x85]],
  [
    '19',
    {
      year: 2024,
      month: 3,
      day: 15,
      dayOfWeek: 5,
      hour: 14,
      minute: 30,
      second: 45,
      fault: false,
      workingDay: true,
      noWorkingDay: false,
      noYear: false,
      noDate: false,
      noDayOfWeek: false,
      noTime: false,
      summerTime: true,
      externalSync: true,
      reliableSource: false,
    },
    [124, 3, 15, (5 << 5) | 14, 30, 45, 0b0100_0001, 0b1000_0000],
  ],
  ['20', 1, [1]],
  ['20.102', 3, [3]],
  ['21', 0b1010, [0b1010]],
  ['22', 65535, [0xff, 0xff]],
  // KNXUltimate's 22.101 sample: fault, heating disabled, heat/cool mode, cooling
  // disabled and overheat alarm set: bits 0, 7, 8, 11, 14.
  ['22.101', 0x4981, [0x49, 0x81]],
  ['28', 'Hello UTF-8!', [...Buffer.from('Hello UTF-8!', 'utf8'), 0]],
  ['28', 'é€😀', [0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0x00]],
  ['28', '', [0x00]],
  // xknx dpt_29_test.
  ['29', 230, [0, 0, 0, 0, 0, 0, 0, 0xe6]],
  ['29', -230, [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x1a]],
  ['29', 0, [0, 0, 0, 0, 0, 0, 0, 0]],
  [
    '213.100',
    { comfort: 21, standby: 19, economy: 17, buildingProtection: 7 },
    [0x04, 0x1a, 0x03, 0xb6, 0x03, 0x52, 0x01, 0x5e],
  ],
  [
    '213.100',
    { comfort: -273, standby: 655.34, economy: 0.02, buildingProtection: 0 },
    [0xca, 0xae, 0x7f, 0xff, 0x00, 0x01, 0x00, 0x00],
  ],
  [
    '213.101',
    { legioProtect: 70, normal: 55, reduced: 45, frostProtect: 5 },
    [0x0d, 0xac, 0x0a, 0xbe, 0x08, 0xca, 0x00, 0xfa],
  ],
  [
    '213.102',
    { comfort: 0.5, standby: -1, economy: -2, buildingProtection: 0 },
    [0x00, 0x19, 0xff, 0xce, 0xff, 0x9c, 0x00, 0x00],
  ],
  // KNXUltimate's 222 sample {Comfort:21, Standby:20, Economy:14}, as DPT 9 values.
  ['222', { comfort: 21, standby: 20, economy: 14 }, [0x0c, 0x1a, 0x07, 0xd0, 0x05, 0x78]],
  ['232', { red: 255, green: 128, blue: 0 }, [255, 128, 0]],
  // xknx dpt_235 test vectors.
  ['235', { energy: 128, tariff: 128 }, [0, 0, 0, 0x80, 0x80, 0x00]],
  ['235', { energy: -2147483648, tariff: 0 }, [0x80, 0, 0, 0, 0, 0]],
  ['235', { energy: 2147483647, tariff: 254 }, [0x7f, 0xff, 0xff, 0xff, 0xfe, 0]],
  ['235', { energy: null, tariff: 0 }, [0, 0, 0, 0, 0, 0x02]],
  ['235', { energy: 0, tariff: null }, [0, 0, 0, 0, 0, 0x01]],
  ['235', { energy: null, tariff: null }, [0, 0, 0, 0, 0, 0x03]],
  [
    '237',
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
  ['238.001', 7, [7]],
  ['238.600', { ballastFailure: true, lampFailure: false, address: 3 }, [0x83]],
  // xknx dpt_color_test (242.600, 251.600) and dpt_color_transition_test (243, 249, 250, 252–254).
  ['242', { colour: { x: 0.2, y: 0.2 }, brightness: 128 }, [0x33, 0x33, 0x33, 0x33, 0x80, 0x03]],
  ['242', { colour: { x: 0.8, y: 0.8 }, brightness: 204 }, [0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0x03]],
  ['242', { colour: null, brightness: 0 }, [0, 0, 0, 0, 0, 0x01]],
  ['242', { colour: { x: 1, y: 1 }, brightness: null }, [0xff, 0xff, 0xff, 0xff, 0, 0x02]],
  [
    '243',
    { fadeTime: 1, colour: { x: 0.2, y: 0.2 }, brightness: 128 },
    [0x00, 0x0a, 0x33, 0x33, 0x33, 0x33, 0x80, 0x03],
  ],
  ['243', { fadeTime: 1, colour: null, brightness: 0 }, [0, 0x0a, 0, 0, 0, 0, 0, 0x01]],
  [
    '249',
    { fadeTime: 0.5, colourTemperature: 3000, brightness: 128 },
    [0x00, 0x05, 0x0b, 0xb8, 0x80, 0x07],
  ],
  [
    '249',
    { fadeTime: 6553.5, colourTemperature: 65535, brightness: 255 },
    [0xff, 0xff, 0xff, 0xff, 0xff, 0x07],
  ],
  [
    '249',
    { fadeTime: null, colourTemperature: 3000, brightness: null },
    [0x00, 0x00, 0x0b, 0xb8, 0x00, 0x02],
  ],
  ['250', { colourTemperature: step(true, 5), brightness: step(false, 3) }, [0x0d, 0x03, 0x03]],
  ['250', { colourTemperature: step(true, 5), brightness: null }, [0x0d, 0x00, 0x02]],
  ['250', { colourTemperature: null, brightness: null }, [0, 0, 0]],
  ['251', { red: 204, green: 204, blue: 204, white: null }, [0xcc, 0xcc, 0xcc, 0, 0, 0x0e]],
  ['251', { red: 255, green: 255, blue: 255, white: 255 }, [0xff, 0xff, 0xff, 0xff, 0, 0x0f]],
  ['251', { red: null, green: 0, blue: 0, white: 0 }, [0, 0, 0, 0, 0, 0x07]],
  [
    '252',
    { red: step(true, 3), green: null, blue: step(false, 7), white: null },
    [0x0b, 0x00, 0x07, 0x00, 0x0a],
  ],
  [
    '253',
    { saturation: step(true, 1), colour: null, brightness: step(false, 4) },
    [0x09, 0x00, 0x04, 0x05],
  ],
  ['254', { red: step(true, 1), green: step(false, 2), blue: step(true, 7) }, [0x09, 0x02, 0x0f]],
  // KNXUltimate's 275 sample {comfort:22, standby:21.5, economy:21, buildingProtection:15}.
  [
    '275',
    { comfort: 22, standby: 21.5, economy: 21, buildingProtection: 15 },
    [0x0c, 0x4c, 0x0c, 0x33, 0x0c, 0x1a, 0x05, 0xdc],
  ],
];

const EVERY_DPT = DPT_CATALOGUE.flatMap((entry) =>
  entry.subtypes.map((subtype) => `${entry.main}.${String(subtype.sub).padStart(3, '0')}`),
);

/** The vectors that hold for one catalogue DPT (see the rule at the top). */
function vectorsFor(dpt: string): Vector[] {
  const found = describeDpt(dpt);
  const own = found?.subtype;
  const ownEncoding = own?.resolution !== undefined || own?.value !== undefined;
  const range = rangeOf(dpt);
  return VECTORS.filter(([key, value]) => {
    if (key === dpt) return true;
    if (key !== String(found?.main.main) || ownEncoding) return false;
    return (
      typeof value !== 'number' || range === undefined || (value >= range[0] && value <= range[1])
    );
  });
}

describe('reference vectors', () => {
  it('cover every DPT in the catalogue', () => {
    expect(EVERY_DPT.filter((dpt) => vectorsFor(dpt).length === 0)).toEqual([]);
    expect(vectorsFor('9.004').map(([, value]) => value)).toEqual([21.5, 25, 0]);
    expect(vectorsFor('8.010').every(([key]) => key === '8.010')).toBe(true);
  });

  it.each(EVERY_DPT)('%s: every vector encodes to its bytes and decodes to its value', (dpt) => {
    for (const [, value, raw] of vectorsFor(dpt)) {
      expect(encode(dpt, value), `${dpt} ${JSON.stringify(value)}`).toEqual(Uint8Array.from(raw));
      expect(decode(dpt, Uint8Array.from(raw)), `${dpt} ${raw.join(',')}`).toEqual(value);
    }
  });
});

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isKnxError(error) ? error.code : 'not a KnxError';
  }
  return undefined;
}

describe('scaled 2-byte types (KNX 03_07_02 table 3/7/2)', () => {
  it('gives every subtype of 7 and 8 the standard resolution', () => {
    const standard: Record<string, number> = {
      '7.003': 10,
      '7.004': 100,
      '8.003': 10,
      '8.004': 100,
      '8.010': 0.01,
    };
    for (const entry of DPT_CATALOGUE.filter((main) => main.main === 7 || main.main === 8)) {
      for (const { sub } of entry.subtypes) {
        const dpt = `${entry.main}.${String(sub).padStart(3, '0')}`;
        expect(resolutionOf(dpt), dpt).toBe(standard[dpt] ?? 1);
      }
    }
  });

  it.each<[string, number[], number]>([
    ['7.003', [0x00, 0x01], 10],
    ['7.004', [0x00, 0x01], 100],
    ['8.003', [0xff, 0xff], -10],
    ['8.004', [0x00, 0x02], 200],
    ['8.010', [0x00, 0x01], 0.01],
    ['8.010', [0x00, 0x03], 0.03],
    ['8.010', [0x80, 0x00], -327.68],
    ['7.002', [0x00, 0x01], 1],
    ['8.001', [0x00, 0x01], 1],
  ])('%s reads %j as %s', (dpt, raw, value) => {
    expect(decode(dpt, Uint8Array.from(raw))).toBe(value);
  });

  it('rounds to the nearest step on encoding', () => {
    expect(encode('7.003', 14)).toEqual(Uint8Array.of(0, 1));
    expect(encode('7.003', 16)).toEqual(Uint8Array.of(0, 2));
    expect(encode('8.010', 12.344)).toEqual(Uint8Array.of(0x04, 0xd2));
  });
});

describe('DPT 11 year byte', () => {
  it.each([
    [0, 2000],
    [89, 2089],
    [90, 1990],
    [99, 1999],
  ])('reads %d as %d', (short, year) => {
    expect(decode('11.001', Uint8Array.of(1, 1, short))).toEqual({ year, month: 1, day: 1 });
  });

  it.each([0x64, 0x70, 0x7f, 0xe4])(
    'refuses year byte %d (100–127, reserved bit ignored)',
    (short) => {
      expect(codeOf(() => decode('11.001', Uint8Array.of(1, 1, short)))).toBe('invalidPayload');
    },
  );
});

describe('DPT 19 flagged fields', () => {
  const NO_DATE = 0b0000_1000;
  const NO_DAY_OF_WEEK = 0b0000_0100;
  const NO_TIME = 0b0000_0010;

  it('ignores month and day under "no date", whatever they hold', () => {
    const value = decode('19.001', Uint8Array.of(124, 15, 0, (1 << 5) | 10, 5, 6, NO_DATE, 0));
    expect(value).toMatchObject({ noDate: true, month: 0, day: 0, hour: 10, minute: 5 });
    expect(numericValue('19.001', value)).toBeUndefined();
  });

  it('ignores the time under "no time" and the day under "no day of week"', () => {
    const flags = NO_TIME | NO_DAY_OF_WEEK;
    const value = decode('19.001', Uint8Array.of(124, 3, 15, 0xff, 0x3f, 0x3f, flags, 0));
    expect(value).toMatchObject({ year: 2024, month: 3, day: 15, dayOfWeek: 0 });
    expect(value).toMatchObject({ hour: 0, minute: 0, second: 0, noTime: true });
  });

  it('still refuses junk in fields that are not flagged', () => {
    expect(codeOf(() => decode('19.001', Uint8Array.of(124, 15, 1, 0, 0, 0, 0, 0)))).toBe(
      'invalidPayload',
    );
    expect(codeOf(() => decode('19.001', Uint8Array.of(124, 3, 1, 25, 0, 0, 0, 0)))).toBe(
      'invalidPayload',
    );
  });
});

describe('per-subtype ranges on encoding', () => {
  it.each<[string, number]>([
    ['9.001', -300],
    ['9.004', -1],
    ['9.007', -0.5],
    ['9.027', -460],
    ['9.001', 670761],
    ['5.001', 101],
    ['5.006', 255],
    ['7.003', 655360],
    ['8.010', 327.68],
    ['8.010', -327.69],
    ['13.002', 214748.3648],
    ['17.001', 64],
    ['20.102', 5],
    ['20.108', 0],
    ['222.100', -300],
  ])('%s refuses %s with invalidValue', (dpt, value) => {
    const shaped = dpt.startsWith('222') ? { comfort: value, standby: 20, economy: 18 } : value;
    expect(codeOf(() => encode(dpt, shaped))).toBe('invalidValue');
  });

  it('accepts the range ends and stays lenient on decoding', () => {
    expect(codeOf(() => encode('9.001', -273))).toBeUndefined();
    expect(codeOf(() => encode('9.004', 0))).toBeUndefined();
    expect(decode('9.001', encode('9', -300))).toBe(-300);
  });
});

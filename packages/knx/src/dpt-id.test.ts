import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOLEAN_MAIN_TYPES,
  DPT_CATALOGUE,
  MONITORABLE_MAIN_TYPES,
  byteLength,
  describeDpt,
  findMainType,
  isBooleanDpt,
  isMonitorable,
  unitOf,
} from './dpt-catalogue';
import { hasCodec } from './dpt-codec';
import { formatDpt, fromEtsDptId, parseDpt, sameDpt, toEtsDptId, tryParseDpt } from './dpt-id';
import { isKnxError } from './errors';

describe('parseDpt', () => {
  it.each([
    [9, { main: 9 }],
    ['9', { main: 9 }],
    ['9.001', { main: 9, sub: 1 }],
    ['DPT9.001', { main: 9, sub: 1 }],
    ['dpt9.001', { main: 9, sub: 1 }],
    ['DPT9', { main: 9 }],
    ['DPT-9', { main: 9 }],
    ['DPST-9-1', { main: 9, sub: 1 }],
    ['DPST-232-600', { main: 232, sub: 600 }],
    ['DPST-20-1001', { main: 20, sub: 1001 }],
    ['16.000', { main: 16, sub: 0 }],
    [' DPST-1-1 ', { main: 1, sub: 1 }],
    [
      { main: 5, sub: 1 },
      { main: 5, sub: 1 },
    ],
  ])('reads %j', (input, expected) => {
    expect(parseDpt(input)).toEqual(expected);
  });

  it.each([
    '',
    'DPT',
    '9.',
    '.001',
    'DPST-9',
    'DPST-9-',
    'nine',
    '0',
    '9.001.1',
    'DPT 9-1',
    9.5,
    -1,
  ])('refuses %j with invalidDPT', (input) => {
    let code: string | undefined;
    try {
      parseDpt(input);
    } catch (error) {
      code = isKnxError(error) ? error.code : 'other';
    }
    expect(code).toBe('invalidDPT');
    expect(tryParseDpt(input)).toBeUndefined();
  });
});

describe('DPT ↔ DPST', () => {
  it('writes ETS ids without padding and dotted ids with three digits', () => {
    expect(toEtsDptId('9.001')).toBe('DPST-9-1');
    expect(toEtsDptId('9')).toBe('DPT-9');
    expect(toEtsDptId('DPT9.020')).toBe('DPST-9-20');
    expect(fromEtsDptId('DPST-9-1')).toBe('9.001');
    expect(fromEtsDptId('DPT-9')).toBe('9');
    expect(fromEtsDptId('DPST-232-600')).toBe('232.600');
    expect(formatDpt('DPST-5-1', { prefix: true })).toBe('DPT5.001');
    expect(sameDpt('DPST-9-1', '9.001')).toBe(true);
    expect(sameDpt('DPT-9', '9.001')).toBe(false);
  });

  it('round-trips every DPT through both spellings', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 65535 }),
        fc.option(fc.integer({ min: 0, max: 65535 }), { nil: undefined }),
        (main, sub) => {
          const dpt = sub === undefined ? { main } : { main, sub };
          expect(parseDpt(toEtsDptId(dpt))).toEqual(dpt);
          expect(parseDpt(formatDpt(dpt))).toEqual(dpt);
          expect(parseDpt(formatDpt(dpt, { prefix: true }))).toEqual(dpt);
          expect(fromEtsDptId(toEtsDptId(dpt))).toBe(formatDpt(dpt));
        },
      ),
    );
  });
});

describe('catalogue', () => {
  it('offers main types 1–21, 232, 237 and 238 for monitoring, and knows more, each with a codec', () => {
    const mains = DPT_CATALOGUE.map((entry) => entry.main);
    expect(MONITORABLE_MAIN_TYPES).toEqual([
      ...Array.from({ length: 21 }, (_, i) => i + 1),
      232,
      237,
      238,
    ]);
    for (const main of MONITORABLE_MAIN_TYPES) expect(mains).toContain(main);
    for (const main of [22, 28, 29, 213, 222, 235, 242, 243, 249, 250, 251, 252, 253, 254, 275]) {
      expect(mains).toContain(main);
      expect(isMonitorable(`${main}.600`)).toBe(false);
    }
    for (const main of mains) expect(hasCodec(main)).toBe(true);
    expect(hasCodec(223)).toBe(false);
  });

  it('gives names, sizes and units from the domain README', () => {
    expect(findMainType(9)).toMatchObject({ name: '2-byte float value', bits: 16 });
    expect(findMainType(16)?.bits).toBe(112);
    expect(byteLength('16.000')).toBe(14);
    expect(byteLength('1.001')).toBe(1);
    expect(byteLength('3.007')).toBe(1);
    expect(byteLength('19.001')).toBe(8);
    expect(byteLength('222')).toBe(6);
    expect(byteLength('28.001')).toBeUndefined();
    expect(byteLength('223')).toBeUndefined();
    expect(unitOf('9.001')).toBe('°C');
    expect(unitOf('DPST-13-13')).toBe('kWh');
    expect(unitOf('14.076')).toBe('m³');
    expect(unitOf('5.001')).toBe('%');
    expect(unitOf('9')).toBeUndefined();
    expect(describeDpt('DPST-20-102')?.subtype?.name).toBe('DPT_HVACMode');
    expect(describeDpt('DPST-9-999')).toMatchObject({ subtype: undefined });
    expect(describeDpt(223)).toBeUndefined();
  });

  it('knows which DPTs are booleans and which may be monitored', () => {
    expect(BOOLEAN_MAIN_TYPES).toEqual([1, 2]);
    expect(isBooleanDpt('1.001')).toBe(true);
    expect(isBooleanDpt('DPST-2-1')).toBe(true);
    expect(isBooleanDpt('3.007')).toBe(false);
    expect(isBooleanDpt('garbage')).toBe(false);
    for (const dpt of ['1.001', '21.001', '232.600', '237.600', '238.600', 'DPT-16']) {
      expect(isMonitorable(dpt)).toBe(true);
    }
    for (const dpt of ['22.100', '231', '222', '29.010', 'x'])
      expect(isMonitorable(dpt)).toBe(false);
  });
});

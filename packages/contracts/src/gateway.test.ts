import { describe, expect, it } from 'vitest';
import {
  apiMac,
  formatMac,
  linkedGatewayName,
  macSchema,
  parseMac,
  parseQrCode,
  parseSerial,
  serialSchema,
} from './gateway';

describe('MAC addresses', () => {
  it.each([
    ['a1b2c3d4e5f6', 'a1b2c3d4e5f6'],
    ['A1B2C3D4E5F6', 'a1b2c3d4e5f6'],
    ['A1:B2:C3:D4:E5:F6', 'a1b2c3d4e5f6'],
    ['a1-b2-c3-d4-e5-f6', 'a1b2c3d4e5f6'],
    ['  a1b2c3d4e5f6 ', 'a1b2c3d4e5f6'],
    ['0xa1b2c3d4e5f6L', 'a1b2c3d4e5f6'],
    ['0XA1B2C3D4E5F6l', 'a1b2c3d4e5f6'],
    ['0x1b2c3d4e5f6L', '01b2c3d4e5f6'],
  ])('reads %s as %s', (input, stored) => {
    expect(parseMac(input)).toBe(stored);
  });

  it.each([
    '',
    'a1b2c3d4e5',
    'a1b2c3d4e5f6a7',
    'g1b2c3d4e5f6',
    'a1:b2-c3:d4:e5:f6',
    'a1:b2:c3:d4:e5',
    '0xa1b2c3d4e5f6a7L',
    '0xL',
  ])('refuses %j', (input) => {
    expect(parseMac(input)).toBeNull();
  });

  it('displays 17 uppercase characters in colon pairs, and the API form', () => {
    expect(formatMac('a1b2c3d4e5f6')).toBe('A1:B2:C3:D4:E5:F6');
    expect(formatMac('a1b2c3d4e5f6')).toHaveLength(17);
    expect(formatMac('junk')).toBe('JUNK');
    expect(apiMac('A1:B2:C3:D4:E5:F6')).toBe('0xa1b2c3d4e5f6L');
  });

  it('the schema normalises or fails with invalidMac', () => {
    expect(macSchema.parse('A1:B2:C3:D4:E5:F6')).toBe('a1b2c3d4e5f6');
    const bad = macSchema.safeParse('12345');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('invalidMac');
  });
});

describe('serial numbers', () => {
  it('takes exactly 8 characters, uppercased', () => {
    expect(parseSerial('ab12cd34')).toBe('AB12CD34');
    expect(parseSerial(' AB12CD34 ')).toBe('AB12CD34');
    expect(parseSerial('AB12CD3')).toBeNull();
    expect(parseSerial('AB12CD345')).toBeNull();
    expect(parseSerial('AB12 D34')).toBeNull();
    expect(serialSchema.safeParse('short').error?.issues[0]?.message).toBe('invalidSerial');
  });
});

describe('QR codes and linked names', () => {
  it('reads the MAC from the first 17 characters and the serial from the next 8', () => {
    expect(parseQrCode('A1:B2:C3:D4:E5:F6SN123456')).toEqual({
      mac: 'a1b2c3d4e5f6',
      sn: 'SN123456',
    });
    expect(parseQrCode('A1:B2:C3:D4:E5:F6SN12')).toBeNull();
    expect(parseQrCode('not a qr code at all!!!!!')).toBeNull();
  });

  it('cuts names to 20 characters on linking', () => {
    expect(linkedGatewayName('a'.repeat(30))).toBe('a'.repeat(20));
    expect(linkedGatewayName('short')).toBe('short');
    expect(linkedGatewayName('Boiler room and the garage')).toBe('Boiler room and the');
  });
});

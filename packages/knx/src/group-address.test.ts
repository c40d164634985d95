import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKnxError } from './errors';
import {
  convertGroupAddress,
  decodeThreeLevel,
  decodeTwoLevel,
  detectForm,
  encodeThreeLevel,
  encodeTwoLevel,
  formatGroupAddress,
  groupAddressFromBytes,
  groupAddressToBytes,
  isValidGroupAddress,
  parseGroupAddress,
} from './group-address';

const threeLevel = fc.record({
  main: fc.integer({ min: 0, max: 31 }),
  middle: fc.integer({ min: 0, max: 7 }),
  sub: fc.integer({ min: 0, max: 255 }),
});
const twoLevel = fc.record({
  main: fc.integer({ min: 0, max: 31 }),
  sub: fc.integer({ min: 0, max: 2047 }),
});
const raw = fc.integer({ min: 0, max: 65535 });

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isKnxError(error) ? error.code : 'not a KnxError';
  }
  return undefined;
}

describe('group address examples (domain README §2)', () => {
  it('encodes 1/2/3 as 2563 = 0x0A03 and 31/7/255 as 65535', () => {
    expect(parseGroupAddress('1/2/3')).toBe(2563);
    expect(groupAddressToBytes(2563)).toEqual(Uint8Array.of(0x0a, 0x03));
    expect(parseGroupAddress('31/7/255')).toBe(65535);
    expect(formatGroupAddress(65535)).toBe('31/7/255');
  });

  it('reads the 2-level and free forms like ioBroker convertToGa', () => {
    expect(parseGroupAddress('1/515')).toBe(2563);
    expect(parseGroupAddress('2563')).toBe(2563);
    expect(convertGroupAddress('2563')).toBe('1/2/3');
    expect(convertGroupAddress('1/2/3', 'twoLevel')).toBe('1/515');
    expect(convertGroupAddress('1/515', 'free')).toBe('2563');
  });

  it('pads the sub group on request and reads padded text back', () => {
    expect(formatGroupAddress(2563, 'threeLevel', { padSub: true })).toBe('1/2/003');
    expect(formatGroupAddress(2563, 'twoLevel', { padSub: true })).toBe('1/515');
    expect(parseGroupAddress('1/2/003')).toBe(2563);
    expect(parseGroupAddress(' 01/02/003 ')).toBe(2563);
  });

  it('detects the form by its slashes', () => {
    expect(detectForm('1/2/3')).toBe('threeLevel');
    expect(detectForm('1/2')).toBe('twoLevel');
    expect(detectForm('12')).toBe('free');
    expect(detectForm('1/2/3/4')).toBeUndefined();
  });
});

describe('group address validation', () => {
  it.each([
    '32/0/0',
    '0/8/0',
    '0/0/256',
    '32/0',
    '0/2048',
    '65536',
    '-1',
    '1.2.3',
    '1/2/3/4',
    'a/b/c',
    '',
    '1//3',
    '1/2/3 x',
    '123456',
  ])('refuses %j with malformedAddress', (text) => {
    expect(codeOf(() => parseGroupAddress(text))).toBe('malformedAddress');
    expect(isValidGroupAddress(text)).toBe(false);
  });

  it('holds the caller to the form asked for', () => {
    expect(codeOf(() => parseGroupAddress('2563', 'threeLevel'))).toBe('malformedAddress');
    expect(parseGroupAddress('1/515', 'twoLevel')).toBe(2563);
    expect(isValidGroupAddress('1/2/3', 'free')).toBe(false);
  });

  it('refuses out-of-range parts and raw values when encoding and formatting', () => {
    expect(codeOf(() => encodeThreeLevel({ main: 0, middle: 0, sub: 1.5 }))).toBe(
      'malformedAddress',
    );
    expect(codeOf(() => encodeTwoLevel({ main: 31, sub: 2048 }))).toBe('malformedAddress');
    expect(codeOf(() => formatGroupAddress(65536))).toBe('malformedAddress');
    expect(codeOf(() => decodeThreeLevel(-1))).toBe('malformedAddress');
    expect(codeOf(() => groupAddressFromBytes(Uint8Array.of(1)))).toBe('malformedAddress');
  });
});

describe('group address properties', () => {
  it('3-level: format then parse is the identity, and the raw value round-trips', () => {
    fc.assert(
      fc.property(threeLevel, (address) => {
        const value = encodeThreeLevel(address);
        expect(value).toBe((address.main << 11) + (address.middle << 8) + address.sub);
        expect(decodeThreeLevel(value)).toEqual(address);
        const text = `${address.main}/${address.middle}/${address.sub}`;
        expect(formatGroupAddress(parseGroupAddress(text))).toBe(text);
        expect(parseGroupAddress(formatGroupAddress(value, 'threeLevel', { padSub: true }))).toBe(
          value,
        );
      }),
    );
  });

  it('2-level: format then parse is the identity, and the raw value round-trips', () => {
    fc.assert(
      fc.property(twoLevel, (address) => {
        const value = encodeTwoLevel(address);
        expect(decodeTwoLevel(value)).toEqual(address);
        const text = `${address.main}/${address.sub}`;
        expect(formatGroupAddress(parseGroupAddress(text), 'twoLevel')).toBe(text);
      }),
    );
  });

  it('free form, bytes and conversions between forms all round-trip', () => {
    fc.assert(
      fc.property(raw, (value) => {
        expect(parseGroupAddress(formatGroupAddress(value, 'free'))).toBe(value);
        expect(groupAddressFromBytes(groupAddressToBytes(value))).toBe(value);
        const three = formatGroupAddress(value);
        const two = convertGroupAddress(three, 'twoLevel');
        expect(convertGroupAddress(two, 'threeLevel')).toBe(three);
        expect(parseGroupAddress(two)).toBe(value);
      }),
    );
  });
});

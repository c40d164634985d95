import {
  at,
  badPayload,
  bit,
  isSet,
  toBoolean,
  toInteger,
  toRecord,
  type MainTypeCodec,
} from './dpt-codec-support';

/** DPT 15: entrance access, 6 BCD digits then E P D C flags and a 4-bit index. */
export const dpt15: MainTypeCodec = {
  bytes: 4,
  decode: (bytes) => {
    const digits = [0, 1, 2].flatMap((index) => [at(bytes, index) >> 4, at(bytes, index) & 0x0f]);
    if (digits.some((digit) => digit > 9)) badPayload('DPT 15 code is not BCD');
    const flags = at(bytes, 3);
    return {
      code: digits.reduce((sum, digit) => sum * 10 + digit, 0),
      error: isSet(flags, 7),
      permission: isSet(flags, 6),
      readDirection: isSet(flags, 5),
      encrypted: isSet(flags, 4),
      index: flags & 0x0f,
    };
  },
  encode: (value) => {
    const record = toRecord(value, '{ code, error, permission, readDirection, encrypted, index }');
    const digits = String(toInteger(record.code, 0, 999999, 'code')).padStart(6, '0');
    const pair = (index: number): number =>
      (Number(digits[index * 2]) << 4) | Number(digits[index * 2 + 1]);
    const flags =
      (bit(toBoolean(record.error, 'error')) << 7) |
      (bit(toBoolean(record.permission, 'permission')) << 6) |
      (bit(toBoolean(record.readDirection, 'readDirection')) << 5) |
      (bit(toBoolean(record.encrypted, 'encrypted')) << 4) |
      toInteger(record.index, 0, 15, 'index');
    return Uint8Array.of(pair(0), pair(1), pair(2), flags);
  },
};

/** DPT 232.600: RGB colour, 3 bytes red, green, blue. */
export const dpt232: MainTypeCodec = {
  bytes: 3,
  decode: (bytes) => ({ red: at(bytes, 0), green: at(bytes, 1), blue: at(bytes, 2) }),
  encode: (value) => {
    const record = toRecord(value, '{ red, green, blue }');
    return Uint8Array.of(
      toInteger(record.red, 0, 255, 'red'),
      toInteger(record.green, 0, 255, 'green'),
      toInteger(record.blue, 0, 255, 'blue'),
    );
  },
};

/** DPT 237.600: DALI control gear diagnostic; high byte CE BF LF in bits 2–0, low byte RR AI address. */
export const dpt237: MainTypeCodec = {
  bytes: 2,
  decode: (bytes) => {
    const high = at(bytes, 0);
    const low = at(bytes, 1);
    return {
      convertorError: isSet(high, 2),
      ballastFailure: isSet(high, 1),
      lampFailure: isSet(high, 0),
      readResponse: isSet(low, 7),
      addressIndicator: isSet(low, 6),
      address: low & 0x3f,
    };
  },
  encode: (value) => {
    const record = toRecord(value, 'with the DPT 237 fields');
    const flag = (name: string): number => bit(toBoolean(record[name], name));
    const high =
      (flag('convertorError') << 2) | (flag('ballastFailure') << 1) | flag('lampFailure');
    const low =
      (flag('readResponse') << 7) |
      (flag('addressIndicator') << 6) |
      toInteger(record.address, 0, 63, 'address');
    return Uint8Array.of(high, low);
  },
};

/**
 * DPT 238: one byte. 238.600 (DALI diagnostics) is decoded as ballast failure (bit 7),
 * lamp failure (bit 6) and address (bits 5–0); other subtypes as the number 0–255.
 */
export const dpt238: MainTypeCodec = {
  bytes: 1,
  decode: (bytes, sub) => {
    const raw = at(bytes, 0);
    if (sub !== 600) return raw;
    return { ballastFailure: isSet(raw, 7), lampFailure: isSet(raw, 6), address: raw & 0x3f };
  },
  encode: (value, sub) => {
    if (sub !== 600) return Uint8Array.of(toInteger(value, 0, 255, 'DPT 238 value'));
    const record = toRecord(value, '{ ballastFailure, lampFailure, address }');
    const ballast = bit(toBoolean(record.ballastFailure, 'ballastFailure'));
    const lamp = bit(toBoolean(record.lampFailure, 'lampFailure'));
    return Uint8Array.of(
      (ballast << 7) | (lamp << 6) | toInteger(record.address, 0, 63, 'address'),
    );
  },
};

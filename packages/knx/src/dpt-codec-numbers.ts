import { resolutionOf } from './dpt-catalogue';
import {
  badPayload,
  badValue,
  isSet,
  toBoolean,
  toInteger,
  toNumber,
  toRecord,
  type MainTypeCodec,
} from './dpt-codec-support';

type Reader = (view: DataView) => number;
type Writer = (view: DataView, value: number) => void;

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A big-endian integer codec; values outside `min..max` or not integers are refused. */
function integerCodec(
  bytes: number,
  min: number,
  max: number,
  read: Reader,
  write: Writer,
): MainTypeCodec {
  return {
    bytes,
    decode: (data) => read(view(data)),
    encode: (value) => {
      const out = new Uint8Array(bytes);
      write(view(out), toInteger(value, min, max, `a ${bytes}-byte value`));
      return out;
    },
  };
}

const uint8 = (): MainTypeCodec =>
  integerCodec(
    1,
    0,
    255,
    (v) => v.getUint8(0),
    (v, n) => v.setUint8(0, n),
  );

/** Scaled 8-bit subtypes: 5.001 is 0–100 %, 5.003 is 0–360 °; raw 0–255 either way. */
const SCALED_5: ReadonlyMap<number, number> = new Map([
  [1, 100],
  [3, 360],
]);

/**
 * DPT 5: 8-bit unsigned. 5.001 and 5.003 are scaled, decoded as xknx does with
 * `round(raw / 255 * full)` and encoded with `round(value / full * 255)`, so a whole
 * percentage survives a round trip exactly; other subtypes are the raw 0–255.
 */
export const dpt5: MainTypeCodec = {
  bytes: 1,
  decode: (bytes, sub) => {
    const raw = bytes[0] ?? 0;
    const full = sub === undefined ? undefined : SCALED_5.get(sub);
    return full === undefined ? raw : Math.round((raw / 255) * full);
  },
  encode: (value, sub) => {
    const full = sub === undefined ? undefined : SCALED_5.get(sub);
    if (full === undefined) return uint8().encode(value, sub);
    return Uint8Array.of(Math.round((toNumber(value, 0, full, `DPT 5.00${sub}`) / full) * 255));
  },
};

const int8 = integerCodec(
  1,
  -128,
  127,
  (v) => v.getInt8(0),
  (v, n) => v.setInt8(0, n),
);

/** DPT 6: 8-bit signed, -128–127; 6.020 is a status byte (flags A–E and a mode). */
export const dpt6: MainTypeCodec = {
  bytes: 1,
  decode: (bytes, sub) => (sub === 20 ? statusMode3 : int8).decode(bytes, sub),
  encode: (value, sub) => (sub === 20 ? statusMode3 : int8).encode(value, sub),
};
/**
 * A big-endian integer scaled by the subtype's resolution (KNX 03_07_02 table 3/7/2):
 * 7.003 / 8.003 count 10 ms, 7.004 / 8.004 100 ms, 8.010 0.01 %, 13.002 0.0001 m³/h.
 * The value is raw × step; encoding rounds to the nearest step. A step below 1 is
 * applied as a division by its inverse so that 0.01 steps come back as the closest
 * double (raw 3 as 8.010 is 0.03, not 0.030000000000000002).
 */
function scaledCodec(main: number, bytes: number, raw: MainTypeCodec): MainTypeCodec {
  const step = (sub: number | undefined): number =>
    sub === undefined ? 1 : (resolutionOf({ main, sub }) ?? 1);
  return {
    bytes,
    decode: (data, sub) => {
      const count = raw.decode(data, sub) as number;
      const res = step(sub);
      if (res === 1) return count;
      return res < 1 ? count / Math.round(1 / res) : count * res;
    },
    encode: (value, sub) => {
      const res = step(sub);
      if (res === 1) return raw.encode(value, sub);
      const number = toNumber(value, -Infinity, Infinity, `DPT ${main} value`);
      const count = res < 1 ? Math.round(number * Math.round(1 / res)) : Math.round(number / res);
      return raw.encode(count, sub);
    },
  };
}

/** DPT 7: 16-bit unsigned, 0–65535 raw; 7.003 and 7.004 in 10 and 100 ms steps. */
export const dpt7 = scaledCodec(
  7,
  2,
  integerCodec(
    2,
    0,
    65535,
    (v) => v.getUint16(0),
    (v, n) => v.setUint16(0, n),
  ),
);
/** DPT 8: 16-bit signed, -32768–32767 raw; 8.003 / 8.004 in 10 / 100 ms, 8.010 in 0.01 %. */
export const dpt8 = scaledCodec(
  8,
  2,
  integerCodec(
    2,
    -32768,
    32767,
    (v) => v.getInt16(0),
    (v, n) => v.setInt16(0, n),
  ),
);
/** DPT 12: 32-bit unsigned, 0–4294967295. */
export const dpt12 = integerCodec(
  4,
  0,
  0xffffffff,
  (v) => v.getUint32(0),
  (v, n) => v.setUint32(0, n),
);
/** DPT 13: 32-bit signed, -2147483648–2147483647 raw; 13.002 in 0.0001 m³/h steps. */
export const dpt13 = scaledCodec(
  13,
  4,
  integerCodec(
    4,
    -0x80000000,
    0x7fffffff,
    (v) => v.getInt32(0),
    (v, n) => v.setInt32(0, n),
  ),
);
/** DPT 20: 1-byte enumeration, 0–255 (e.g. 20.102 HVAC mode: 0 auto, 1 comfort, 2 standby, 3 economy, 4 protection). */
export const dpt20 = uint8();
/** DPT 21: 8-bit set, kept as the number 0–255 whose bits are the flags. */
export const dpt21 = uint8();
/**
 * DPT 22: 16-bit set (22.100 DHW state, 22.101 RHCC status), kept as the number
 * 0–65535 whose bits are the flags: bit 0 of the second byte is bit 0 of the number
 * (22.101: bit 0 fault, bit 1 heating eco mode … bit 14 overheat alarm).
 */
export const dpt22 = integerCodec(
  2,
  0,
  65535,
  (v) => v.getUint16(0),
  (v, n) => v.setUint16(0, n),
);

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * DPT 29: 8-byte signed (29.010 Wh, 29.011 VAh, 29.012 VARh). Decoded as a number,
 * exact up to ±(2⁵³−1) and the nearest double beyond (decision 0035); encoding takes a
 * safe integer number, or a bigint for the whole −2⁶³ … 2⁶³−1 range.
 */
export const dpt29: MainTypeCodec = {
  bytes: 8,
  decode: (bytes) => Number(view(bytes).getBigInt64(0)),
  encode: (value) => {
    let big: bigint;
    if (typeof value === 'bigint') {
      if (value < INT64_MIN || value > INT64_MAX) {
        return badValue(`DPT 29 value must be from -2^63 to 2^63-1, got ${value}`);
      }
      big = value;
    } else {
      const label = 'DPT 29 value (beyond ±(2^53-1) pass a bigint)';
      big = BigInt(toInteger(value, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, label));
    }
    const out = new Uint8Array(8);
    view(out).setBigInt64(0, big);
    return out;
  },
};

/**
 * DPT 6.020 (status with mode): flags A–E in bits 7–3 and the mode, one-hot in bits
 * 2–0 (001 mode 0, 010 mode 1, 100 mode 2); any other mode pattern is refused.
 */
const statusMode3: MainTypeCodec = {
  bytes: 1,
  decode: (bytes) => {
    const raw = bytes[0] ?? 0;
    const mode = [1, 2, 4].indexOf(raw & 0x07);
    if (mode === -1)
      return badPayload(`DPT 6.020 mode bits 0b${(raw & 7).toString(2)} are not one-hot`);
    return {
      a: isSet(raw, 7),
      b: isSet(raw, 6),
      c: isSet(raw, 5),
      d: isSet(raw, 4),
      e: isSet(raw, 3),
      mode,
    };
  },
  encode: (value) => {
    const record = toRecord(value, '{ a, b, c, d, e, mode }');
    const flags = (['a', 'b', 'c', 'd', 'e'] as const).reduce(
      (byte, name, index) => byte | (Number(toBoolean(record[name], name)) << (7 - index)),
      0,
    );
    return Uint8Array.of(flags | (1 << toInteger(record.mode, 0, 2, 'mode')));
  },
};

/** Smallest and largest DPT 9 values: -2048 × 2^15 / 100 and 2047 × 2^15 / 100. */
export const DPT9_MIN = -671088.64;
/** Largest DPT 9 value. */
export const DPT9_MAX = 670760.96;

/**
 * DPT 9: 2-byte float, value = 0.01 × M × 2^E with M an 11-bit two's complement
 * mantissa and E a 4-bit exponent; byte0 = S<<7 | E<<3 | M>>8, byte1 = M & 0xff.
 * Encoding picks the smallest E whose rounded mantissa fits, so the error is at most
 * half a step (0.005 below 20.48, |value|/2047 above). 21.5 → 0x0C33, -5 → 0x860C.
 */
export const dpt9: MainTypeCodec = {
  bytes: 2,
  decode: (bytes) => {
    const word = ((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0);
    const exponent = (word >> 11) & 0x0f;
    const mantissa = (word & 0x7ff) - (word & 0x8000 ? 2048 : 0);
    // Divide last: (M × 2^E) is exact, so 0.01 steps come out as the closest double.
    return (mantissa * 2 ** exponent) / 100;
  },
  encode: (value) => {
    const hundredths = toNumber(value, DPT9_MIN, DPT9_MAX, 'DPT 9 value') * 100;
    let exponent = 0;
    let mantissa = Math.round(hundredths);
    while (mantissa < -2048 || mantissa > 2047) {
      exponent += 1;
      mantissa = Math.round(hundredths / 2 ** exponent);
    }
    const bits = mantissa & 0x7ff;
    const sign = mantissa < 0 ? 0x80 : 0;
    return Uint8Array.of(sign | (exponent << 3) | (bits >> 8), bits & 0xff);
  },
};

/** Largest finite float32. */
const FLOAT32_MAX = 3.4028234663852886e38;

/** DPT 14: IEEE 754 float32, big-endian; NaN and infinities are refused both ways. */
export const dpt14: MainTypeCodec = {
  bytes: 4,
  decode: (bytes) => {
    const value = view(bytes).getFloat32(0);
    return Number.isFinite(value) ? value : badPayload('DPT 14 value is not a finite number');
  },
  encode: (value) => {
    const out = new Uint8Array(4);
    view(out).setFloat32(0, toNumber(value, -FLOAT32_MAX, FLOAT32_MAX, 'DPT 14 value'));
    return out;
  },
};

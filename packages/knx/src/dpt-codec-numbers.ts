import { badPayload, toInteger, toNumber, type MainTypeCodec } from './dpt-codec-support';

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

/** DPT 6: 8-bit signed, -128–127. */
export const dpt6 = integerCodec(
  1,
  -128,
  127,
  (v) => v.getInt8(0),
  (v, n) => v.setInt8(0, n),
);
/** DPT 7: 16-bit unsigned, 0–65535. */
export const dpt7 = integerCodec(
  2,
  0,
  65535,
  (v) => v.getUint16(0),
  (v, n) => v.setUint16(0, n),
);
/** DPT 8: 16-bit signed, -32768–32767. */
export const dpt8 = integerCodec(
  2,
  -32768,
  32767,
  (v) => v.getInt16(0),
  (v, n) => v.setInt16(0, n),
);
/** DPT 12: 32-bit unsigned, 0–4294967295. */
export const dpt12 = integerCodec(
  4,
  0,
  0xffffffff,
  (v) => v.getUint32(0),
  (v, n) => v.setUint32(0, n),
);
/** DPT 13: 32-bit signed, -2147483648–2147483647. */
export const dpt13 = integerCodec(
  4,
  -0x80000000,
  0x7fffffff,
  (v) => v.getInt32(0),
  (v, n) => v.setInt32(0, n),
);
/** DPT 20: 1-byte enumeration, 0–255 (e.g. 20.102 HVAC mode: 0 auto, 1 comfort, 2 standby, 3 economy, 4 protection). */
export const dpt20 = uint8();
/** DPT 21: 8-bit set, kept as the number 0–255 whose bits are the flags. */
export const dpt21 = uint8();

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

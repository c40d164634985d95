import { rangeOf } from './dpt-catalogue';
import {
  at,
  badValue,
  bit,
  isSet,
  toInteger,
  toNumber,
  toRecord,
  type MainTypeCodec,
} from './dpt-codec-support';
import { DPT9_MAX, DPT9_MIN, dpt9 } from './dpt-codec-numbers';
import type { DptValue } from './dpt-values';

const ROOM = ['comfort', 'standby', 'economy', 'buildingProtection'] as const;
const DHW = ['legioProtect', 'normal', 'reduced', 'frostProtect'] as const;

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Setpoints written one after the other, 2 bytes each, with `read` / `write` for one
 * field; the field names come from the subtype.
 */
function setpointsCodec(
  count: number,
  names: (sub: number | undefined) => readonly string[],
  read: (bytes: Uint8Array) => number,
  write: (value: unknown, label: string, sub: number | undefined) => Uint8Array,
): MainTypeCodec {
  return {
    bytes: count * 2,
    decode: (bytes, sub) =>
      Object.fromEntries(
        names(sub)
          .slice(0, count)
          .map((name, index) => [name, read(bytes.subarray(index * 2, index * 2 + 2))]),
      ) as unknown as DptValue,
    encode: (value, sub) => {
      const fields = names(sub).slice(0, count);
      const record = toRecord(value, `{ ${fields.join(', ')} }`);
      const out = new Uint8Array(count * 2);
      fields.forEach((name, index) => out.set(write(record[name], name, sub), index * 2));
      return out;
    },
  };
}

/** One DPT 9 field, checked against the subtype's range (222.100: −273 … 670 760 °C). */
function float16(main: number) {
  return (value: unknown, label: string, sub: number | undefined): Uint8Array => {
    const [min, max] = (sub === undefined ? undefined : rangeOf({ main, sub })) ?? [
      DPT9_MIN,
      DPT9_MAX,
    ];
    return dpt9.encode(toNumber(value, min, max, label), undefined);
  };
}

const readFloat16 = (bytes: Uint8Array): number => dpt9.decode(bytes, undefined) as number;

/** DPT 222: comfort, standby and economy setpoints as three DPT 9 values. */
export const dpt222 = setpointsCodec(3, () => ROOM, readFloat16, float16(222));

/** DPT 275.100: comfort, standby, economy and building protection as four DPT 9 values. */
export const dpt275 = setpointsCodec(4, () => ROOM, readFloat16, float16(275));

/**
 * DPT 213: four setpoints, each a 2-byte signed count of 0.02 °C (0.02 K for the
 * 213.102 shifts), range per subtype from the catalogue: −273 … 655.34 °C (655.34 is
 * 32767 × 0.02), shifts −655.36 … 655.34 K. 213.101 names its fields after the hot
 * water setpoints (legioProtect, normal, reduced, frostProtect).
 */
export const dpt213 = setpointsCodec(
  4,
  (sub) => (sub === 101 ? DHW : ROOM),
  (bytes) => view(bytes).getInt16(0) / 50,
  (value, label, sub) => {
    const [min, max] = (sub === undefined ? undefined : rangeOf({ main: 213, sub })) ?? [
      -655.36, 655.34,
    ];
    const out = new Uint8Array(2);
    view(out).setInt16(0, Math.round(toNumber(value, min, max, label) * 50));
    return out;
  },
);

/**
 * DPT 235.001: active energy (4-byte signed Wh), tariff (0–254), then validity bits,
 * set when the field is NOT valid: energy (1), tariff (0). An invalid field decodes
 * as null; null is sent as zero with its bit set.
 */
export const dpt235: MainTypeCodec = {
  bytes: 6,
  decode: (bytes) => {
    const invalid = at(bytes, 5);
    return {
      energy: isSet(invalid, 1) ? null : view(bytes).getInt32(0),
      tariff: isSet(invalid, 0) ? null : at(bytes, 4),
    };
  },
  encode: (value) => {
    const record = toRecord(value, '{ energy, tariff }');
    const energy =
      record.energy === null || record.energy === undefined
        ? null
        : toInteger(record.energy, -0x80000000, 0x7fffffff, 'energy');
    const tariff =
      record.tariff === null || record.tariff === undefined
        ? null
        : toInteger(record.tariff, 0, 254, 'tariff');
    if (record.energy === undefined && record.tariff === undefined) {
      return badValue('DPT 235 value needs energy and tariff (null when invalid)');
    }
    const out = new Uint8Array(6);
    view(out).setInt32(0, energy ?? 0);
    out[4] = tariff ?? 0;
    out[5] = (bit(energy === null) << 1) | bit(tariff === null);
    return out;
  },
};

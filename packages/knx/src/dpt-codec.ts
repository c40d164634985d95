import { dpt1, dpt17, dpt18, dpt2, dpt3 } from './dpt-codec-bits';
import { rangeOf } from './dpt-catalogue';
import { dpt242, dpt243, dpt249, dpt250, dpt251, dpt252, dpt253, dpt254 } from './dpt-codec-colour';
import { dpt213, dpt222, dpt235, dpt275 } from './dpt-codec-hvac';
import {
  dpt12,
  dpt13,
  dpt14,
  dpt20,
  dpt21,
  dpt22,
  dpt29,
  dpt5,
  dpt6,
  dpt7,
  dpt8,
  dpt9,
} from './dpt-codec-numbers';
import { dpt15, dpt232, dpt237, dpt238 } from './dpt-codec-structs';
import { badPayload, badValue, isRecord, type MainTypeCodec } from './dpt-codec-support';
import { dpt4, dpt16, dpt28 } from './dpt-codec-text';
import { dpt10, dpt11, dpt19 } from './dpt-codec-time';
import { parseDpt, type Dpt, type DptInput } from './dpt-id';
import type { DptValue } from './dpt-values';
import { KnxError } from './errors';

const CODECS: ReadonlyMap<number, MainTypeCodec> = new Map([
  [1, dpt1],
  [2, dpt2],
  [3, dpt3],
  [4, dpt4],
  [5, dpt5],
  [6, dpt6],
  [7, dpt7],
  [8, dpt8],
  [9, dpt9],
  [10, dpt10],
  [11, dpt11],
  [12, dpt12],
  [13, dpt13],
  [14, dpt14],
  [15, dpt15],
  [16, dpt16],
  [17, dpt17],
  [18, dpt18],
  [19, dpt19],
  [20, dpt20],
  [21, dpt21],
  [22, dpt22],
  [28, dpt28],
  [29, dpt29],
  [213, dpt213],
  [222, dpt222],
  [232, dpt232],
  [235, dpt235],
  [237, dpt237],
  [238, dpt238],
  [242, dpt242],
  [243, dpt243],
  [249, dpt249],
  [250, dpt250],
  [251, dpt251],
  [252, dpt252],
  [253, dpt253],
  [254, dpt254],
  [275, dpt275],
]);

function codecFor(input: DptInput): { dpt: Dpt; codec: MainTypeCodec } {
  const dpt = parseDpt(input);
  const codec = CODECS.get(dpt.main);
  if (codec === undefined) {
    throw new KnxError('invalidDPT', `main type ${dpt.main} has no codec`);
  }
  return { dpt, codec };
}

/** True when {@link decode} and {@link encode} know the DPT's main type. */
export function hasCodec(input: DptInput): boolean {
  try {
    codecFor(input);
    return true;
  } catch {
    return false;
  }
}

/**
 * Decodes the data of a telegram. `bytes` is the payload without the APCI: one byte
 * for the 1-, 2- and 4-bit types (value in the low bits), else the type's full length.
 * The value's shape per main type is listed on {@link DptValue}.
 * Throws `KnxError` `invalidDPT` (unknown DPT) or `invalidPayload` (wrong length or content).
 */
export function decode(input: DptInput, bytes: Uint8Array): DptValue {
  const { dpt, codec } = codecFor(input);
  if (codec.variableLength === true ? bytes.length < codec.bytes : bytes.length !== codec.bytes) {
    badPayload(`DPT ${dpt.main} takes ${codec.bytes} byte(s), got ${bytes.length}`);
  }
  return codec.decode(bytes, dpt.sub);
}

/**
 * Encodes a value for a telegram, the inverse of {@link decode}. `value` should have
 * the {@link DptValue} shape of the main type; it is typed `unknown` because it often
 * comes from outside (JSON), and is checked at run time. A number outside the
 * subtype's range in the catalogue (−300 for 9.001, 101 for 5.001) is refused, as
 * xknx refuses it; decoding stays lenient, since the bus may carry such values.
 * Throws `KnxError` `invalidDPT` or `invalidValue`.
 */
export function encode(input: DptInput, value: unknown): Uint8Array {
  const { dpt, codec } = codecFor(input);
  const range = typeof value === 'number' ? rangeOf(dpt) : undefined;
  if (
    range !== undefined &&
    typeof value === 'number' &&
    !(value >= range[0] && value <= range[1])
  ) {
    badValue(`${formatRange(dpt)} takes ${range[0]} to ${range[1]}, got ${value}`);
  }
  return codec.encode(value, dpt.sub);
}

function formatRange(dpt: Dpt): string {
  return dpt.sub === undefined
    ? `DPT ${dpt.main}`
    : `DPT ${dpt.main}.${String(dpt.sub).padStart(3, '0')}`;
}

function fieldNumber(value: Record<string, unknown>, name: string): number {
  const field = value[name];
  if (typeof field === 'number') return field;
  return typeof field === 'boolean' ? Number(field) : 0;
}

/** Milliseconds since the epoch of a DPT 11 / 19 value, its wall-clock time read as UTC. */
function utcMillis(value: Record<string, unknown>, time: boolean): number {
  const part = (name: string): number => fieldNumber(value, name);
  const clock = time ? [part('hour'), part('minute'), part('second')] : [0, 0, 0];
  return Date.UTC(part('year'), part('month') - 1, part('day'), ...clock);
}

/**
 * The number to chart for a decoded value, or undefined when it has none (strings,
 * unknown DPTs). Booleans give 0/1; DPT 2 its value bit; DPT 3 the step code, negative
 * when decreasing; 10 seconds since midnight; 11 and 19 milliseconds since the epoch
 * (the wall-clock time read as UTC; none for a DPT 19 value flagged no date); 15 the
 * access code; 18 the scene; 232 0xRRGGBB; 235 the energy in Wh (none when invalid);
 * 237 the DALI address; 238.600 the DALI address; other numbers as they are.
 */
export function numericValue(input: DptInput, value: DptValue): number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string')
    return parseDpt(input).main === 4 ? value.charCodeAt(0) : undefined;
  if (!isRecord(value)) return undefined;
  const record: Record<string, unknown> = value;
  const num = (name: string): number => fieldNumber(record, name);
  switch (parseDpt(input).main) {
    case 2:
      return num('value');
    case 3:
      return record.control === true ? num('stepCode') : 0 - num('stepCode');
    case 10:
      return num('hour') * 3600 + num('minute') * 60 + num('second');
    case 11:
      return utcMillis(record, false);
    case 19:
      // A value without a date has no instant to chart.
      return record.noDate === true ? undefined : utcMillis(record, true);
    case 235:
      return typeof record.energy === 'number' ? record.energy : undefined;
    case 15:
      return num('code');
    case 18:
      return num('scene');
    case 232:
      return (num('red') << 16) | (num('green') << 8) | num('blue');
    case 237:
    case 238:
      return num('address');
    default:
      return undefined;
  }
}

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
import type { DateTimeValue } from './dpt-values';

/** Runs the encoder's checks on decoded fields, reporting a failure as `invalidPayload`. */
function checked<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    return badPayload(error instanceof Error ? error.message : 'out of range');
  }
}

function timeFields(value: unknown): [number, number, number, number] {
  const record = toRecord(value, '{ dayOfWeek, hour, minute, second }');
  return [
    toInteger(record.dayOfWeek, 0, 7, 'dayOfWeek'),
    toInteger(record.hour, 0, 23, 'hour'),
    toInteger(record.minute, 0, 59, 'minute'),
    toInteger(record.second, 0, 59, 'second'),
  ];
}

/** DPT 10: time of day, 3 bytes (day of week << 5 | hour, minute, second). */
export const dpt10: MainTypeCodec = {
  bytes: 3,
  decode: (bytes) => {
    const first = at(bytes, 0);
    const value = {
      dayOfWeek: first >> 5,
      hour: first & 0x1f,
      minute: at(bytes, 1) & 0x3f,
      second: at(bytes, 2) & 0x3f,
    };
    checked(() => timeFields(value));
    return value;
  },
  encode: (value) => {
    const [dayOfWeek, hour, minute, second] = timeFields(value);
    return Uint8Array.of((dayOfWeek << 5) | hour, minute, second);
  },
};

function dateFields(value: unknown): [number, number, number] {
  const record = toRecord(value, '{ year, month, day }');
  return [
    toInteger(record.year, 1990, 2089, 'year'),
    toInteger(record.month, 1, 12, 'month'),
    toInteger(record.day, 1, 31, 'day'),
  ];
}

/**
 * DPT 11: date, 3 bytes (day, month, year 0–99 where 90–99 mean 1990–1999 and 0–89
 * 2000–2089). The reserved high bits are ignored; a year byte of 100–127 (0x64–0x7F)
 * is not a date and is refused.
 */
export const dpt11: MainTypeCodec = {
  bytes: 3,
  decode: (bytes) => {
    const short = at(bytes, 2) & 0x7f;
    if (short > 99) badPayload(`DPT 11 year byte must be 0–99, got ${short}`);
    const value = {
      year: short >= 90 ? 1900 + short : 2000 + short,
      month: at(bytes, 1) & 0x0f,
      day: at(bytes, 0) & 0x1f,
    };
    checked(() => dateFields(value));
    return value;
  },
  encode: (value) => {
    const [year, month, day] = dateFields(value);
    return Uint8Array.of(day, month, year % 100);
  },
};

const FLAGS = [
  'fault',
  'workingDay',
  'noWorkingDay',
  'noYear',
  'noDate',
  'noDayOfWeek',
  'noTime',
  'summerTime',
] as const;

/**
 * Checks a DPT 19 value and returns it as written on the bus. A field the flags mark as
 * absent (month and day under `noDate`, `dayOfWeek` under `noDayOfWeek`, the time under
 * `noTime`) carries no meaning: it is not checked and is written, and read, as 0.
 */
function dateTimeFields(value: unknown): DateTimeValue {
  const record = toRecord(value, 'with the DPT 19 fields');
  const flag = (name: string): boolean => toBoolean(record[name], name);
  const noDate = flag('noDate');
  const noTime = flag('noTime');
  const noDayOfWeek = flag('noDayOfWeek');
  const hour = noTime ? 0 : toInteger(record.hour, 0, 24, 'hour');
  const minute = noTime ? 0 : toInteger(record.minute, 0, 59, 'minute');
  const second = noTime ? 0 : toInteger(record.second, 0, 59, 'second');
  if (hour === 24) toInteger(minute + second, 0, 0, 'minute and second at hour 24');
  return {
    year: toInteger(record.year, 1900, 2155, 'year'),
    month: noDate ? 0 : toInteger(record.month, 1, 12, 'month'),
    day: noDate ? 0 : toInteger(record.day, 1, 31, 'day'),
    dayOfWeek: noDayOfWeek ? 0 : toInteger(record.dayOfWeek, 0, 7, 'dayOfWeek'),
    hour,
    minute,
    second,
    fault: flag('fault'),
    workingDay: flag('workingDay'),
    noWorkingDay: flag('noWorkingDay'),
    noYear: flag('noYear'),
    noDate,
    noDayOfWeek,
    noTime,
    summerTime: flag('summerTime'),
    externalSync: flag('externalSync'),
    reliableSource: flag('reliableSource'),
  };
}

/**
 * DPT 19: date and time, 8 bytes: year − 1900, month, day, day of week << 5 | hour,
 * minute, second, flags F WD NWD NY ND NDoW NT SUTI, then CLQ (external sync) and SRC.
 * As the standard asks of receivers, fields flagged absent are ignored whatever the
 * sender left in them (they come back as 0); the fault flag is passed on as it is.
 */
export const dpt19: MainTypeCodec = {
  bytes: 8,
  decode: (bytes) => {
    const flags = at(bytes, 6);
    const quality = at(bytes, 7);
    const named = Object.fromEntries(FLAGS.map((name, index) => [name, isSet(flags, 7 - index)]));
    const value = {
      ...named,
      year: 1900 + at(bytes, 0),
      month: at(bytes, 1) & 0x0f,
      day: at(bytes, 2) & 0x1f,
      dayOfWeek: at(bytes, 3) >> 5,
      hour: at(bytes, 3) & 0x1f,
      minute: at(bytes, 4) & 0x3f,
      second: at(bytes, 5) & 0x3f,
      externalSync: isSet(quality, 7),
      reliableSource: isSet(quality, 6),
    };
    return checked(() => dateTimeFields(value));
  },
  encode: (value) => {
    const fields = dateTimeFields(value);
    const flags = FLAGS.reduce((byte, name, index) => byte | (bit(fields[name]) << (7 - index)), 0);
    return Uint8Array.of(
      fields.year - 1900,
      fields.month,
      fields.day,
      (fields.dayOfWeek << 5) | fields.hour,
      fields.minute,
      fields.second,
      flags,
      (bit(fields.externalSync) << 7) | (bit(fields.reliableSource) << 6),
    );
  },
};

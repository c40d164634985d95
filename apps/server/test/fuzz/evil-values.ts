import { RawJson, type Json } from './json-text';
import type { Rng } from './prng';

export const HUGE_STRING_BYTES = 100 * 1024;

const UNICODE = [
  '\u202Eevil\u202C', // right-to-left override
  '\u200F\u200Eשלום',
  'a\u0000b',
  '\u0000',
  '🏗️👩‍👩‍👧‍👦🇫🇷',
  '\uD800', // lone high surrogate
  'x\uDC00', // lone low surrogate
  'e\u0301\u0301\u0301\u0301',
  '\uFEFF\u200B\u2060',
  '\u2028\u2029',
  'ＡＢＣ１２３',
  '../../../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}%s%n',
  '__proto__',
  ' ',
  '',
];

const NUMBERS: Json[] = [
  -1,
  0,
  -2_147_483_649,
  2 ** 31,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  1.5,
  0.1,
  5e-324,
  new RawJson('-0'),
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('1.0'),
  new RawJson('123456789012345678901234567890'),
  'NaN',
  'Infinity',
  '1e999',
  '-1',
  '0x10',
  ' 1 ',
];

const WRONG_TYPES: Json[] = [42, true, false, null, {}, [], 'text', { a: 1 }, [1, 'x', null]];

export type EvilKind = 'wrongType' | 'hugeString' | 'unicode' | 'number';
export const EVIL_KINDS: readonly EvilKind[] = ['wrongType', 'hugeString', 'unicode', 'number'];

/** A hostile value of the kind asked. */
export function evilValue(kind: EvilKind, rng: Rng): Json {
  switch (kind) {
    case 'wrongType':
      return rng.pick(WRONG_TYPES);
    case 'hugeString':
      // 100 KB, and a long string that still fits a URL's 16 KB of headers.
      return rng.pick([
        'A'.repeat(HUGE_STRING_BYTES),
        '🏗️\u202E'.repeat(HUGE_STRING_BYTES / 10),
        'é'.repeat(1_000),
      ]);
    case 'unicode':
      return rng.pick(UNICODE);
    case 'number':
      return rng.pick(NUMBERS);
  }
}

/** Percent-encodings a URL parser may choke on. */
export const BAD_ENCODINGS = [
  '%',
  '%E0%A4%A',
  '%ZZ',
  '%C0%AF',
  '%00',
  '..%2F..%2F',
  '%2e%2e',
  '%FF%FE',
];

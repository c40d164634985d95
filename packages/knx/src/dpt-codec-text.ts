import { badPayload, badValue, type MainTypeCodec } from './dpt-codec-support';

/** Highest character code of each charset: 4.001 / 16.000 are ASCII, the rest ISO 8859-1. */
function highestCode(main: number, sub: number | undefined): number {
  return (main === 4 && sub === 1) || (main === 16 && sub === 0) ? 0x7f : 0xff;
}

function charsetName(max: number): string {
  return max === 0x7f ? 'ASCII' : 'ISO 8859-1';
}

/** The character codes of `text`, each checked against the charset. */
function toCodes(text: string, max: number): number[] {
  return Array.from(text, (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code > max) badValue(`"${char}" is not an ${charsetName(max)} character`);
    return code;
  });
}

/** DPT 4: one character, a string of length 1 (ASCII for 4.001, ISO 8859-1 otherwise). */
export const dpt4: MainTypeCodec = {
  bytes: 1,
  decode: (bytes, sub) => {
    const code = bytes[0] ?? 0;
    if (code > highestCode(4, sub)) badPayload(`0x${code.toString(16)} is not ASCII`);
    return String.fromCharCode(code);
  },
  encode: (value, sub) => {
    if (typeof value !== 'string' || value.length !== 1) {
      return badValue('DPT 4 value must be a single character');
    }
    return Uint8Array.of(...toCodes(value, highestCode(4, sub)));
  },
};

/** Bytes in a DPT 16 string. */
export const DPT16_LENGTH = 14;

/**
 * DPT 16: a string of at most 14 characters padded with NUL bytes; 16.000 is ASCII
 * and 16.001 ISO 8859-1. Decoding stops at the first NUL and reads bytes as
 * ISO 8859-1 either way (a device's stray accent should not lose the telegram);
 * encoding refuses NUL and characters outside the subtype's charset.
 */
export const dpt16: MainTypeCodec = {
  bytes: DPT16_LENGTH,
  decode: (bytes) => {
    const end = bytes.indexOf(0);
    const used = end === -1 ? bytes : bytes.subarray(0, end);
    return String.fromCharCode(...used);
  },
  encode: (value, sub) => {
    if (typeof value !== 'string') return badValue('DPT 16 value must be a string');
    const codes = toCodes(value, highestCode(16, sub));
    if (codes.length > DPT16_LENGTH) badValue(`DPT 16 holds ${DPT16_LENGTH} characters at most`);
    if (codes.includes(0)) badValue('DPT 16 value may not contain NUL');
    const out = new Uint8Array(DPT16_LENGTH);
    out.set(codes);
    return out;
  },
};

/** Longest DPT 28 text in bytes, NUL included: an extended frame's APDU (254) less the APCI. */
export const DPT28_MAX_BYTES = 252;

/**
 * DPT 28.001: a UTF-8 string of variable length ended by a NUL byte. Decoding stops at
 * the first NUL (a missing NUL is tolerated) and refuses bytes that are not UTF-8;
 * encoding refuses NUL inside the text and texts over {@link DPT28_MAX_BYTES} bytes.
 */
export const dpt28: MainTypeCodec = {
  bytes: 1,
  variableLength: true,
  decode: (bytes) => {
    const end = bytes.indexOf(0);
    const used = end === -1 ? bytes : bytes.subarray(0, end);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(used);
    } catch {
      return badPayload('DPT 28 bytes are not UTF-8');
    }
  },
  encode: (value) => {
    if (typeof value !== 'string') return badValue('DPT 28 value must be a string');
    if (value.includes('\u0000')) badValue('DPT 28 value may not contain NUL');
    if (/\p{Cs}/u.test(value)) badValue('DPT 28 value has a lone surrogate');
    const text = new TextEncoder().encode(value);
    if (text.length + 1 > DPT28_MAX_BYTES) {
      badValue(`DPT 28 holds ${DPT28_MAX_BYTES - 1} bytes of UTF-8 at most`);
    }
    const out = new Uint8Array(text.length + 1);
    out.set(text);
    return out;
  },
};

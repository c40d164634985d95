import { outOfRange, registerAt, swap16 } from './codec-support';

/**
 * STRING registers → text: 2 Latin-1 characters a register, high byte first (low byte first
 * with `swapBytes`); NULs at the end are padding and dropped, NULs inside are kept.
 */
export function decodeString(
  registers: ArrayLike<number>,
  offset: number,
  words: number,
  swapBytes: boolean,
): string {
  let text = '';
  let padding = '';
  for (let i = 0; i < words; i++) {
    const register = registerAt(registers, offset + i);
    const word = swapBytes ? swap16(register) : register;
    for (const code of [word >>> 8, word & 0xff]) {
      if (code === 0) {
        padding += '\0';
      } else {
        text += padding + String.fromCharCode(code);
        padding = '';
      }
    }
  }
  return text;
}

/** Text → STRING registers, NUL-padded to `words`; `outOfRange` when it is too long or not Latin-1. */
export function encodeString(text: string, words: number, swapBytes: boolean): number[] {
  if (text.length > words * 2) {
    throw outOfRange(`${text.length} characters do not fit ${words} registers`);
  }
  const registers: number[] = [];
  for (let i = 0; i < words; i++) {
    const word = (charAt(text, 2 * i) << 8) | charAt(text, 2 * i + 1);
    registers.push(swapBytes ? swap16(word) : word);
  }
  return registers;
}

function charAt(text: string, index: number): number {
  if (index >= text.length) return 0;
  const code = text.charCodeAt(index);
  if (code > 0xff) throw outOfRange(`character ${index} (U+${code.toString(16)}) is not Latin-1`);
  return code;
}

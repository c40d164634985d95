import {
  MODBUS_MAX_WORDS,
  MODBUS_READ_CODE,
  type GatewayModbusMeter,
  type ModbusReadSpec,
} from '@atrium/contracts/modbus';
import { decodeBits, decodeRegisters, wordsFor, type ValueFormat } from '@atrium/modbus/codec';

/** One value of a meter as the gateway polls it. */
export type PolledValue = GatewayModbusMeter['values'][number];
/** Function codes a value is read with (a write code reads back with its read code). */
export type ReadCode = 1 | 2 | 3 | 4;

/** One Modbus request of a poll: `count` registers (FC 3/4) or bits (FC 1/2) from `start`. */
export interface ReadBlock {
  code: ReadCode;
  unitID: number;
  start: number;
  count: number;
  /** The values the answer holds, each at `registerAddress - start`. */
  values: PolledValue[];
}

/** Most bits one FC 1/2 request may ask for (the Modbus limit). */
const MAX_BITS = 2000;

const isBitCode = (code: ReadCode) => code === 1 || code === 2;

/** How the codec reads a value's registers. */
export const formatOf = (v: ModbusReadSpec): ValueFormat => ({
  dataType: v.dataType,
  wordLength: v.wordLength,
  swapBytes: v.swapBytes,
  swapWords: v.swapWords,
  scaleFactor: v.scaleFactor,
});

/** Registers (FC 3/4) or bits (FC 1/2, one each) a value takes. */
export function sizeOf(v: ModbusReadSpec): number {
  return isBitCode(MODBUS_READ_CODE[v.functionCode]) ? 1 : wordsFor(formatOf(v));
}

/**
 * The requests one poll of `values` takes: values of the same read code and unit whose
 * registers touch or overlap share one request (within the Modbus size limit); the others
 * are read on their own.
 */
export function planReads(values: readonly PolledValue[]): ReadBlock[] {
  const sorted = [...values].sort(
    (a, b) =>
      MODBUS_READ_CODE[a.functionCode] - MODBUS_READ_CODE[b.functionCode] ||
      a.unitID - b.unitID ||
      a.registerAddress - b.registerAddress,
  );
  const blocks: ReadBlock[] = [];
  for (const v of sorted) {
    const code = MODBUS_READ_CODE[v.functionCode];
    const end = v.registerAddress + sizeOf(v);
    const last = blocks.at(-1);
    const max = isBitCode(code) ? MAX_BITS : MODBUS_MAX_WORDS;
    if (
      last &&
      last.code === code &&
      last.unitID === v.unitID &&
      v.registerAddress <= last.start + last.count &&
      Math.max(end, last.start + last.count) - last.start <= max
    ) {
      last.count = Math.max(end, last.start + last.count) - last.start;
      last.values.push(v);
    } else {
      blocks.push({
        code,
        unitID: v.unitID,
        start: v.registerAddress,
        count: end - v.registerAddress,
        values: [v],
      });
    }
  }
  return blocks;
}

/** What one request brought back: register values, or the packed bytes of bits. */
export type RawAnswer = { registers: number[] } | { bitBytes: Buffer };

/** The value `v` in a block's answer: a number (bits as 0/1), or a string for STRING. */
export function decodeValue(block: ReadBlock, answer: RawAnswer, v: PolledValue): number | string {
  const offset = v.registerAddress - block.start;
  if ('bitBytes' in answer) return decodeBits(answer.bitBytes, offset + 1)[offset] ?? 0;
  return decodeRegisters(answer.registers, formatOf(v), offset);
}

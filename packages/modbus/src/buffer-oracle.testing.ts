/**
 * Node's Buffer as an independent oracle of the four byte orders: it writes and reads the
 * 4 bytes with its own BE/LE readers and writers (DCBA through the *LE ones), and the
 * registers are then cut out of those bytes, so none of the codec's arithmetic is reused.
 */
import type { DataType } from './codec';

export type NumericType = Exclude<DataType, 'STRING'>;
export type OrderName = 'ABCD' | 'BADC' | 'CDAB' | 'DCBA';

export const ORDERS: readonly { name: OrderName; swapBytes: boolean; swapWords: boolean }[] = [
  { name: 'ABCD', swapBytes: false, swapWords: false },
  { name: 'BADC', swapBytes: true, swapWords: false },
  { name: 'CDAB', swapBytes: false, swapWords: true },
  { name: 'DCBA', swapBytes: true, swapWords: true },
];

export const NUMERIC_TYPES: readonly NumericType[] = [
  'INT16',
  'UINT16',
  'INT32',
  'UINT32',
  'FLOAT32',
];

/** Raw value range of each type (FLOAT32: the finite float32 range). */
export const RANGES: Readonly<Record<NumericType, readonly [number, number]>> = {
  INT16: [-0x8000, 0x7fff],
  UINT16: [0, 0xffff],
  INT32: [-0x80000000, 0x7fffffff],
  UINT32: [0, 0xffffffff],
  FLOAT32: [-3.4028234663852886e38, 3.4028234663852886e38],
};

function write(buf: Buffer, type: NumericType, raw: number, littleEndian: boolean): void {
  switch (type) {
    case 'INT16':
      return void (littleEndian ? buf.writeInt16LE(raw) : buf.writeInt16BE(raw));
    case 'UINT16':
      return void (littleEndian ? buf.writeUInt16LE(raw) : buf.writeUInt16BE(raw));
    case 'INT32':
      return void (littleEndian ? buf.writeInt32LE(raw) : buf.writeInt32BE(raw));
    case 'UINT32':
      return void (littleEndian ? buf.writeUInt32LE(raw) : buf.writeUInt32BE(raw));
    case 'FLOAT32':
      return void (littleEndian ? buf.writeFloatLE(raw) : buf.writeFloatBE(raw));
  }
}

function read(buf: Buffer, type: NumericType, littleEndian: boolean): number {
  switch (type) {
    case 'INT16':
      return littleEndian ? buf.readInt16LE() : buf.readInt16BE();
    case 'UINT16':
      return littleEndian ? buf.readUInt16LE() : buf.readUInt16BE();
    case 'INT32':
      return littleEndian ? buf.readInt32LE() : buf.readInt32BE();
    case 'UINT32':
      return littleEndian ? buf.readUInt32LE() : buf.readUInt32BE();
    case 'FLOAT32':
      return littleEndian ? buf.readFloatLE() : buf.readFloatBE();
  }
}

const is16 = (type: NumericType): boolean => type === 'INT16' || type === 'UINT16';

/** The registers holding the unscaled `raw` in `order`, as Buffer writes it. */
export function oracleRegisters(type: NumericType, raw: number, order: OrderName): number[] {
  const buf = Buffer.alloc(4);
  if (is16(type)) {
    write(buf, type, raw, order === 'BADC' || order === 'DCBA');
    return [buf.readUInt16BE(0)];
  }
  if (order === 'DCBA') {
    write(buf, type, raw, true);
    return [buf.readUInt16BE(0), buf.readUInt16BE(2)];
  }
  write(buf, type, raw, false);
  if (order === 'BADC') return [buf.readUInt16LE(0), buf.readUInt16LE(2)];
  if (order === 'CDAB') return [buf.readUInt16BE(2), buf.readUInt16BE(0)];
  return [buf.readUInt16BE(0), buf.readUInt16BE(2)];
}

/** The unscaled value Buffer reads from `registers` in `order`. */
export function oracleValue(type: NumericType, registers: number[], order: OrderName): number {
  const [first = 0, second = 0] = registers;
  const buf = Buffer.alloc(4);
  if (is16(type)) {
    buf.writeUInt16BE(first);
    return read(buf, type, order === 'BADC' || order === 'DCBA');
  }
  if (order === 'DCBA') {
    buf.writeUInt16BE(first, 0);
    buf.writeUInt16BE(second, 2);
    return read(buf, type, true);
  }
  if (order === 'BADC') {
    buf.writeUInt16LE(first, 0);
    buf.writeUInt16LE(second, 2);
  } else if (order === 'CDAB') {
    buf.writeUInt16BE(second, 0);
    buf.writeUInt16BE(first, 2);
  } else {
    buf.writeUInt16BE(first, 0);
    buf.writeUInt16BE(second, 2);
  }
  return read(buf, type, false);
}

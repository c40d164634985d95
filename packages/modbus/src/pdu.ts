import { decodeBits } from './codec';
import { ModbusCodecError } from './errors';

/**
 * Modbus PDUs of function codes 1-6 (function code + data, without the MBAP header of
 * Modbus/TCP or the address and CRC of RTU). Every malformed request or reply throws
 * `ModbusCodecError('badPdu')`.
 */

/** Most coils or discrete inputs one FC 1/2 request reads. */
export const MAX_READ_BITS = 2000;
/** Most registers one FC 3/4 request reads. */
export const MAX_READ_REGISTERS = 125;

/** A request: read (1 coils, 2 discrete inputs, 3 holding, 4 input registers) or write (5, 6). */
export type ModbusRequest =
  | { functionCode: 1 | 2 | 3 | 4; address: number; quantity: number }
  | { functionCode: 5; address: number; value: boolean }
  | { functionCode: 6; address: number; value: number };

export type ModbusFunctionCode = ModbusRequest['functionCode'];

/** A decoded reply; `exception` carries the Modbus exception code (2: illegal data address…). */
export type ModbusResponse =
  | { kind: 'registers'; registers: number[] }
  | { kind: 'bits'; bits: number[] }
  | { kind: 'written'; address: number; value: boolean | number }
  | { kind: 'exception'; code: number };

const COIL_ON = 0xff00;
const COIL_OFF = 0x0000;

function badPdu(detail: string): ModbusCodecError {
  return new ModbusCodecError('badPdu', detail);
}

function checkWord(name: string, value: number, min = 0, max = 0xffff): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badPdu(`${name} ${value}: not an integer ${min}..${max}`);
  }
}

/** The 5-byte PDU of a request; `badPdu` for an unknown code or a field out of its range. */
export function encodeRequest(request: ModbusRequest): Uint8Array {
  const pdu = new Uint8Array(5);
  const view = new DataView(pdu.buffer);
  checkWord('address', request.address);
  pdu[0] = request.functionCode;
  view.setUint16(1, request.address);
  switch (request.functionCode) {
    case 1:
    case 2:
    case 3:
    case 4: {
      const max = request.functionCode <= 2 ? MAX_READ_BITS : MAX_READ_REGISTERS;
      checkWord('quantity', request.quantity, 1, max);
      if (request.address + request.quantity > 0x10000) {
        throw badPdu(`${request.quantity} from ${request.address} go past address 65535`);
      }
      view.setUint16(3, request.quantity);
      return pdu;
    }
    case 5:
      if (typeof request.value !== 'boolean') throw badPdu('FC 5 value is not a boolean');
      view.setUint16(3, request.value ? COIL_ON : COIL_OFF);
      return pdu;
    case 6:
      checkWord('value', request.value);
      view.setUint16(3, request.value);
      return pdu;
    default: {
      // Unreachable for typed callers; a plain-JS caller may still pass another code.
      const unknownRequest: unknown = request;
      throw badPdu(`request ${JSON.stringify(unknownRequest)}`);
    }
  }
}

/**
 * Decodes the reply PDU to a request of `functionCode`. With `quantity` (what was asked), a
 * read reply must carry exactly that many bits or registers and is trimmed to them; without
 * it, FC 1/2 give every bit of the reply's bytes (padding included).
 */
export function decodeResponse(
  functionCode: ModbusFunctionCode,
  pdu: Uint8Array,
  quantity?: number,
): ModbusResponse {
  if (!Number.isInteger(functionCode) || functionCode < 1 || functionCode > 6) {
    throw badPdu(`function code ${functionCode}`);
  }
  const replyCode = pdu[0];
  if (replyCode === (functionCode | 0x80)) {
    if (pdu.length !== 2) throw badPdu(`exception reply of ${pdu.length} bytes`);
    return { kind: 'exception', code: pdu[1] ?? 0 };
  }
  if (replyCode !== functionCode) {
    throw badPdu(`reply to function ${functionCode} has code ${String(replyCode)}`);
  }
  if (functionCode === 5 || functionCode === 6) return decodeWritten(functionCode, pdu);
  const byteCount = pdu[1] ?? 0;
  if (byteCount === 0 || pdu.length !== 2 + byteCount) {
    throw badPdu(`byte count ${byteCount} in a reply of ${pdu.length} bytes`);
  }
  const data = pdu.subarray(2);
  return functionCode <= 2 ? readBits(data, quantity) : readRegisters(data, quantity);
}

function readBits(data: Uint8Array, quantity: number | undefined): ModbusResponse {
  if (quantity !== undefined) {
    checkWord('quantity', quantity, 1, MAX_READ_BITS);
    if (data.length !== Math.ceil(quantity / 8)) {
      throw badPdu(`${data.length} bytes for ${quantity} bits`);
    }
  } else if (data.length > MAX_READ_BITS / 8) {
    throw badPdu(`${data.length} bytes of bits`);
  }
  return { kind: 'bits', bits: decodeBits(data, quantity ?? data.length * 8) };
}

function readRegisters(data: Uint8Array, quantity: number | undefined): ModbusResponse {
  if (data.length % 2 !== 0 || data.length > MAX_READ_REGISTERS * 2) {
    throw badPdu(`${data.length} bytes of registers`);
  }
  if (quantity !== undefined && data.length !== quantity * 2) {
    throw badPdu(`${data.length / 2} registers for ${quantity} asked`);
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const registers = new Array<number>(data.length / 2);
  for (let i = 0; i < registers.length; i++) registers[i] = view.getUint16(2 * i);
  return { kind: 'registers', registers };
}

function decodeWritten(functionCode: 5 | 6, pdu: Uint8Array): ModbusResponse {
  if (pdu.length !== 5) throw badPdu(`FC ${functionCode} reply of ${pdu.length} bytes`);
  const view = new DataView(pdu.buffer, pdu.byteOffset, pdu.byteLength);
  const address = view.getUint16(1);
  const value = view.getUint16(3);
  if (functionCode === 6) return { kind: 'written', address, value };
  if (value !== COIL_ON && value !== COIL_OFF) throw badPdu(`FC 5 value 0x${value.toString(16)}`);
  return { kind: 'written', address, value: value === COIL_ON };
}

import {
  MODBUS_READ_CODE,
  type ModbusReadArgs,
  type ModbusReadResult,
} from '@atrium/contracts/modbus';
import { decodeBits } from '@atrium/modbus/codec';
import { MeterConnection, failureOf } from './modbus-connection';
import { decodeValue, sizeOf, type ReadBlock } from './modbus-plan';

/**
 * The live test (`modbus.read`): one connection, one request, the decoded value with the raw
 * registers (bits as 0/1 for FC 1/2), or why it failed. Takes at most about twice `timeoutMs`
 * (connect, then read), inside the cloud's command timeout.
 */
export async function readModbusValue(
  args: ModbusReadArgs,
  timeoutMs: number,
  /** Holds the connection while the read runs, so that stopping the gateway can close it. */
  open?: Set<MeterConnection>,
): Promise<ModbusReadResult> {
  const connection = new MeterConnection({ host: args.ip, port: args.port, timeoutMs });
  open?.add(connection);
  const value = { ...args, id: 'live' };
  const block: ReadBlock = {
    code: MODBUS_READ_CODE[args.functionCode],
    unitID: args.unitID,
    start: args.registerAddress,
    count: sizeOf(args),
    values: [value],
  };
  try {
    await connection.connect();
    const answer = await connection.read(block.code, block.unitID, block.start, block.count);
    const decoded = decodeValue(block, answer, value);
    // NaN or ±Infinity cannot be shown (nor sent as JSON): the registers make no number.
    if (typeof decoded === 'number' && !Number.isFinite(decoded)) {
      return { error: 'decode', t: Date.now() };
    }
    const registers =
      'registers' in answer ? answer.registers : decodeBits(answer.bitBytes, block.count);
    return { value: decoded, registers, t: Date.now() };
  } catch (e) {
    return { error: failureOf(e), t: Date.now() };
  } finally {
    connection.close();
    open?.delete(connection);
  }
}

/**
 * The PDU layer and the codec against a real, independent Modbus/TCP server (modbus-serial's
 * ServerTCP on a loopback port), spoken to over a raw socket with hand-made MBAP headers.
 */
import type { IServiceVector } from 'modbus-serial';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRegisters, encodeValue, type ValueFormat } from './codec';
import { MbapClient, startServer, type RunningServer } from './mbap.testing';
import { decodeResponse, encodeRequest, type ModbusRequest } from './pdu';

const UNIT = 7;

/** Values laid out in the holding registers, each with its format. */
const HOLDING_VALUES: [ValueFormat, number | string][] = [
  [{ dataType: 'FLOAT32' }, 123456],
  [{ dataType: 'FLOAT32', swapWords: true }, 123456],
  [{ dataType: 'FLOAT32', swapBytes: true }, 123456],
  [{ dataType: 'FLOAT32', swapBytes: true, swapWords: true }, 123456],
  [{ dataType: 'INT16', scaleFactor: 0.1 }, -21.5],
  [{ dataType: 'UINT16', swapBytes: true }, 0xabcd],
  [{ dataType: 'INT32', swapWords: true }, -123456789],
  [{ dataType: 'UINT32', scaleFactor: 0.001 }, 4000000.123],
  [{ dataType: 'STRING', wordLength: 5 }, 'Atrium'],
];
const holding = HOLDING_VALUES.flatMap(([format, value]) => encodeValue(value, format));
const input = [0x0001, 0xfffe, 0x8000, 0x7fff];
const coils = [1, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1];
const discrete = [0, 1, 1, 0, 1];

function illegalAddress(address: number): Error {
  return Object.assign(new Error(`no register ${address}`), { modbusErrorCode: 0x02 });
}

function within<T>(table: T[], address: number): T {
  const value = table[address];
  if (value === undefined) throw illegalAddress(address);
  return value;
}

const vector: IServiceVector = {
  getHoldingRegister: (address: number) => within(holding, address),
  getInputRegister: (address: number) => within(input, address),
  getCoil: (address: number) => within(coils, address) === 1,
  getDiscreteInput: (address: number) => within(discrete, address) === 1,
  setRegister: (address: number, value: number) => {
    within(holding, address);
    holding[address] = value;
  },
  setCoil: (address: number, value: boolean) => {
    within(coils, address);
    coils[address] = value ? 1 : 0;
  },
};

let server: RunningServer;
let client: MbapClient;

beforeAll(async () => {
  server = await startServer(vector, UNIT);
  client = await MbapClient.connect(server.port);
});

afterAll(async () => {
  client?.close();
  await server?.close();
});

const ask = async (request: ModbusRequest, quantity?: number) =>
  decodeResponse(
    request.functionCode,
    await client.request(UNIT, encodeRequest(request)),
    quantity,
  );

describe('against modbus-serial ServerTCP', () => {
  it('FC 3 reads the holding registers, which decode to each value in its order', async () => {
    const reply = await ask(
      { functionCode: 3, address: 0, quantity: holding.length },
      holding.length,
    );
    expect(reply).toEqual({ kind: 'registers', registers: holding });
    if (reply.kind !== 'registers') return;
    let offset = 0;
    for (const [format, value] of HOLDING_VALUES) {
      expect(decodeRegisters(reply.registers, format, offset)).toBe(value);
      offset +=
        format.dataType === 'STRING'
          ? (format.wordLength ?? 0)
          : format.dataType.endsWith('16')
            ? 1
            : 2;
    }
    expect(offset).toBe(holding.length);
  });

  it('FC 4 reads input registers from an address', async () => {
    const reply = await ask({ functionCode: 4, address: 1, quantity: 3 }, 3);
    expect(reply).toEqual({ kind: 'registers', registers: [0xfffe, 0x8000, 0x7fff] });
    if (reply.kind !== 'registers') return;
    expect(decodeRegisters(reply.registers, { dataType: 'INT16' }, 1)).toBe(-32768);
  });

  it('FC 1 and 2 read bits, least significant first, padding trimmed', async () => {
    expect(
      await ask({ functionCode: 1, address: 0, quantity: coils.length }, coils.length),
    ).toEqual({
      kind: 'bits',
      bits: coils,
    });
    expect(await ask({ functionCode: 2, address: 1, quantity: 4 }, 4)).toEqual({
      kind: 'bits',
      bits: [1, 1, 0, 1],
    });
  });

  it('FC 5 writes a coil and FC 1 reads it back', async () => {
    expect(await ask({ functionCode: 5, address: 1, value: true })).toEqual({
      kind: 'written',
      address: 1,
      value: true,
    });
    expect(coils[1]).toBe(1);
    expect(await ask({ functionCode: 1, address: 0, quantity: 3 }, 3)).toEqual({
      kind: 'bits',
      bits: [1, 1, 1],
    });
    await ask({ functionCode: 5, address: 1, value: false });
    expect(coils[1]).toBe(0);
  });

  it('FC 6 writes an encoded register and FC 3 reads it back', async () => {
    const format: ValueFormat = { dataType: 'INT16', scaleFactor: 0.1 };
    const [register = -1] = encodeValue(-3276.8, format);
    expect(await ask({ functionCode: 6, address: 8, value: register })).toEqual({
      kind: 'written',
      address: 8,
      value: 0x8000,
    });
    const reply = await ask({ functionCode: 3, address: 8, quantity: 1 }, 1);
    expect(reply.kind === 'registers' && decodeRegisters(reply.registers, format)).toBe(-3276.8);
  });

  it('an address the server does not have gives exception 2 (illegal data address)', async () => {
    expect(await ask({ functionCode: 3, address: 1000, quantity: 2 })).toEqual({
      kind: 'exception',
      code: 2,
    });
    expect(await ask({ functionCode: 4, address: 2, quantity: 3 })).toEqual({
      kind: 'exception',
      code: 2,
    });
    expect(await ask({ functionCode: 6, address: 500, value: 1 })).toEqual({
      kind: 'exception',
      code: 2,
    });
  });
});

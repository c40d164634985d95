import { Server } from 'node:net';
import { ServerTCP, type IServiceVector } from 'modbus-serial';
import {
  METER_REGISTER_COUNT,
  firstReading,
  meterRegisters,
  nextReading,
  type MeterReading,
} from './energy-meter-registers';

/** The unit id the meter answers as; another one gets exception 11 (as a Modbus gateway does). */
export const METER_UNIT_ID = 1;
/** Coil 0: the load relay (closed, 1). Discrete input 0: the tariff input (off, 0). */
const COILS = [true];
const DISCRETE_INPUTS = [false];

export interface EnergyMeterOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to listen on (loopback by default). */
  host?: string;
  serial?: string;
  /** Test hooks: the clock the energy is counted with, and the noise of the values. */
  now?: () => number;
  random?: () => number;
}

/** A running simulated meter. */
export interface EnergyMeter {
  host: string;
  port: number;
  /** What the registers hold now (tests compare the decoded values with it). */
  reading(): MeterReading;
  close(): Promise<void>;
}

/** A Modbus exception answer: modbus-serial's server sends `modbusErrorCode` to the client. */
const exception = (code: number) =>
  Object.assign(new Error(`exception ${code}`), { modbusErrorCode: code });
const ILLEGAL_DATA_ADDRESS = 2;
const TARGET_NOT_RESPONDING = 11;

/**
 * A Modbus TCP energy meter (modbus-serial's ServerTCP) whose registers move like a real one's:
 * voltage about 230 V, a load drifting between 300 and 3,300 W, an energy counter that grows
 * with it, 50 Hz and a serial number. Map in docs/gateway-protocol.md.
 */
export async function startEnergyMeter(o: EnergyMeterOptions): Promise<EnergyMeter> {
  const now = o.now ?? Date.now;
  const random = o.random ?? Math.random;
  let state = firstReading(o.serial ?? 'ATR-EM-0001');
  let measuredAt = now();
  const reading = () => {
    const t = now();
    if (t !== measuredAt) state = nextReading(state, t - measuredAt, random);
    measuredAt = t;
    return state;
  };
  const registers = (address: number, length: number, unitID: number) => {
    if (unitID !== METER_UNIT_ID) throw exception(TARGET_NOT_RESPONDING);
    if (length < 1 || address + length > METER_REGISTER_COUNT)
      throw exception(ILLEGAL_DATA_ADDRESS);
    return meterRegisters(reading()).slice(address, address + length);
  };
  const bit = (bits: boolean[]) => (address: number, unitID: number) => {
    if (unitID !== METER_UNIT_ID) throw exception(TARGET_NOT_RESPONDING);
    const value = bits[address];
    if (value === undefined) throw exception(ILLEGAL_DATA_ADDRESS);
    return value;
  };
  // One register is read through get…Register, several through getMultiple…: both from the
  // same snapshot so a FLOAT32 never mixes two measurements.
  const single = (address: number, unitID: number) => registers(address, 1, unitID)[0] ?? 0;
  const vector: IServiceVector = {
    getHoldingRegister: single,
    getInputRegister: single,
    getMultipleHoldingRegisters: registers,
    getMultipleInputRegisters: registers,
    getCoil: bit(COILS),
    getDiscreteInput: bit(DISCRETE_INPUTS),
  };
  const host = o.host ?? '127.0.0.1';
  // ServerTCP reads port 0 as Modbus's 502: a free port is picked first (again if taken meanwhile).
  let server: ServerTCP | undefined;
  let port = o.port;
  for (let attempt = 0; !server; attempt++) {
    port = o.port === 0 ? await freePort(host) : o.port;
    server = await listen(vector, host, port).catch((err: unknown) => {
      if (o.port !== 0 || attempt >= 4) throw err;
      return undefined;
    });
  }
  const running = server;
  return {
    host,
    port,
    reading,
    close: () => new Promise<void>((resolve) => running.close(() => resolve())),
  };
}

/** A port nobody listens on now, from the system (listen on 0, read it, close). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = new Server();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = address && typeof address === 'object' ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** modbus-serial's Modbus TCP server on host:port, once it listens. */
function listen(vector: IServiceVector, host: string, port: number): Promise<ServerTCP> {
  // unitID 255: every unit id reaches the vector, which answers the others with exception 11.
  const server = new ServerTCP(vector, { host, port, unitID: 255 });
  server.on('error', () => {}); // a client's broken socket must not stop the meter
  server.on('socketError', () => {});
  return new Promise((resolve, reject) => {
    server.on('initialized', () => resolve(server));
    server.on('serverError', reject);
  });
}

import ModbusRTU from 'modbus-serial';
import { MODBUS_EXCEPTIONS, type ModbusReadError } from '@atrium/contracts/modbus';
import { isModbusCodecError } from '@atrium/modbus/codec';
import type { RawAnswer, ReadCode } from './modbus-plan';

/** A failed connect or read, by the reason a live read reports (MODBUS_READ_ERRORS). */
export class ModbusFailure extends Error {
  constructor(readonly reason: ModbusReadError) {
    super(reason);
    this.name = 'ModbusFailure';
  }
}

/** Socket errors that mean there is no (more) TCP connection to the meter. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNABORTED',
]);

const field = (e: unknown, name: string): unknown =>
  typeof e === 'object' && e !== null ? Reflect.get(e, name) : undefined;

/**
 * Why a connect or read failed: modbus-serial rejects an exception answer with `modbusCode`,
 * a request left unanswered with errno ETIMEDOUT, a closed port with errno ECONNREFUSED.
 */
export function failureOf(e: unknown): ModbusReadError {
  if (e instanceof ModbusFailure) return e.reason;
  const exceptionCode = field(e, 'modbusCode');
  if (typeof exceptionCode === 'number') return MODBUS_EXCEPTIONS[exceptionCode] ?? 'deviceFailure';
  if (isModbusCodecError(e)) return 'decode';
  const code = field(e, 'errno') ?? field(e, 'code');
  if (code === 'ETIMEDOUT') return 'timeout';
  if (typeof code === 'string' && UNREACHABLE.has(code)) return 'unreachable';
  return 'decode'; // an answer modbus-serial could not make sense of
}

/** Where a meter listens, and how long a connect or a request may take. */
export interface MeterAddress {
  host: string;
  port: number;
  timeoutMs: number;
}

/**
 * One Modbus TCP connection to a meter (modbus-serial). Every connect and read settles within
 * the timeout, and at once when the connection is closed, so a silent meter never holds up
 * its caller for longer than that.
 */
export class MeterConnection {
  private client: ModbusRTU | undefined;
  private readonly waiting = new Set<(e: Error) => void>();

  constructor(private readonly address: MeterAddress) {}

  /** Whether the TCP connection is up (it drops when the meter closes it). */
  get open(): boolean {
    return this.client?.isOpen === true;
  }

  /** Connects (again); rejects with `unreachable` when no TCP connection is made in time. */
  async connect(): Promise<void> {
    this.close();
    const client = new ModbusRTU();
    this.client = client;
    client.setTimeout(this.address.timeoutMs);
    client.on('error', () => {}); // reported through the pending promise
    client.on('close', () => {
      if (this.client === client) this.close();
    });
    try {
      await this.settle(client.connectTCP(this.address.host, { port: this.address.port }));
    } catch {
      // Refused, no route, or no answer to the SYN in time: no TCP connection either way.
      if (this.client === client) this.close();
      throw new ModbusFailure('unreachable');
    }
  }

  /** One request; a bit read gives the packed bytes, a register read the register values. */
  async read(code: ReadCode, unitID: number, start: number, count: number): Promise<RawAnswer> {
    const client = this.client;
    if (!client?.isOpen) throw new ModbusFailure('unreachable');
    client.setID(unitID);
    switch (code) {
      case 1:
        return { bitBytes: (await this.settle(client.readCoils(start, count))).buffer };
      case 2:
        return { bitBytes: (await this.settle(client.readDiscreteInputs(start, count))).buffer };
      case 3:
        return { registers: (await this.settle(client.readHoldingRegisters(start, count))).data };
      case 4:
        return { registers: (await this.settle(client.readInputRegisters(start, count))).data };
    }
  }

  /** Drops the connection; what is pending fails with `unreachable`. */
  close() {
    const client = this.client;
    this.client = undefined;
    client?.destroy(() => {});
    for (const fail of [...this.waiting]) fail(new ModbusFailure('unreachable'));
  }

  /** `p`, or `timeout` once the timeout passed, or `unreachable` once closed. */
  private settle<T>(p: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(fail);
      };
      const fail = (e: Error) => {
        done();
        reject(e);
      };
      // modbus-serial times a request out itself; this also covers a connect left hanging.
      const timer = setTimeout(
        () => fail(new ModbusFailure('timeout')),
        this.address.timeoutMs + 50,
      );
      this.waiting.add(fail);
      p.then(
        (value) => {
          done();
          resolve(value);
        },
        // modbus-serial's timeout and port errors are not Error instances: classified here.
        (e: unknown) => fail(e instanceof Error ? e : new ModbusFailure(failureOf(e))),
      );
    });
  }
}

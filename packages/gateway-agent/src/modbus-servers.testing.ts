import { createServer, type Server, type Socket } from 'node:net';
import { ModbusTCPServer } from 'jsmodbus';

/** A loopback TCP server the tests can count connections of and close for good. */
export interface TestServer {
  port: number;
  /** Requests answered (or, for the silent one, received). */
  requests: number;
  /** Open connections now. */
  connections(): Promise<number>;
  /** Cuts every connection (the meter drops) but keeps listening. */
  drop(): void;
  close(): Promise<void>;
}

async function listen(server: Server, sockets: Set<Socket>): Promise<number> {
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('error', () => {});
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function testServer(server: Server, sockets: Set<Socket>, port: number, counter: { n: number }) {
  const result: TestServer = {
    port,
    get requests() {
      return counter.n;
    },
    connections: () =>
      new Promise((resolve, reject) =>
        server.getConnections((e, n) => (e ? reject(e) : resolve(n))),
      ),
    drop: () => sockets.forEach((s) => s.destroy()),
    close: () => {
      result.drop();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return result;
}

/** An independent Modbus TCP server (jsmodbus) holding the given tables (2 bytes a register). */
export async function startJsmodbusMeter(tables: {
  holding?: Buffer;
  input?: Buffer;
  coils?: Buffer;
  discrete?: Buffer;
}): Promise<TestServer> {
  const net = createServer();
  const sockets = new Set<Socket>();
  const empty = () => Buffer.alloc(256);
  const modbus = new ModbusTCPServer(net, {
    holding: tables.holding ?? empty(),
    input: tables.input ?? empty(),
    coils: tables.coils ?? empty(),
    discrete: tables.discrete ?? empty(),
  });
  const counter = { n: 0 };
  const count = () => counter.n++;
  modbus.on('preReadHoldingRegisters', count);
  modbus.on('preReadInputRegisters', count);
  modbus.on('preReadCoils', count);
  modbus.on('preReadDiscreteInputs', count);
  const port = await listen(net, sockets);
  return testServer(net, sockets, port, counter);
}

/**
 * A hand-written Modbus TCP responder: `answer` gets each request's PDU (function code first)
 * and returns the reply PDU, or null to stay silent (a meter that never answers).
 */
export async function startRawMeter(answer: (pdu: Buffer) => Buffer | null): Promise<TestServer> {
  const counter = { n: 0 };
  const net = createServer((socket) => {
    let pending = Buffer.alloc(0);
    socket.on('data', (data) => {
      pending = Buffer.concat([pending, data]);
      while (pending.length >= 7 && pending.length >= 6 + pending.readUInt16BE(4)) {
        const frame = pending.subarray(0, 6 + pending.readUInt16BE(4));
        pending = pending.subarray(frame.length);
        counter.n++;
        const reply = answer(frame.subarray(7));
        if (!reply) continue;
        const head = Buffer.alloc(7);
        head.writeUInt16BE(frame.readUInt16BE(0), 0); // transaction id
        head.writeUInt16BE(reply.length + 1, 4);
        head.writeUInt8(frame.readUInt8(6), 6); // unit id
        socket.write(Buffer.concat([head, reply]));
      }
    });
  });
  const sockets = new Set<Socket>();
  const port = await listen(net, sockets);
  return testServer(net, sockets, port, counter);
}

/** A meter that accepts connections and never answers. */
export const startSilentMeter = () => startRawMeter(() => null);

/** A meter answering every request with the Modbus exception `code`. */
export const startExceptionMeter = (code: number) =>
  startRawMeter((pdu) => Buffer.from([(pdu[0] ?? 0) | 0x80, code]));

/** A loopback port nothing listens on (connections are refused). */
export async function refusedPort(): Promise<number> {
  const net = createServer();
  const port = await listen(net, new Set());
  await new Promise<void>((resolve) => net.close(() => resolve()));
  return port;
}

/** Registers (16-bit values) as jsmodbus's table: 2 bytes each, big-endian. */
export function table(size: number, words: Record<number, number[]>): Buffer {
  const b = Buffer.alloc(size * 2);
  for (const [at, values] of Object.entries(words)) {
    values.forEach((w, i) => b.writeUInt16BE(w, (Number(at) + i) * 2));
  }
  return b;
}

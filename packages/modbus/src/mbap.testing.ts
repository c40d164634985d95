/**
 * Test helpers for the PDU layer against a real Modbus/TCP server: modbus-serial's ServerTCP
 * on a loopback port, and a raw `net` client that wraps PDUs in MBAP headers itself.
 */
import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';
import { ServerTCP, type IServiceVector } from 'modbus-serial';

const HOST = '127.0.0.1';
const MBAP_BYTES = 7;

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, HOST);
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Starts a ServerTCP on a free loopback port (it takes no port 0: `port || 502`), retrying
 * when another process took the port in between.
 */
export async function startServer(vector: IServiceVector, unitID: number): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = new ServerTCP(vector, { host: HOST, port, unitID });
    const started = await new Promise<Error | null>((resolve) => {
      server.on('initialized', () => resolve(null));
      server.on('serverError', (error) => resolve(error ?? new Error('serverError')));
    });
    if (started === null) {
      return {
        port,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    }
    if (attempt === 5) throw started;
  }
}

/** A Modbus/TCP client on a raw socket: one request at a time, MBAP framing by hand. */
export class MbapClient {
  private received = Buffer.alloc(0);
  private transactionId = 0;
  private waiting: (() => void) | undefined;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiting?.();
    });
  }

  static async connect(port: number): Promise<MbapClient> {
    const socket = connect(port, HOST);
    await once(socket, 'connect');
    return new MbapClient(socket);
  }

  /** Sends `pdu` to `unitId` and resolves with the reply's PDU, checking its MBAP header. */
  async request(unitId: number, pdu: Uint8Array, timeoutMs = 2000): Promise<Uint8Array> {
    const id = (this.transactionId = (this.transactionId + 1) & 0xffff);
    const frame = Buffer.alloc(MBAP_BYTES + pdu.length);
    frame.writeUInt16BE(id, 0);
    frame.writeUInt16BE(0, 2); // protocol: Modbus
    frame.writeUInt16BE(pdu.length + 1, 4); // unit id + PDU
    frame.writeUInt8(unitId, 6);
    frame.set(pdu, MBAP_BYTES);
    this.socket.write(frame);
    const reply = await this.nextFrame(timeoutMs);
    if (reply.readUInt16BE(0) !== id) throw new Error(`transaction ${reply.readUInt16BE(0)}`);
    if (reply.readUInt16BE(2) !== 0) throw new Error('protocol is not Modbus');
    if (reply.readUInt8(6) !== unitId) throw new Error(`reply from unit ${reply.readUInt8(6)}`);
    return Uint8Array.from(reply.subarray(MBAP_BYTES));
  }

  private async nextFrame(timeoutMs: number): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.received.length >= MBAP_BYTES - 1) {
        const total = 6 + this.received.readUInt16BE(4);
        if (this.received.length >= total) {
          const frame = this.received.subarray(0, total);
          this.received = this.received.subarray(total);
          return frame;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no reply');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

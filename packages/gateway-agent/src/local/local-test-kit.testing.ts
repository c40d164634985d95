import { connect, type Socket } from 'node:net';
import type { GatewaySnapshot } from './gateway-page';
import { listenOnLoopback, type LocalService } from './http-kit';
import { KnxNetIpTcpServer, type KnxTcpServerOptions } from './knxnetip-tcp';

/** Test helpers of the local services: a device, started services, raw KNXnet/IP sockets. */

/** A device as the agent would describe it. */
export const snapshotFixture = (over: Partial<GatewaySnapshot> = {}): GatewaySnapshot => ({
  type: 'kloudnx',
  mac: 'a1b2c3d4e5f6',
  version: '3.2.1',
  ip: '192.168.10.22',
  protect: false,
  uptimeSeconds: 93_784,
  ...over,
});

/** Starts services on loopback and closes them all with `closeAll` (call it in afterEach). */
export function serviceTracker() {
  const started: LocalService[] = [];
  return {
    async start<T extends LocalService>(service: T): Promise<{ service: T; port: number }> {
      started.push(service);
      return { service, port: await listenOnLoopback(service.server) };
    },
    closeAll: () => Promise.all(started.splice(0).map((s) => s.close())),
  };
}

/** Every link target of a page (href, src, action) that is not an absolute path. */
export const nonAbsoluteLinks = (html: string) =>
  [...html.matchAll(/\b(?:href|src|action)="([^"]*)"/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !target.startsWith('/') || target.startsWith('//'));

/** Resolves with the first value `check` returns that is not undefined, polling every 10 ms. */
export async function eventually<T>(check: () => T | undefined, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resolves once `condition` holds, polling every 10 ms. */
export const until = (condition: () => boolean, ms?: number) =>
  eventually(() => (condition() ? true : undefined), ms);

/** A KNXnet/IP server started by `tracker`, recording each group write as [ga, hex, short]. */
export async function recordingKnxServer(
  tracker: ReturnType<typeof serviceTracker>,
  options: KnxTcpServerOptions = {},
) {
  const writes: [string, string, boolean][] = [];
  const onGroupWrite = (ga: string, data: Buffer, short: boolean) =>
    writes.push([ga, data.toString('hex'), short]);
  const { service, port } = await tracker.start(
    new KnxNetIpTcpServer({ onGroupWrite, ...options }),
  );
  return { server: service, port, writes };
}

/** A raw TCP client of the KNXnet/IP server, reading whole frames as hex. */
export interface RawKnxClient {
  socket: Socket;
  /** The next frame the server sent, as hex; `closed` once the socket is closed and read. */
  next(): Promise<string>;
  send(hex: string): void;
  /** Resolves when the server has closed the socket. */
  closed: Promise<void>;
}

/** Connects to the server; frames are cut by their header's length, independently of ours. */
export async function rawKnxClient(port: number): Promise<RawKnxClient> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let pending = Buffer.alloc(0);
  const frames: string[] = [];
  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 6 && pending.length >= pending.readUInt16BE(4)) {
      frames.push(pending.subarray(0, pending.readUInt16BE(4)).toString('hex'));
      pending = pending.subarray(pending.readUInt16BE(4));
    }
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  let isClosed = false;
  void closed.then(() => (isClosed = true));
  return {
    socket,
    closed,
    send: (hex) => void socket.write(Buffer.from(hex.replace(/\s/g, ''), 'hex')),
    next: () => eventually(() => frames.shift() ?? (isClosed ? 'closed' : undefined)),
  };
}

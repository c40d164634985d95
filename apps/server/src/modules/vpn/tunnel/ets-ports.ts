import { createServer, type Server, type Socket } from 'node:net';
import { pipeline } from 'node:stream';
import type { Tunnel } from './tunnel-server';

/** ETS_PORTS: the TCP ports this node may open for ETS connections. */
export interface PortRange {
  from: number;
  to: number;
}

/** ETS tools connected through one port at once, at most. */
const MAX_CONNECTIONS_PER_PORT = 8;

/**
 * ETS connections (decision 0017): a TCP port of the configured range per session, each
 * connection to it piped through the gateway's tunnel to its KNXnet/IP TCP endpoint (3671).
 * The port closes with the session or its tunnel.
 */
export class EtsPorts {
  private readonly open = new Map<string, { server: Server; port: number; sockets: Set<Socket> }>();

  constructor(
    private readonly range: PortRange,
    private readonly tunnel: (mac: string) => Tunnel | undefined,
  ) {}

  /** The session's port, opening one (IPv4 only, or dual-stack for `ipv6`); null when none is free. */
  async listen(sessionId: string, mac: string, ipv6: boolean): Promise<number | null> {
    const existing = this.open.get(sessionId);
    if (existing) return existing.port;
    const used = new Set([...this.open.values()].map((o) => o.port));
    for (let port = this.range.from; port <= this.range.to; port++) {
      if (used.has(port)) continue;
      const sockets = new Set<Socket>();
      const server = createServer((socket) => this.serve(mac, socket, sockets));
      server.maxConnections = MAX_CONNECTIONS_PER_PORT;
      if (await tryListen(server, port, ipv6 ? '::' : '0.0.0.0')) {
        this.open.set(sessionId, { server, port, sockets });
        return port;
      }
    }
    return null;
  }

  portOf(sessionId: string): number | undefined {
    return this.open.get(sessionId)?.port;
  }

  sessions(): string[] {
    return [...this.open.keys()];
  }

  /** Closes the session's port and every connection through it. */
  close(sessionId: string) {
    const entry = this.open.get(sessionId);
    if (!entry) return;
    this.open.delete(sessionId);
    entry.sockets.forEach((s) => s.destroy());
    entry.server.close();
  }

  closeAll() {
    [...this.open.keys()].forEach((id) => this.close(id));
  }

  private serve(mac: string, socket: Socket, sockets: Set<Socket>) {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const tunnel = this.tunnel(mac);
    if (!tunnel) return socket.destroy();
    socket.pause();
    tunnel
      .open('knx', { ip: socket.remoteAddress ?? '0.0.0.0', port: socket.remotePort ?? 0 })
      .then(
        (channel) => {
          pipeline(socket, channel, () => socket.destroy());
          pipeline(channel, socket, () => channel.destroy());
          socket.resume();
        },
        () => socket.destroy(),
      );
  }
}

function tryListen(server: Server, port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen({ port, host, ipv6Only: false }, () => resolve(true));
  });
}

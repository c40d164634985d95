import { request } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { createServer, connect, type AddressInfo, type Server } from 'node:net';
import type { ServiceTargets } from '@atrium/gateway-agent/tunnel-client';
import { GatewayAgent } from '@atrium/gateway-agent/agent';
import { MqttLink } from '@atrium/gateway-agent/mqtt-link';
import { isGatewayType } from '../src/lib/tenancy/stored-values';
import { newId } from '../src/lib/ids';
import { modulesOf } from './test-server';

/** A gateway agent on the broker whose tunnel forwards `targets`. */
export function startTunnelAgent(
  broker: string,
  gw: { mac: string; secret: string; type?: string; version?: string | null },
  targets: ServiceTargets,
) {
  const link = new MqttLink({
    url: broker,
    mac: gw.mac,
    secret: gw.secret,
    minBackoffMs: 200,
    maxBackoffMs: 1_000,
  });
  const agent = new GatewayAgent({
    mac: gw.mac,
    type: isGatewayType(gw.type) ? gw.type : 'kloudnx',
    version: gw.version ?? '8.5.0',
    link,
    timing: { infoEveryMs: 60_000 },
    tunnel: { secret: gw.secret, targets: async () => targets },
  });
  agent.start();
  return agent;
}

/** A TCP server answering every byte it gets with the same byte (a stand-in service). */
export async function echoServer(): Promise<{ port: number; server: Server }> {
  const server = createServer((s) => s.pipe(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { port: (server.address() as AddressInfo).port, server };
}

/** GET through the server with the Host header of a proxy URL (its `*.localhost` host). */
export function proxyGet(
  serverPort: number,
  url: string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: serverPort,
        path: u.pathname + u.search,
        headers: { host: u.host },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Sends `text` to a TCP port and resolves with what comes back first (or rejects). */
export function tcpRoundTrip(port: number, text: string, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host }, () => socket.write(text));
    socket.once('data', (d) => {
      resolve(d.toString('utf8'));
      socket.destroy();
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('closed')));
    socket.setTimeout(5_000, () => socket.destroy(new Error('timeout')));
  });
}

/**
 * A live session opened straight in the database, for a client that is not the console
 * (OpenSSH, a second node, the permissions matrix). Returns its id.
 */
export async function openSessionRow(
  app: FastifyInstance,
  gw: { id: string; mac: string; project_id: string | null },
  by: { id: string; team: string },
  lengthMs = 3_600_000,
) {
  const id = newId();
  const now = Date.now();
  await modulesOf(app).vpn.repo.open({
    id,
    gateway_id: gw.id,
    mac: gw.mac,
    project_id: gw.project_id,
    team_id: by.team,
    opened_by: by.id,
    opened_at: now,
    until: now + lengthMs,
  });
  return id;
}

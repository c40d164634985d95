import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isListening } from './mosquitto';
import { freePort } from './postgres-cluster';
import { stopChild } from './stop-child';

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** What a balancer's front end forwards: a node's port, with PROXY protocol v1 or v2. */
export interface HaproxyRoute {
  to: number;
  proxyProtocol: 'v1' | 'v2';
}

export interface Haproxy {
  /** The balancer's port for each route, in their order. */
  ports: number[];
  stop(): Promise<void>;
}

/**
 * Debian's HAProxy in TCP mode on loopback ports, one front end per route, each sending the
 * node a PROXY protocol header (`send-proxy` or `send-proxy-v2`) as a balancer in front of
 * several nodes would (decision 0069).
 */
export async function startHaproxy(routes: HaproxyRoute[]): Promise<Haproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-haproxy-'));
  const ports: number[] = [];
  while (ports.length < routes.length) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const config = [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode tcp',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    ...routes.flatMap((r, i) => [
      `listen route${i}`,
      `  bind 127.0.0.1:${ports[i]}`,
      `  server node 127.0.0.1:${r.to} ${r.proxyProtocol === 'v1' ? 'send-proxy' : 'send-proxy-v2'}`,
    ]),
    '',
  ].join('\n');
  writeFileSync(join(dir, 'haproxy.cfg'), config);
  // -db: in the foreground, so stopping the child stops the balancer.
  const child = spawn(HAPROXY, ['-db', '-f', join(dir, 'haproxy.cfg')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  for (const port of ports) {
    for (let i = 0; !(await isListening(port)); i++) {
      if (child.exitCode !== null || i === 100) {
        child.kill('SIGKILL');
        throw new Error(`haproxy did not start: ${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    ports,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Processes of the tunnel benchmark (bench/tunnel.bench.ts), started by running this file:
 * - the server: bench/hub-server.ts as is, in a process started with --expose-gc that, asked
 *   over IPC, runs a full garbage collection and answers its memory (so that what sessions
 *   hold is told from garbage not yet collected);
 * - the gateway side, in a process of its own so that the server's RSS and CPU are the
 *   server's alone: the gateways' local services, shared by all of them (an HTTP
 *   "configuration page": `/big` a 10 MiB download, `/small` a 2 KiB page, `/stream` an endless
 *   response of a line a second; and a TCP echo standing for the KNXnet/IP endpoint), then one
 *   gateway agent per bench gateway (bench/hub-server.ts seeds them) whose ssh2 tunnel forwards
 *   those two services. It prints `FLEET_READY {json}` (the services' ports) once every agent
 *   is on the broker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { GatewayAgent } from '@atrium/gateway-agent/agent';
import { MqttLink } from '@atrium/gateway-agent/mqtt-link';
import type { ServiceTargets } from '@atrium/gateway-agent/tunnel-client';
import { benchGateway, hubReady, type HubReady } from './hub-processes';
import { envNumber, nodeFlags, profileFlags } from './knobs';

export const BIG_BYTES = 10 * 2 ** 20;
export const SMALL_BYTES = 2 * 2 ** 10;
/** One line of the endless `/stream` response every this many ms. */
export const STREAM_EVERY_MS = 1_000;

export const fleetReady = z.object({ pagePort: z.number(), echoPort: z.number() });
export type FleetReady = z.infer<typeof fleetReady>;

const ROLE = 'TUNNEL_BENCH_ROLE';
/** TUNNEL_BENCH_PROFILE=DIR writes a V8 CPU profile of the server and of the fleet to DIR. */
const PROFILE = profileFlags('TUNNEL_BENCH_PROFILE');
/** TUNNEL_BENCH_SERVER_ARGS: more Node flags for the server (e.g. `--trace-gc`, its lines on stderr). */
const SERVER_FLAGS = nodeFlags('TUNNEL_BENCH_SERVER_ARGS');

/** Runs this file in a new process; resolves with it and its ready line's JSON. */
function startRole(
  role: 'server' | 'fleet',
  env: Record<string, string>,
  prefix: string,
  flags: string[] = [],
): Promise<{ child: ChildProcess; json: unknown }> {
  const child = spawn(
    process.execPath,
    [...PROFILE, ...flags, '--import', 'tsx', import.meta.filename],
    {
      env: { ...process.env, ...env, [ROLE]: role },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`tunnel bench ${role} exited with ${code}`)));
    createInterface({ input: child.stdout ?? process.stdin }).on('line', (line) => {
      if (line.startsWith(prefix)) resolve({ child, json: JSON.parse(line.slice(prefix.length)) });
      else if (SERVER_FLAGS.length && role === 'server') console.error(line);
    });
  });
}

/** Starts bench/hub-server.ts with `env` (DATA_DIR, PORT…) in a process that answers `serverMemory`. */
export async function startTunnelServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; ready: HubReady }> {
  const { child, json } = await startRole('server', env, 'HUB_READY ', [
    '--expose-gc',
    ...SERVER_FLAGS,
  ]);
  return { child, ready: hubReady.parse(json) };
}

const memory = z.object({
  rss: z.number(),
  heapUsed: z.number(),
  external: z.number(),
  arrayBuffers: z.number(),
});
export type ServerMemory = z.infer<typeof memory>;

/** The server's memory (bytes) right after a full garbage collection. */
export function serverMemory(child: ChildProcess): Promise<ServerMemory> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(memory.parse(m)));
    child.send('memory');
  });
}

/** Starts the gateway side: `count` bench gateways on `broker`; resolves on FLEET_READY. */
export async function startGatewayFleet(
  broker: string,
  count: number,
): Promise<{ child: ChildProcess; ready: FleetReady }> {
  const { child, json } = await startRole(
    'fleet',
    { TUNNEL_FLEET_BROKER: broker, TUNNEL_FLEET_COUNT: String(count) },
    'FLEET_READY ',
  );
  return { child, ready: fleetReady.parse(json) };
}

/** The page every gateway serves (the same server for all: only the tunnels differ). */
function pageServer() {
  const big = randomBytes(BIG_BYTES); // random: nothing on the way may shrink it
  const small = Buffer.from(`<!doctype html><p>${'x'.repeat(SMALL_BYTES)}`).subarray(
    0,
    SMALL_BYTES,
  );
  const stream = (res: ServerResponse) => {
    res.writeHead(200, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    let n = 0;
    const tick = () => res.write(`line ${n++} ${Date.now()}\n`);
    tick();
    const timer = setInterval(tick, STREAM_EVERY_MS);
    res.once('close', () => clearInterval(timer));
  };
  return createServer((req, res) => {
    if (req.url === '/stream') return stream(res);
    const body = req.url === '/big' ? big : small;
    res.writeHead(200, {
      'content-type': req.url === '/big' ? 'application/octet-stream' : 'text/html',
      'content-length': body.length,
    });
    res.end(body);
  });
}

/** A simulated gateway (kloudnx 8.5.0) on the broker whose tunnel forwards `targets`. */
function tunnelAgent(broker: string, i: number, targets: ServiceTargets) {
  const { mac, secret } = benchGateway(i);
  const link = new MqttLink({ url: broker, mac, secret, minBackoffMs: 200, maxBackoffMs: 1_000 });
  const agent = new GatewayAgent({
    mac,
    type: 'kloudnx',
    version: '8.5.0',
    link,
    timing: { infoEveryMs: 60_000 },
    tunnel: { secret, targets: async () => targets },
  });
  agent.start();
  return agent;
}

async function runFleet(broker: string, count: number) {
  const page = pageServer();
  const echo = createTcpServer((socket) => socket.on('error', () => socket.destroy()).pipe(socket));
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', () => r()));
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', () => r()));
  const targets = {
    config: { host: '127.0.0.1', port: (page.address() as AddressInfo).port },
    knx: { host: '127.0.0.1', port: (echo.address() as AddressInfo).port },
  };
  const agents = Array.from({ length: count }, (_, i) => tunnelAgent(broker, i, targets));
  const stop = () => void Promise.all(agents.map((a) => a.stop())).finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  while (agents.some((a) => !a.link.connected)) await new Promise((r) => setTimeout(r, 100));
  const ready: FleetReady = { pagePort: targets.config.port, echoPort: targets.knx.port };
  console.log(`FLEET_READY ${JSON.stringify(ready)}`);
}

/** The server role: full GC and memory on request, then bench/hub-server.ts as it is. */
async function runServer() {
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (m) => {
    if (m !== 'memory') return;
    gc?.();
    process.send?.(process.memoryUsage());
  });
  await import('./hub-server');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.env[ROLE] === 'server') await runServer();
  else
    await runFleet(
      process.env.TUNNEL_FLEET_BROKER ?? 'mqtt://127.0.0.1:1883',
      envNumber('TUNNEL_FLEET_COUNT', 1),
    );
}

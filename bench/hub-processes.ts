/**
 * Processes of the hub benchmark and fault test: the hub server (bench/hub-server.ts)
 * and simulator fleets (apps/gateway-sim), each a real child process on loopback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { nodeFlags, profileFlags } from './knobs';

const ROOT = resolve(import.meta.dirname, '..');
/** The server runs as `npm start` does (apps/server/package.json), plus HUB_BENCH_SERVER_ARGS. */
const SERVER_FLAGS = nodeFlags('HUB_BENCH_SERVER_ARGS');
/** HUB_BENCH_PROFILE=DIR writes a V8 CPU profile of every child process to DIR. */
const PROFILE = profileFlags('HUB_BENCH_PROFILE');

/** The i-th seeded gateway: MAC and device secret (bench/hub-server.ts seeds them). */
export const benchGateway = (i: number) => {
  const mac = (0x0a0000000000 + i).toString(16).padStart(12, '0');
  return { mac, secret: `secret-${mac}` };
};

export const hubReady = z.object({
  port: z.number(),
  mqttPort: z.number(),
  token: z.string(),
  projects: z.array(z.string()),
  credentials: z.string(),
  /** The alert engine once seeded: projects with rules, thresholds indexed, open alerts. */
  alerts: z.object({ projects: z.number(), thresholds: z.number(), open: z.number() }).optional(),
});
export type HubReady = z.infer<typeof hubReady>;

/** Starts the hub server and resolves with its HUB_READY line. */
export function startHubServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; ready: HubReady }> {
  const child = spawn(
    process.execPath,
    [...PROFILE, ...SERVER_FLAGS, '--import', 'tsx', join(ROOT, 'bench/hub-server.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((res, reject) => {
    child.once('exit', (code) => reject(new Error(`hub server exited with ${code}`)));
    createInterface({ input: child.stdout ?? process.stdin }).on('line', (line) => {
      if (line.startsWith('HUB_READY '))
        res({ child, ready: hubReady.parse(JSON.parse(line.slice(10))) });
      // Every other line with HUB_BENCH_DIAG (e.g. --trace-gc); the server's errors (pino
      // level 50 and up) always.
      else if (process.env.HUB_BENCH_DIAG) console.error(line);
      else if (/^\{"level":[5-6]0,/.test(line)) console.error(`hub server: ${line.slice(0, 600)}`);
    });
  });
}

/** Starts `npm run sim`'s entry with these arguments; `onLine` gets its output, line by line. */
export function startSim(args: string[], onLine?: (line: string) => void): ChildProcess {
  const child = spawn(
    process.execPath,
    [...PROFILE, '--import', 'tsx', join(ROOT, 'apps/gateway-sim/src/main.ts'), ...args],
    {
      cwd: ROOT,
      stdio: ['ignore', onLine ? 'pipe' : 'ignore', 'inherit'],
    },
  );
  if (onLine && child.stdout) createInterface({ input: child.stdout }).on('line', onLine);
  return child;
}

/** Resolves when the process has exited (kill it first). */
export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

const stats = z.looseObject({ connected: z.number(), accepted: z.record(z.string(), z.number()) });

/** The hub's counters, read as the admin. */
export async function hubStats(port: number, token: string) {
  const ask = () =>
    fetch(`http://127.0.0.1:${port}/api/hub/stats`, {
      headers: { authorization: `Bearer ${token}` },
    });
  // Once more on a reset: a kept-alive connection the busy server closed meanwhile.
  const res = await ask().catch(ask);
  return stats.parse(await res.json());
}

/** Waits until `count` gateways are connected; resolves with the seconds it took (or rejects). */
export async function waitOnline(port: number, token: string, count: number, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const s = await hubStats(port, token).catch(() => undefined);
    if (s && s.connected >= count) return (Date.now() - started) / 1000;
    if (s && process.env.HUB_PROGRESS) console.log(`online: ${s.connected}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`fewer than ${count} gateways online after ${timeoutMs / 1000} s`);
}

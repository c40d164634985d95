/**
 * Consoles benchmark (issue 21, point 2): BENCH_CONSOLES console sockets (1,000) over
 * BENCH_PROJECTS projects (consoles / 5, so 200), each signed in as its own member of its
 * project, watching while a fleet of BENCH_GATEWAYS simulated gateways (10,000, spread over
 * the projects; info every 5 s, BENCH_TELEGRAM_RATE telegrams/s each, 2) runs; meanwhile GET
 * /api/project at BENCH_HTTP_RATE requests/s (1,000) with those members' session tokens.
 * Real processes on loopback: the server (bench/consoles-server.ts), the simulators
 * (apps/gateway-sim, light link), the console sockets (bench/consoles-clients.ts,
 * BENCH_CONSOLE_PROCS processes) and the HTTP load (bench/consoles-http.ts, open loop: evenly
 * spaced requests, each timed from its due time).
 * Targets: telegram (created on the gateway, `t`) → event on the consoles of its project p99
 * ≤ 200 ms; projects list p99 ≤ 30 ms at the asked rate during the load. Beside the push delay
 * it prints its first part, telegram → taken by the hub (timed in the server process).
 * Knobs: BENCH_BROKER (embedded | mosquitto; both when unset), BENCH_DB (sqlite | postgres),
 * BENCH_SECONDS (60), BENCH_CONNECT_RATE (gateway connections/s, 1,000), BENCH_SIMS
 * (gateways / 5,000, at least 1), BENCH_HTTP_CONNECTIONS (50), BENCH_PROFILE=DIR (a V8 CPU
 * profile of the server).
 * Run alone: `node --import tsx bench/consoles.bench.ts`; small: `BENCH_GATEWAYS=500
 * BENCH_CONSOLES=100 BENCH_SECONDS=20 npm run bench -- consoles`.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import {
  brokersOfRun,
  cpuOfRunning,
  databaseOfRun,
  quantile,
  startFleet,
  startStack,
  stopChild,
  usage,
  type Broker,
} from './cold-start-stack';
import { hubStats, waitOnline } from './hub-processes';
import { envNumber, profileFlags } from './knobs';
import { machineCpu } from './machine-cpu';

const GATEWAYS = envNumber('BENCH_GATEWAYS', 10_000);
const CONSOLES = envNumber('BENCH_CONSOLES', 1_000);
const PROJECTS = envNumber('BENCH_PROJECTS', Math.max(1, Math.round(CONSOLES / 5)));
const SECONDS = envNumber('BENCH_SECONDS', 60);
const TELEGRAM_RATE = envNumber('BENCH_TELEGRAM_RATE', 2);
const HTTP_RATE = envNumber('BENCH_HTTP_RATE', 1_000);
const HTTP_CONNECTIONS = envNumber('BENCH_HTTP_CONNECTIONS', 50);
const CONNECT_RATE = envNumber('BENCH_CONNECT_RATE', 1_000);
const SIMS = envNumber('BENCH_SIMS', Math.max(1, Math.ceil(GATEWAYS / 5_000)));
const CONSOLE_PROCS = envNumber('BENCH_CONSOLE_PROCS', Math.max(1, Math.ceil(CONSOLES / 500)));
const TARGETS = { pushP99Ms: 200, listP99Ms: 30 };
const ROOT = join(import.meta.dirname, '..');

const ready = z.object({
  port: z.number(),
  token: z.string(),
  credentials: z.string(),
  consoles: z.string(),
});
const clientsReady = z.object({
  ready: z.literal(true),
  connected: z.number(),
  joined: z.number(),
  refused: z.number(),
});
const clientsReport = z.object({
  buckets: z.array(z.tuple([z.number(), z.number()])),
  heard: z.number(),
  lost: z.number(),
  loopP99Ms: z.number(),
  cpuPercent: z.number(),
  connectedNow: z.number(),
});
const httpResult = z.object({
  requests: z.number(),
  perSecond: z.number(),
  drainMs: z.number(),
  p50: z.number(),
  p99: z.number(),
  max: z.number(),
  serviceP50: z.number(),
  serviceP99: z.number(),
  non2xx: z.number(),
  errors: z.number(),
  cpuPercent: z.number(),
  loopP99Ms: z.number(),
});

const serverFigures = z.object({
  elapsed: z.array(z.number()),
  taken: z.array(z.tuple([z.number(), z.number()])),
  loopP99Ms: z.number(),
});

/** Delays counted in 1 ms buckets ([ms, count]), merged: their quantiles, count and max. */
function histogram(buckets: readonly (readonly [number, number])[]) {
  const counts = new Map<number, number>();
  for (const [ms, n] of buckets) counts.set(ms, (counts.get(ms) ?? 0) + n);
  const delays = [...counts.entries()].sort((a, b) => a[0] - b[0]);
  const count = delays.reduce((n, [, c]) => n + c, 0);
  return {
    count,
    max: delays.at(-1)?.[0] ?? NaN,
    at(q: number) {
      let seen = 0;
      for (const [ms, n] of delays) if ((seen += n) > q * (count - 1)) return ms;
      return NaN;
    },
  };
}

/** The next IPC message of a child, parsed. */
const nextMessage = <T>(child: ChildProcess, schema: z.ZodType<T>, timeoutMs: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer from a child process')), timeoutMs);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve(schema.parse(m));
    });
  });

function startServer(env: Record<string, string>) {
  const child = fork(join(import.meta.dirname, 'consoles-server.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx', ...profileFlags('BENCH_PROFILE')],
    env: {
      ...process.env,
      ...env,
      BENCH_GATEWAYS: String(GATEWAYS),
      BENCH_PROJECTS: String(PROJECTS),
      BENCH_USERS_PER_PROJECT: String(Math.ceil(CONSOLES / PROJECTS)),
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise<{ child: ChildProcess; info: z.infer<typeof ready> }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`consoles server exited with ${code}`)));
    createInterface({ input: child.stdout ?? process.stdin }).on('line', (line) => {
      if (line.startsWith('CONSOLES_READY '))
        resolve({ child, info: ready.parse(JSON.parse(line.slice('CONSOLES_READY '.length))) });
      else if (/^\{"level":[5-6]0,/.test(line)) console.error(`server: ${line.slice(0, 600)}`);
    });
  });
}

/** The HTTP load process: resolves with its result once it has run. */
function runHttpLoad(port: number, consoles: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, 'consoles-http.ts'),
      ...[String(port), consoles, String(HTTP_RATE), String(SECONDS), String(HTTP_CONNECTIONS)],
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const result = new Promise<z.infer<typeof httpResult>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`HTTP load exited with ${code}`)));
    createInterface({ input: child.stdout ?? process.stdin }).on('line', (line) => {
      if (line.startsWith('HTTP_RESULT '))
        resolve(httpResult.parse(JSON.parse(line.slice('HTTP_RESULT '.length))));
    });
  });
  return { child, result };
}

interface Figures {
  name: string;
  online: number;
  onlineSeconds: number;
  connected: number;
  joined: number;
  heard: number;
  lost: number;
  received: number;
  pushP50: number;
  pushP99: number;
  pushMax: number;
  /** Telegram (created on the gateway) → taken by the hub, the live view's event (ms). */
  takenP50: number;
  takenP99: number;
  http: z.infer<typeof httpResult>;
  serverListP50: number;
  serverListP99: number;
  /** The server's main thread: event-loop delay p99 over the load (ms). */
  serverLoopP99Ms: number;
  telegramsPerSecond: number;
  serverCpuPercent: number;
  serverRssMiB: number;
  clientLoopP99Ms: number;
  clientCpuPercent: number;
  /** The simulators' CPU over the load, % of one core. */
  simsCpuPercent: number;
  /** The whole machine's busy CPU over the load, % of one core (so up to cores × 100). */
  machineBusyPercent: number;
  machineCores: number;
}

async function measure(broker: Broker): Promise<Figures> {
  const db = databaseOfRun();
  const name = `${broker === 'embedded' ? 'embedded aedes' : 'mosquitto'}, ${db}`;
  const dir = mkdtempSync(join(tmpdir(), 'atrium-consoles-bench-'));
  const children: ChildProcess[] = [];
  const stack = await startStack(dir, broker, db, GATEWAYS);
  try {
    const server = await startServer(stack.env);
    children.push(server.child);
    const { port, token } = server.info;
    const sims = startFleet({
      dir,
      credentials: server.info.credentials,
      url: stack.gatewayUrl,
      gateways: GATEWAYS,
      sims: SIMS,
      connectRate: CONNECT_RATE,
      telegramRate: TELEGRAM_RATE,
    });
    children.push(...sims);
    const onlineSeconds = await waitOnline(port, token, GATEWAYS, 120_000).catch(() => Infinity);
    const online = (await hubStats(port, token)).connected;
    console.log(`${name}: ${online} of ${GATEWAYS} gateways online after ${onlineSeconds} s`);

    // The console sockets, in their own processes.
    const share = Math.ceil(CONSOLES / CONSOLE_PROCS);
    const clients = Array.from({ length: CONSOLE_PROCS }, (_, i) =>
      fork(
        join(import.meta.dirname, 'consoles-clients.ts'),
        [String(port), server.info.consoles, String(i * share), String((i + 1) * share)],
        {
          cwd: ROOT,
          execArgv: ['--import', 'tsx'],
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        },
      ),
    ).filter((_, i) => i * share < CONSOLES);
    children.push(...clients);
    const joins = await Promise.all(clients.map((c) => nextMessage(c, clientsReady, 120_000)));
    const connected = joins.reduce((n, j) => n + j.connected, 0);
    const joined = joins.reduce((n, j) => n + j.joined, 0);
    console.log(`${name}: ${connected} console sockets connected, ${joined} joined their project`);
    await new Promise((r) => setTimeout(r, 3_000)); // let the join burst settle

    // The steady window: pushes counted, projects list under load, server CPU and RSS.
    for (const c of clients) c.send('reset');
    const pid = server.child.pid ?? 0;
    const [u0, s0, t0] = [usage(pid), await hubStats(port, token), Date.now()];
    const [sims0, machine0] = [cpuOfRunning(sims), machineCpu()];
    await new Promise<void>((r) => server.child.once('message', () => r()).send('elapsed'));
    const http = runHttpLoad(port, server.info.consoles);
    children.push(http.child);
    let rss = u0.rss;
    const sampler = setInterval(() => (rss = Math.max(rss, usage(pid).rss)), 1_000);
    const load = await http.result;
    clearInterval(sampler);
    const [u1, s1, wall] = [usage(pid), await hubStats(port, token), (Date.now() - t0) / 1000];
    const [sims1, machine1] = [cpuOfRunning(sims), machineCpu()];
    const reports = await Promise.all(
      clients.map((c) => {
        const answer = nextMessage(c, clientsReport, 30_000);
        c.send('report');
        return answer;
      }),
    );
    const inServer = await new Promise<z.infer<typeof serverFigures>>((resolve) => {
      server.child.once('message', (m) => resolve(serverFigures.parse(m)));
      server.child.send('elapsed');
    });
    const serverTimes = inServer.elapsed;
    for (const c of clients) c.send('close');

    const push = histogram(reports.flatMap((r) => r.buckets));
    const transit = histogram(inServer.taken);
    const sortedServer = serverTimes.sort((a, b) => a - b);
    return {
      name,
      online,
      onlineSeconds,
      connected,
      joined,
      heard: reports.reduce((n, r) => n + r.heard, 0),
      lost: reports.reduce((n, r) => n + r.lost, 0),
      received: push.count,
      pushP50: push.at(0.5),
      pushP99: push.at(0.99),
      pushMax: push.max,
      takenP50: transit.at(0.5),
      takenP99: transit.at(0.99),
      http: load,
      serverListP50: quantile(sortedServer, 0.5),
      serverListP99: quantile(sortedServer, 0.99),
      serverLoopP99Ms: inServer.loopP99Ms,
      telegramsPerSecond:
        ((s1.accepted.telegrams ?? 0) - (s0.accepted.telegrams ?? 0)) / Math.max(wall, 1),
      serverCpuPercent: ((u1.cpu - u0.cpu) / wall) * 100,
      serverRssMiB: rss,
      clientLoopP99Ms: Math.max(...reports.map((r) => r.loopP99Ms)),
      clientCpuPercent: reports.reduce((n, r) => n + r.cpuPercent, 0),
      simsCpuPercent: ((sims1 - sims0) / wall) * 100,
      machineBusyPercent: ((machine1.busy - machine0.busy) / wall) * 100,
      machineCores: machine1.cores,
    };
  } finally {
    for (const c of children.reverse()) await stopChild(c);
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** Prints every figure beside its goal; true when all goals are met. */
function print(f: Figures): boolean {
  const pushMet = f.received > 0 && f.pushP99 <= TARGETS.pushP99Ms;
  const listMet =
    f.http.p99 <= TARGETS.listP99Ms &&
    f.http.perSecond >= HTTP_RATE * 0.95 &&
    f.http.non2xx + f.http.errors === 0;
  const allWatching = f.joined === CONSOLES && f.heard === CONSOLES;
  console.log(`\n${f.name}: ${GATEWAYS} gateways, ${CONSOLES} consoles over ${PROJECTS} projects`);
  console.log('| figure | measured | goal | |');
  console.log('|---|---|---|---|');
  const row = (what: string, measured: string, goal: string, ok?: boolean) =>
    console.log(`| ${what} | ${measured} | ${goal} | ${ok === undefined ? '' : verdict(ok)} |`);
  row('gateways online', `${f.online} in ${f.onlineSeconds.toFixed(1)} s`, `${GATEWAYS}`);
  row(
    'telegrams accepted',
    `${f.telegramsPerSecond.toFixed(0)}/s`,
    `${GATEWAYS * TELEGRAM_RATE}/s`,
  );
  row(
    'consoles joined / receiving',
    `${f.joined} / ${f.heard}`,
    `${CONSOLES} / ${CONSOLES}`,
    allWatching,
  );
  row(
    'console disconnections during the load',
    `${f.lost}`,
    '0 (a console past SOCKET_BACKLOG_* is closed and reconnects)',
    f.lost === 0,
  );
  row(
    'telegram → console p50 / p99 (max)',
    `${f.pushP50} / ${f.pushP99} ms (${f.pushMax}) over ${f.received} deliveries`,
    `p99 ≤ ${TARGETS.pushP99Ms} ms`,
    pushMet,
  );
  row(
    'of which: telegram → taken by the server p50 / p99',
    `${f.takenP50} / ${f.takenP99} ms`,
    '(the rest: the console window, the writes, the console processes)',
  );
  row(
    'projects list rate',
    `${f.http.perSecond.toFixed(0)} req/s while asked (${f.http.non2xx} non-2xx, ${f.http.errors} errors), the rest ${(f.http.drainMs / 1000).toFixed(1)} s after`,
    `${HTTP_RATE} req/s`,
  );
  const ms = (v: number) => v.toFixed(1);
  row(
    "projects list p50 / p99 (max), client, from each request's due time",
    `${ms(f.http.p50)} / ${ms(f.http.p99)} ms (${ms(f.http.max)})`,
    `p99 ≤ ${TARGETS.listP99Ms} ms`,
    listMet,
  );
  row(
    'projects list p50 / p99, client, from the send',
    `${ms(f.http.serviceP50)} / ${ms(f.http.serviceP99)} ms`,
    '(without the wait for a free connection)',
  );
  row(
    'projects list p50 / p99, server time',
    `${f.serverListP50.toFixed(1)} / ${f.serverListP99.toFixed(1)} ms`,
    '(apart from load-generator noise)',
  );
  row(
    "server main thread's event-loop delay p99",
    `${f.serverLoopP99Ms.toFixed(0)} ms`,
    '(a request or a push may wait this long to be read)',
  );
  row(
    'HTTP load process: CPU / event-loop p99',
    `${f.http.cpuPercent.toFixed(0)} % / ${f.http.loopP99Ms.toFixed(0)} ms`,
    '(a busy load generator inflates the list latency)',
  );
  row(
    'server CPU / RSS',
    `${f.serverCpuPercent.toFixed(0)} % / ${f.serverRssMiB.toFixed(0)} MiB`,
    '—',
  );
  row(
    'console processes: CPU / event-loop p99',
    `${f.clientCpuPercent.toFixed(0)} % / ${f.clientLoopP99Ms.toFixed(0)} ms`,
    '(a busy client inflates the push delay)',
  );
  const loadGenerators = f.simsCpuPercent + f.clientCpuPercent + f.http.cpuPercent;
  const pct = (v: number) => `${v.toFixed(0)} %`;
  row(
    `the machine's CPU (${f.machineCores} cores = ${f.machineCores * 100} %): busy`,
    `${pct(f.machineBusyPercent)}: server ${pct(f.serverCpuPercent)}, load generators ${pct(loadGenerators)} (simulators ${pct(f.simsCpuPercent)}, consoles ${pct(f.clientCpuPercent)}, HTTP load ${pct(f.http.cpuPercent)}), the rest ${pct(Math.max(0, f.machineBusyPercent - f.serverCpuPercent - loadGenerators))}`,
    '(the load generators stand in for other machines: their share is taken from the server here)',
  );
  return pushMet && listMet && allWatching && f.lost === 0;
}

export async function main(): Promise<boolean> {
  let met = true;
  for (const broker of brokersOfRun()) {
    const figures = await measure(broker);
    console.log(JSON.stringify(figures));
    met = print(figures) && met;
  }
  return met;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = (await main()) ? 0 : 1;

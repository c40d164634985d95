/**
 * Gateway hub benchmark (issue 5, point 8): 5,000 simulated gateways on one server
 * (two simulator processes), info every 5 s and 2 telegrams/s each, first through the
 * embedded aedes broker in its own thread (the default), the same on the main thread
 * (MQTT_BROKER_THREAD=false, the baseline), then through Debian's mosquitto (MQTT_URL). Reports the time
 * until all are online, the server's RSS and CPU, and the p99 from a telegram's
 * publish to its arrival at a console socket joined to 10 projects.
 * Targets: all online ≤ 60 s, RSS ≤ 1.5 GiB, p99 ≤ 200 ms.
 * Run alone: `node --import tsx bench/hub.bench.ts`. Knobs: HUB_BENCH_GATEWAYS, HUB_BENCH_SECONDS,
 * HUB_BENCH_BROKER (embedded | embedded-main | mosquitto: one of the three), HUB_BENCH_CONNECT_RATE (per simulator,
 * 400/s), HUB_BENCH_PROFILE=DIR (CPU profiles of every process), HUB_BENCH_SERVER_ARGS (node flags),
 * HUB_BENCH_DIAG=1 (every 2 s on stderr: the server's heap, event-loop delay, CPU per thread and
 * telegram-to-hub-event delay; bench/hub-server.ts).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { io } from 'socket.io-client';
import { z } from 'zod';
import { freePort } from '../apps/server/test/postgres-cluster';
import { mosquittoConfig } from '../apps/server/test/mosquitto';
import {
  benchGateway,
  exited,
  hubStats,
  startHubServer,
  startSim,
  waitOnline,
} from './hub-processes';
import { envNumber } from './knobs';

const GATEWAYS = envNumber('HUB_BENCH_GATEWAYS', 5_000);
const STEADY_SECONDS = envNumber('HUB_BENCH_SECONDS', 60);
const SIMS = 2;
const TARGETS = { onlineSeconds: 60, rssMiB: 1536, p99Ms: 200 };
const TICK = 100; // clock ticks per second in /proc/{pid}/stat

interface Figures {
  name: string;
  onlineSeconds: number;
  reached: number;
  rssMiB: number;
  cpuPercent: number;
  p50: number;
  p99: number;
  received: number;
  brokerRssMiB?: number;
  brokerCpuPercent?: number;
  baseline?: boolean;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

/** CPU seconds and RSS (MiB) of a process, from /proc. */
function usage(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const cpu = (Number(stat[11]) + Number(stat[12])) / TICK;
  const rss =
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  return { cpu, rss };
}

const telegramEvent = z.object({ items: z.array(z.object({ t: z.number() })) });

/** A console socket on the first 10 projects' telegrams, collecting publish → arrival delays. */
function consoleLatencies(port: number, token: string, projects: string[]) {
  const delays: number[] = [];
  /** Delays by 10 s window of arrival: shows whether the tail is spread or bunched. */
  const windows: number[][] = [];
  const start = Date.now();
  const socket = io(`http://127.0.0.1:${port}`, { auth: { token }, transports: ['websocket'] });
  socket.on('connect', () =>
    projects.slice(0, 10).forEach((project) => socket.emit('join', { project, telegrams: true })),
  );
  socket.on('knx:telegrams', (raw: unknown) => {
    const now = Date.now();
    const window = (windows[Math.floor((now - start) / 10_000)] ??= []);
    for (const item of telegramEvent.parse(raw).items) {
      delays.push(now - item.t);
      window.push(now - item.t);
    }
  });
  const byWindow = () =>
    Array.from(windows, (w = []) => `p99 ${quantile(w, 0.99)} ms (max ${Math.max(...w)})`).join(
      ', ',
    );
  return { delays, byWindow, close: () => socket.close() };
}

/** Debian's mosquitto with every bench gateway in its password file (hashed by mosquitto_passwd -U). */
async function startBroker(dir: string) {
  const port = await freePort();
  const lines = ['atrium-hub:bench-hub-secret'];
  for (let i = 0; i < GATEWAYS; i++) lines.push(`${benchGateway(i).mac}:${benchGateway(i).secret}`);
  writeFileSync(join(dir, 'passwd'), `${lines.join('\n')}\n`, { mode: 0o644 });
  execFileSync('/usr/bin/mosquitto_passwd', ['-U', join(dir, 'passwd')]);
  writeFileSync(
    join(dir, 'acl'),
    'user atrium-hub\ntopic readwrite nx/#\n\npattern readwrite nx/%u/#\n',
    { mode: 0o644 },
  );
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    `${mosquittoConfig({ port, dir, hubUser: 'atrium-hub' })}max_connections -1\n`,
  );
  execFileSync('chmod', ['-R', 'a+rX', dir]);
  const child = spawn('/usr/sbin/mosquitto', ['-c', join(dir, 'mosquitto.conf')], {
    stdio: 'ignore',
  });
  await new Promise((r) => setTimeout(r, 500));
  return { child, port };
}

type Mode = 'embedded' | 'embedded-main' | 'mosquitto';

async function measure(name: string, mode: Mode): Promise<Figures> {
  const external = mode === 'mosquitto';
  const dir = mkdtempSync(join(tmpdir(), 'atrium-hub-bench-'));
  const children: ChildProcess[] = [];
  try {
    const broker = external ? await startBroker(dir) : undefined;
    if (broker) children.push(broker.child);
    const [port, mqttPort] = [await freePort(), await freePort()];
    const server = await startHubServer({
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      HUB_GATEWAYS: String(GATEWAYS),
      ...(broker
        ? { MQTT_URL: `mqtt://atrium-hub:bench-hub-secret@127.0.0.1:${broker.port}` }
        : { MQTT_PORT: String(mqttPort), MQTT_BROKER_THREAD: String(mode === 'embedded') }),
    });
    children.push(server.child);
    const pid = server.child.pid ?? 0;
    const url = `mqtt://127.0.0.1:${broker?.port ?? mqttPort}`;
    const share = Math.ceil(GATEWAYS / SIMS);
    const lines = readFileSync(server.ready.credentials, 'utf8').trim().split('\n');
    for (let s = 0; s < SIMS; s++) {
      const part = join(dir, `creds-${s}.csv`);
      writeFileSync(
        part,
        [lines[0], ...lines.slice(1 + s * share, 1 + (s + 1) * share)].join('\n'),
      );
      children.push(
        startSim([
          '--count',
          String(share),
          '--credentials',
          part,
          '--url',
          url,
          '--info-every',
          '5',
          '--telegram-rate',
          '2',
          '--monitor',
          '1/1/1:9.001,1/1/2:1.001,1/1/3:5.001',
          '--connect-rate',
          process.env.HUB_BENCH_CONNECT_RATE ?? '400',
          // The simulators share the machine with the server: the light MQTT client.
          '--client',
          'lite',
        ]),
      );
    }
    // Not all online within 120 s is a missed target, not a crash: measure the load anyway.
    const onlineSeconds = await waitOnline(port, server.ready.token, GATEWAYS, 120_000).catch(
      () => Infinity,
    );
    const reached = (await hubStats(port, server.ready.token)).connected;
    console.log(
      `${name}: ${reached} of ${GATEWAYS} online after ${onlineSeconds.toFixed(1)} s; steady load for ${STEADY_SECONDS} s`,
    );
    await new Promise((r) => setTimeout(r, 5_000)); // let the reconnect burst settle
    const probe = consoleLatencies(port, server.ready.token, server.ready.projects);
    const [u0, b0, t0] = [
      usage(pid),
      broker ? usage(broker.child.pid ?? 0) : undefined,
      Date.now(),
    ];
    let [rss, brokerRss] = [u0.rss, b0?.rss ?? 0];
    for (let i = 0; i < STEADY_SECONDS; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      rss = Math.max(rss, usage(pid).rss);
      if (broker) brokerRss = Math.max(brokerRss, usage(broker.child.pid ?? 0).rss);
    }
    const wall = (Date.now() - t0) / 1000;
    // What the hub dropped or disconnected during the run (reconnects bring buffered values late).
    const counters = await fetch(`http://127.0.0.1:${port}/api/hub/stats`, {
      headers: { authorization: `Bearer ${server.ready.token}` },
    }).then((r) => r.json());
    console.log(`${name}: hub counters ${JSON.stringify(counters)}`);
    console.log(`${name}: by 10 s window: ${probe.byWindow()}`);
    const [u1, b1] = [usage(pid), broker ? usage(broker.child.pid ?? 0) : undefined];
    probe.close();
    return {
      name,
      onlineSeconds,
      reached,
      rssMiB: rss,
      cpuPercent: ((u1.cpu - u0.cpu) / wall) * 100,
      p50: quantile(probe.delays, 0.5),
      p99: quantile(probe.delays, 0.99),
      received: probe.delays.length,
      ...(b0 && b1
        ? { brokerRssMiB: brokerRss, brokerCpuPercent: ((b1.cpu - b0.cpu) / wall) * 100 }
        : {}),
    };
  } finally {
    for (const c of children.reverse()) {
      c.kill('SIGTERM');
      await Promise.race([exited(c), new Promise((r) => setTimeout(r, 10_000))]);
      c.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

const met = (f: Figures) =>
  f.onlineSeconds <= TARGETS.onlineSeconds && f.rssMiB <= TARGETS.rssMiB && f.p99 <= TARGETS.p99Ms;

export async function main(): Promise<boolean> {
  const results: Figures[] = [];
  const only = process.env.HUB_BENCH_BROKER; // one of the three modes
  for (const [name, mode] of [
    ['embedded aedes, broker thread', 'embedded'],
    ['embedded aedes, main thread', 'embedded-main'],
    ['mosquitto (MQTT_URL)', 'mosquitto'],
  ] as const) {
    if (only && only !== mode) continue;
    results.push({ ...(await measure(name, mode)), baseline: mode === 'embedded-main' });
    console.log(JSON.stringify(results.at(-1)));
  }
  console.log(
    '\n| broker | online in | server RSS | server CPU | p50 | p99 | telegrams seen | broker RSS / CPU | targets |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const f of results) {
    const broker =
      f.brokerRssMiB === undefined
        ? '—'
        : `${f.brokerRssMiB.toFixed(0)} MiB / ${f.brokerCpuPercent?.toFixed(0)} %`;
    console.log(
      `| ${f.name} | ${f.reached >= GATEWAYS ? `${f.onlineSeconds.toFixed(1)} s` : `${f.reached} in 120 s`} | ${f.rssMiB.toFixed(0)} MiB | ${f.cpuPercent.toFixed(0)} % | ${f.p50} ms | ${f.p99} ms | ${f.received} | ${broker} | ${met(f) ? 'met' : f.baseline ? 'missed (baseline)' : 'MISSED'} |`,
    );
  }
  // The main-thread run is the baseline the broker thread is compared with, not a target.
  return results.filter((f) => !f.baseline).every(met);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = (await main()) ? 0 : 1;

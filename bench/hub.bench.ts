/**
 * Gateway hub benchmark (issue 5, point 8): 5,000 simulated gateways on one server
 * (two simulator processes), info every 5 s and 2 telegrams/s each, first through the
 * embedded aedes broker in its own thread (the default), the same on the main thread
 * (MQTT_BROKER_THREAD=false, the baseline), then through Debian's mosquitto (MQTT_URL). Reports the time
 * until all are online, the server's RSS and CPU, and the p99 from a telegram's
 * publish to its arrival at a console socket joined to 10 projects. Then the machine's CPU
 * budget: the CPU per accepted telegram of the server, the simulators and mosquitto, and the
 * cores the nominal rate would need at those costs (the simulators stand in for gateways on
 * other machines, but here they share the cores).
 * Targets: all online ≤ 60 s, RSS ≤ 1.5 GiB, p99 ≤ 200 ms, and behind mosquitto no publish
 * dropped by the broker (its $SYS count: publishes it acknowledged to a gateway, then dropped
 * because the hub's window was full).
 * Alerts (issue 14): the first broker measured runs a second time with HUB_BENCH_RULES threshold
 * rules (bench/hub-rules.ts; 1 % of them fire, to Pushover, here a stand-in: bench/hub-alerts.ts)
 * seeded before the server starts. Reports the server's CPU per telegram without and with the
 * rules, and the delay from the telegram that crossed a threshold to the notification queued
 * and to the push's arrival. Targets: CPU with rules ≤ 1.10 × without, push p99 ≤ 2 s.
 * Run alone: `node --import tsx bench/hub.bench.ts`. Knobs: HUB_BENCH_GATEWAYS, HUB_BENCH_SECONDS,
 * HUB_BENCH_RULES (5000; 0: no alert run),
 * HUB_BENCH_BROKER (embedded | embedded-main | mosquitto: one of the three), HUB_BENCH_CONNECT_RATE (per simulator,
 * 400/s), HUB_BENCH_PROFILE=DIR (CPU profiles of every process), HUB_BENCH_SERVER_ARGS (node flags),
 * HUB_BENCH_DIAG=1 (every 2 s on stderr: the server's heap, event-loop delay, CPU per thread and
 * telegram-to-hub-event delay; bench/hub-server.ts).
 */
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { io } from 'socket.io-client';
import { z } from 'zod';
import { freePort } from '../apps/server/test/postgres-cluster';
import { alertFigures, startPushoverStandIn, type AlertFigures } from './hub-alerts';
import { exited, hubStats, startHubServer, startSim, waitOnline } from './hub-processes';
import { BENCH_MONITOR } from './hub-rules';
import { envNumber } from './knobs';
import { watchBroker } from './mosquitto-sys';
import { cpuOfRunning, Mosquitto, usage } from './cold-start-stack';

const GATEWAYS = envNumber('HUB_BENCH_GATEWAYS', 5_000);
const STEADY_SECONDS = envNumber('HUB_BENCH_SECONDS', 60);
const RULES = envNumber('HUB_BENCH_RULES', 5_000);
const SIMS = 2;
const TARGETS = { onlineSeconds: 60, rssMiB: 1536, p99Ms: 200, cpuRatio: 1.1, alertP99Ms: 2_000 };

interface Figures {
  name: string;
  onlineSeconds: number;
  reached: number;
  rssMiB: number;
  cpuPercent: number;
  /** Telegrams the hub accepted during the steady window, and the server's CPU per telegram. */
  telegrams: number;
  telegramsPerSecond: number;
  cpuUsPerTelegram: number;
  /** Alert rules seeded (0: none) and what they raised. */
  rules: number;
  alerts?: AlertFigures;
  p50: number;
  p99: number;
  received: number;
  brokerRssMiB?: number;
  brokerCpuPercent?: number;
  /** The simulator processes' CPU together (the load generators share the machine). */
  simsCpuPercent: number;
  /** Publishes mosquitto acknowledged to a gateway and dropped (its $SYS counter). */
  brokerDropped?: number;
  baseline?: boolean;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

const telegramEvent = z.object({
  batches: z.array(z.object({ items: z.array(z.object({ t: z.number() })) })),
});

/** A console socket on the first 10 projects' telegrams, collecting publish → arrival delays. */
export function consoleLatencies(port: number, token: string, projects: string[]) {
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
    for (const { items } of telegramEvent.parse(raw).batches) {
      for (const item of items) {
        delays.push(now - item.t);
        window.push(now - item.t);
      }
    }
  });
  const byWindow = () =>
    Array.from(windows, (w = []) => `p99 ${quantile(w, 0.99)} ms (max ${Math.max(...w)})`).join(
      ', ',
    );
  return { delays, byWindow, close: () => socket.close() };
}

/** mosquitto with every bench gateway in its password file (cold-start-stack.ts: `MOSQUITTO_PATH`, the window's knobs). */
async function startBroker(dir: string) {
  const broker = await Mosquitto.start(dir, GATEWAYS);
  if (!broker.child) throw new Error('mosquitto did not start');
  return { child: broker.child, port: broker.port };
}

type Mode = 'embedded' | 'embedded-main' | 'mosquitto';

async function measure(name: string, mode: Mode, rules = 0): Promise<Figures> {
  const external = mode === 'mosquitto';
  const dir = mkdtempSync(join(tmpdir(), 'atrium-hub-bench-'));
  const children: ChildProcess[] = [];
  const pushover = rules > 0 ? await startPushoverStandIn() : undefined;
  let sys: ReturnType<typeof watchBroker> | undefined;
  try {
    const broker = external ? await startBroker(dir) : undefined;
    if (broker) children.push(broker.child);
    sys = broker ? watchBroker(broker.port) : undefined;
    const [port, mqttPort] = [await freePort(), await freePort()];
    const server = await startHubServer({
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      HUB_GATEWAYS: String(GATEWAYS),
      HUB_RULES: String(rules),
      ...(pushover ? { PUSHOVER_URL: pushover.url } : {}),
      ...(broker
        ? { MQTT_URL: `mqtt://atrium-hub:bench-hub-secret@127.0.0.1:${broker.port}` }
        : { MQTT_PORT: String(mqttPort), MQTT_BROKER_THREAD: String(mode === 'embedded') }),
    });
    children.push(server.child);
    const pid = server.child.pid ?? 0;
    if (rules > 0)
      console.log(
        `${name}: the alert engine has ${server.ready.alerts?.thresholds} thresholds of ${server.ready.alerts?.projects} projects`,
      );
    const url = `mqtt://127.0.0.1:${broker?.port ?? mqttPort}`;
    const sims: ChildProcess[] = [];
    const share = Math.ceil(GATEWAYS / SIMS);
    const lines = readFileSync(server.ready.credentials, 'utf8').trim().split('\n');
    for (let s = 0; s < SIMS; s++) {
      const part = join(dir, `creds-${s}.csv`);
      writeFileSync(
        part,
        [lines[0], ...lines.slice(1 + s * share, 1 + (s + 1) * share)].join('\n'),
      );
      sims.push(
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
          BENCH_MONITOR,
          '--connect-rate',
          process.env.HUB_BENCH_CONNECT_RATE ?? '400',
          // The simulators share the machine with the server: the light MQTT client.
          '--client',
          'lite',
        ]),
      );
    }
    children.push(...sims);
    // A simulator that died meanwhile counts for nothing (its exit shows in the online count).
    const simsCpu = () => cpuOfRunning(sims);
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
    const sims0 = simsCpu();
    const s0 = await hubStats(port, server.ready.token);
    let [rss, brokerRss] = [u0.rss, b0?.rss ?? 0];
    for (let i = 0; i < STEADY_SECONDS; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      rss = Math.max(rss, usage(pid).rss);
      if (broker) brokerRss = Math.max(brokerRss, usage(broker.child.pid ?? 0).rss);
    }
    const t1 = Date.now();
    const wall = (t1 - t0) / 1000;
    // What the hub dropped or disconnected during the run (reconnects bring buffered values late).
    const counters = await fetch(`http://127.0.0.1:${port}/api/hub/stats`, {
      headers: { authorization: `Bearer ${server.ready.token}` },
    }).then((r) => r.json());
    console.log(`${name}: hub counters ${JSON.stringify(counters)}`);
    console.log(`${name}: by 10 s window: ${probe.byWindow()}`);
    const s1 = await hubStats(port, server.ready.token);
    const [u1, b1, sims1] = [
      usage(pid),
      broker ? usage(broker.child.pid ?? 0) : undefined,
      simsCpu(),
    ];
    probe.close();
    const telegrams = (s1.accepted.telegrams ?? 0) - (s0.accepted.telegrams ?? 0);
    // After the CPU window: the alerts raised in it, and their pushes (waited for up to 10 s).
    const alerts = pushover
      ? await alertFigures(dir, pushover.pushes, { from: t0, to: t1 })
      : undefined;
    if (alerts) console.log(`${name}: alerts ${JSON.stringify(alerts)}`);
    const brokerDropped = sys ? ((await sys.latest())['publish/messages/dropped'] ?? 0) : undefined;
    if (brokerDropped !== undefined)
      console.log(`${name}: publishes dropped by mosquitto: ${brokerDropped}`);
    return {
      name,
      onlineSeconds,
      reached,
      rssMiB: rss,
      cpuPercent: ((u1.cpu - u0.cpu) / wall) * 100,
      telegrams,
      telegramsPerSecond: telegrams / wall,
      cpuUsPerTelegram: ((u1.cpu - u0.cpu) / telegrams) * 1e6,
      rules,
      ...(alerts ? { alerts } : {}),
      p50: quantile(probe.delays, 0.5),
      p99: quantile(probe.delays, 0.99),
      received: probe.delays.length,
      ...(b0 && b1
        ? { brokerRssMiB: brokerRss, brokerCpuPercent: ((b1.cpu - b0.cpu) / wall) * 100 }
        : {}),
      ...(brokerDropped !== undefined ? { brokerDropped } : {}),
      simsCpuPercent: ((sims1 - sims0) / wall) * 100,
    };
  } finally {
    await sys?.close();
    for (const c of children.reverse()) {
      c.kill('SIGTERM');
      await Promise.race([exited(c), new Promise((r) => setTimeout(r, 10_000))]);
      c.kill('SIGKILL');
    }
    await pushover?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const met = (f: Figures) =>
  f.onlineSeconds <= TARGETS.onlineSeconds &&
  f.rssMiB <= TARGETS.rssMiB &&
  f.p99 <= TARGETS.p99Ms &&
  !f.brokerDropped;

/**
 * The machine's CPU budget: what each process spent per accepted telegram, and the cores the
 * nominal rate (2 telegrams/s per gateway) would need at those costs, beside the cores there
 * are. The simulators stand in for gateways on other machines, but here they share the cores.
 */
function budget(f: Figures): string {
  const nominal = GATEWAYS * 2;
  const perTelegram = (percent: number) =>
    f.telegramsPerSecond > 0 ? (percent / 100 / f.telegramsPerSecond) * 1e6 : NaN;
  const parts = [
    ['server', perTelegram(f.cpuPercent)],
    ['simulators', perTelegram(f.simsCpuPercent)],
    ...(f.brokerCpuPercent === undefined
      ? []
      : [['mosquitto', perTelegram(f.brokerCpuPercent)] as const]),
  ] as const;
  const cores = (us: number) => (us * nominal) / 1e6;
  const total = parts.reduce((sum, [, us]) => sum + us, 0);
  return `${f.name}: CPU per accepted telegram ${parts.map(([who, us]) => `${who} ${us.toFixed(0)} µs`).join(', ')}; at ${nominal} telegrams/s that is ${parts.map(([who, us]) => `${who} ${cores(us).toFixed(2)}`).join(' + ')} = ${cores(total).toFixed(2)} cores of the ${availableParallelism()} here`;
}

const ms = (x: number) => (Number.isFinite(x) ? `${Math.round(x)} ms` : '—');

/** The alert targets (issue 14): CPU per telegram with the rules against without, push p99. */
function alertVerdict(without: Figures, withRules: Figures): boolean {
  const a = withRules.alerts;
  const ratio = withRules.cpuUsPerTelegram / without.cpuUsPerTelegram;
  const perSecond = withRules.cpuPercent / without.cpuPercent;
  const cpuMet = ratio <= TARGETS.cpuRatio;
  const latencyMet = a !== undefined && a.alerts > 0 && a.pushP99 <= TARGETS.alertP99Ms;
  console.log(
    '\n| alert rules | server CPU | CPU per telegram | telegrams/s | alerts raised (rules) | pushes received (raises / clears) | telegram → outbox p50 / p99 | telegram → push p50 / p99 (max) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const f of [without, withRules]) {
    const x = f.alerts;
    console.log(
      `| ${f.rules} | ${f.cpuPercent.toFixed(0)} % | ${f.cpuUsPerTelegram.toFixed(1)} µs | ${f.telegramsPerSecond.toFixed(0)} | ${x ? `${x.alerts} (${x.rules})` : '—'} | ${x ? `${x.pushes} (${x.raisedPushes} / ${x.clearedPushes})` : '—'} | ${x ? `${ms(x.outboxP50)} / ${ms(x.outboxP99)}` : '—'} | ${x ? `${ms(x.pushP50)} / ${ms(x.pushP99)} (${ms(x.pushMax)})` : '—'} |`,
    );
  }
  console.log(
    `\nserver CPU with ${withRules.rules} rules / without: ${ratio.toFixed(3)} per telegram (${perSecond.toFixed(3)} per second): ${cpuMet ? 'met' : 'MISSED'} (≤ ${TARGETS.cpuRatio})`,
  );
  console.log(
    `telegram → push p99 ${a ? ms(a.pushP99) : '—'} over ${a?.alerts ?? 0} alerts: ${latencyMet ? 'met' : 'MISSED'} (≤ ${TARGETS.alertP99Ms} ms${a?.alerts ? '' : ', and at least one alert'})`,
  );
  if (a && a.missing + a.unexpected + a.overlapping + a.mismatched > 0)
    console.log(
      `alert checks: ${a.missing} without a push, ${a.unexpected} from a rule that should not fire, ${a.overlapping} open at once for one rule, ${a.mismatched} pushes of another value${a.overlaps.length ? `; ${a.overlaps.join(' | ')}` : ''}`,
    );
  return cpuMet && latencyMet;
}

export async function main(): Promise<boolean> {
  const results: Figures[] = [];
  const only = process.env.HUB_BENCH_BROKER; // one of the three modes
  let alertRuns: [Figures, Figures] | undefined;
  for (const [name, mode] of [
    ['embedded aedes, broker thread', 'embedded'],
    ['embedded aedes, main thread', 'embedded-main'],
    ['mosquitto (MQTT_URL)', 'mosquitto'],
  ] as const) {
    if (only && only !== mode) continue;
    const baseline = mode === 'embedded-main';
    const without: Figures = { ...(await measure(name, mode)), baseline };
    results.push(without);
    console.log(JSON.stringify(without));
    // Issue 14: the first broker measured, again right after with the rules (same conditions).
    if (RULES > 0 && !alertRuns) {
      const withRules: Figures = {
        ...(await measure(`${name}, ${RULES} alert rules`, mode, RULES)),
        baseline,
      };
      results.push(withRules);
      console.log(JSON.stringify(withRules));
      alertRuns = [without, withRules];
    }
  }
  console.log(
    '\n| broker | online in | server RSS | server CPU | p50 | p99 | telegrams seen | broker RSS / CPU | dropped by the broker | targets |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const f of results) {
    const broker =
      f.brokerRssMiB === undefined
        ? '—'
        : `${f.brokerRssMiB.toFixed(0)} MiB / ${f.brokerCpuPercent?.toFixed(0)} %`;
    console.log(
      `| ${f.name} | ${f.reached >= GATEWAYS ? `${f.onlineSeconds.toFixed(1)} s` : `${f.reached} in 120 s`} | ${f.rssMiB.toFixed(0)} MiB | ${f.cpuPercent.toFixed(0)} % | ${f.p50} ms | ${f.p99} ms | ${f.received} | ${broker} | ${f.brokerDropped ?? '—'} | ${met(f) ? 'met' : f.baseline ? 'missed (baseline)' : 'MISSED'} |`,
    );
  }
  for (const f of results) console.log(budget(f));
  // The main-thread run is the baseline the broker thread is compared with, not a target.
  const hubMet = results.filter((f) => !f.baseline).every(met);
  const alertsMet = alertRuns ? alertVerdict(...alertRuns) : true;
  return hubMet && alertsMet;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = (await main()) ? 0 : 1;

/**
 * The overload run (issue 21, point 3; decision 0039), shared by `npm run bench -- overload`
 * and its 2-minute test (e2e/hub-overload.e2e.ts): gateways in a simulator process send 10×
 * the nominal telegram rate for a while, then the nominal rate. Measures the server's peak RSS
 * against a fixed cap, what the overload guard did (slowed and paused reads), what the hub
 * dropped, how long the backlog (values made on the gateways and not yet acknowledged) takes
 * to drain after the return to nominal, and checks every acknowledged telegram in the store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import SQLite from 'better-sqlite3';
import { z } from 'zod';
import { freePort } from '../apps/server/test/postgres-cluster';
import { exited, startHubServer, waitOnline } from './hub-processes';

const ROOT = resolve(import.meta.dirname, '..');
const TICK = 100; // clock ticks per second in /proc/{pid}/stat

export interface OverloadOptions {
  gateways: number;
  /** Nominal telegrams per second per gateway (issue 21: 2), and the overload factor (10). */
  nominalRate: number;
  factor: number;
  /** Seconds at factor × nominal (from the simulator's start), then at nominal. */
  overloadSeconds: number;
  nominalSeconds: number;
  /** The server's RSS must stay under this (MiB). */
  rssCapMiB: number;
  /** MQTT_INFLIGHT_MAX of the server: the overload guard's pause mark (publishes). */
  inflightMax: number;
  /** Prints a progress line every this many seconds (0: none). */
  progressEvery?: number;
}

export interface OverloadFigures {
  gateways: number;
  offeredPerSecond: number;
  /** Telegrams the hub stored per second during the overload. */
  storedPerSecond: number;
  rssCapMiB: number;
  peakRssMiB: number;
  /** The server's RSS before the load (gateways connected, nothing sent yet is not measured). */
  cpuPercent: number;
  peakInFlight: number;
  peakInFlightBytes: number;
  pauses: number;
  pausedReads: number;
  slowedReads: number;
  rateSlowed: number;
  /** Publishes whose points waited for room in the time-series writer, and the most points at once. */
  waitedForRoom: number;
  peakWaitingForRoom: number;
  dropped: Record<string, number>;
  disconnected: Record<string, number>;
  /** Values the gateways' buffers overflowed with (dropped on the device, never sent). */
  overflowed: number;
  /** Backlog on the gateways when the rate went back to nominal, and seconds until drained. */
  backlogAtSwitch: number;
  drainSeconds: number;
  acked: number;
  lost: number;
}

const simStatus = z.object({
  connected: z.number(),
  acked: z.number(),
  made: z.number(),
  overflowed: z.number(),
});
const hubStats = z.object({
  connected: z.number(),
  accepted: z.record(z.string(), z.number()),
  dropped: z.record(z.string(), z.number()),
  disconnected: z.record(z.string(), z.number()),
  overload: z
    .object({
      inFlight: z.number(),
      peakInFlight: z.number(),
      peakInFlightBytes: z.number(),
      pauses: z.number(),
      pausedReads: z.number(),
      slowedReads: z.number(),
    })
    .optional(),
  store: z.object({ peakWaitingForRoom: z.number(), waitedForRoom: z.number() }).optional(),
});

function usage(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const cpu = (Number(stat[11]) + Number(stat[12])) / TICK;
  const rss =
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  return { cpu, rss };
}

/** Every acknowledged (mac, ga, t) without its raw point in the store. */
function lostAcked(dataDir: string, ackedLog: string): { acked: number; lost: string[] } {
  const lines = readFileSync(ackedLog, 'utf8').split('\n').filter(Boolean);
  const db = new SQLite(join(dataDir, 'atrium.sqlite'), { readonly: true });
  // The series once (a few per gateway), then one primary-key lookup per telegram.
  const series = new Map<string, number>();
  const rows = db.prepare('SELECT id, gateway_mac, address FROM ts_series').all();
  for (const row of z
    .array(z.object({ id: z.number(), gateway_mac: z.string(), address: z.string() }))
    .parse(rows))
    series.set(`${row.gateway_mac} ${row.address}`, row.id);
  const find = db.prepare('SELECT 1 FROM ts_raw WHERE series = ? AND t = ?');
  const lost = lines.filter((line) => {
    const [mac, ga, t] = line.split(' ');
    const id = series.get(`${mac} ${ga}`);
    return id === undefined || !find.get(id, Number(t));
  });
  db.close();
  return { acked: lines.length, lost: lost.slice(0, 20).concat(lost.length > 20 ? ['…'] : []) };
}

/** SIGTERM, and SIGKILL after 10 s. */
async function stop(c: ChildProcess) {
  c.kill('SIGTERM');
  await Promise.race([exited(c), new Promise((r) => setTimeout(r, 10_000))]);
  c.kill('SIGKILL');
  await exited(c);
}

export async function runOverload(o: OverloadOptions): Promise<OverloadFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-overload-'));
  const ackedLog = join(dir, 'acked.log');
  const children: ChildProcess[] = [];
  try {
    const [port, mqttPort] = [await freePort(), await freePort()];
    const server = await startHubServer({
      DATA_DIR: dir,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      HOST: '127.0.0.1',
      HUB_GATEWAYS: String(o.gateways),
      MQTT_INFLIGHT_MAX: String(o.inflightMax),
    });
    children.push(server.child);
    const pid = server.child.pid ?? 0;
    const { token } = server.ready;
    const stats = async () =>
      hubStats.parse(
        await fetch(`http://127.0.0.1:${port}/api/hub/stats`, {
          headers: { authorization: `Bearer ${token}` },
        }).then((r) => r.json()),
      );
    const sim = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'apps/gateway-sim/src/main.ts'),
        ...['--count', String(o.gateways), '--credentials', server.ready.credentials],
        ...['--url', `mqtt://127.0.0.1:${mqttPort}`, '--client', 'lite'],
        ...['--telegram-rate', String(o.nominalRate * o.factor), '--info-every', '5'],
        ...['--rate-change', `${o.overloadSeconds}:${o.nominalRate}`],
        ...['--monitor', '1/1/1:9.001,1/1/2:1.001,2/0/1:5.001,3/1/7:7.001'],
        ...['--acked-log', ackedLog, '--status-every', '1', '--connect-rate', '1000'],
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(sim);
    const started = Date.now();
    let status = { connected: 0, acked: 0, made: 0, overflowed: 0 };
    let switchedAt = 0;
    createInterface({ input: sim.stdout ?? process.stdin }).on('line', (line) => {
      if (line.startsWith('SIM ')) status = simStatus.parse(JSON.parse(line.slice(4)));
      if (line.startsWith('SIM_RATE ')) switchedAt = Date.now();
    });
    await waitOnline(port, token, o.gateways, 60_000);
    const s0 = await stats();
    const u0 = usage(pid);
    let peakRss = u0.rss;
    let storedPerSecond = 0;
    let backlogAtSwitch = -1;
    let drainedAt = 0;
    let last = s0;
    const end = () => (switchedAt ? switchedAt + o.nominalSeconds * 1000 : Infinity);
    // One second of nominal traffic: what is normally on its way at any time, and then some.
    const drainedBelow = o.gateways * o.nominalRate;
    while (Date.now() < end() && Date.now() - started < (o.overloadSeconds + 120) * 1000) {
      await new Promise((r) => setTimeout(r, 1_000));
      peakRss = Math.max(peakRss, usage(pid).rss);
      last = await stats();
      const backlog = status.made - status.acked - status.overflowed;
      if (switchedAt && backlogAtSwitch < 0) {
        backlogAtSwitch = backlog;
        const seconds = (switchedAt - started) / 1000;
        storedPerSecond = ((last.accepted.telegrams ?? 0) - (s0.accepted.telegrams ?? 0)) / seconds;
      }
      if (switchedAt && !drainedAt && backlog <= drainedBelow) drainedAt = Date.now();
      const t = Math.round((Date.now() - started) / 1000);
      if (o.progressEvery && t % o.progressEvery === 0)
        console.log(
          `overload ${t} s: rss ${peakRss.toFixed(0)} MiB peak; backlog ${backlog}; in flight ${last.overload?.inFlight}; acked ${status.acked}; ${switchedAt ? 'nominal' : `${o.factor}×`}`,
        );
    }
    const u1 = usage(pid);
    const wall = (Date.now() - started) / 1000;
    // The simulator first (what it has not seen acknowledged is not in the log), then the
    // server, which flushes what waits for its commit.
    await stop(sim);
    await stop(server.child);
    console.log(`overload: stopped after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const { acked, lost } = lostAcked(dir, ackedLog);
    if (lost.length) console.log(`overload: acknowledged but not stored: ${lost.join(', ')}`);
    const ov = last.overload;
    return {
      gateways: o.gateways,
      offeredPerSecond: o.gateways * o.nominalRate * o.factor,
      storedPerSecond,
      rssCapMiB: o.rssCapMiB,
      peakRssMiB: peakRss,
      cpuPercent: ((u1.cpu - u0.cpu) / wall) * 100,
      peakInFlight: ov?.peakInFlight ?? 0,
      peakInFlightBytes: ov?.peakInFlightBytes ?? 0,
      pauses: ov?.pauses ?? 0,
      pausedReads: ov?.pausedReads ?? 0,
      slowedReads: ov?.slowedReads ?? 0,
      rateSlowed: last.accepted.rateSlowed ?? 0,
      waitedForRoom: last.store?.waitedForRoom ?? 0,
      peakWaitingForRoom: last.store?.peakWaitingForRoom ?? 0,
      dropped: last.dropped,
      disconnected: last.disconnected,
      overflowed: status.overflowed,
      backlogAtSwitch,
      drainSeconds: drainedAt ? (drainedAt - switchedAt) / 1000 : Infinity,
      acked,
      lost: lost.length,
    };
  } finally {
    for (const c of children.reverse()) await stop(c);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as a table, each beside its goal. */
export function printOverload(f: OverloadFigures): boolean {
  const ok = {
    rss: f.peakRssMiB <= f.rssCapMiB,
    lost: f.lost === 0 && f.acked > 0,
    drained: Number.isFinite(f.drainSeconds),
    noDrop: (f.dropped.rateLimited ?? 0) + (f.dropped.storeRefused ?? 0) === 0,
  };
  const mark = (b: boolean) => (b ? 'met' : 'MISSED');
  console.log('\n| figure | value | goal |');
  console.log('|---|---|---|');
  console.log(
    `| offered (10×) / stored during overload | ${f.offeredPerSecond} / ${f.storedPerSecond.toFixed(0)} telegrams/s | — |`,
  );
  console.log(
    `| server peak RSS | ${f.peakRssMiB.toFixed(0)} MiB | ≤ ${f.rssCapMiB} MiB: ${mark(ok.rss)} |`,
  );
  console.log(`| server CPU | ${f.cpuPercent.toFixed(0)} % | — |`);
  console.log(
    `| peak in flight (awaiting commit) | ${f.peakInFlight} publishes, ${(f.peakInFlightBytes / 1024).toFixed(0)} KiB | — |`,
  );
  console.log(
    `| reads paused (pauses) / slowed / rate-slowed | ${f.pausedReads} (${f.pauses}) / ${f.slowedReads} / ${f.rateSlowed} | — |`,
  );
  console.log(
    `| publishes that waited for room in the time-series writer (most points waiting) | ${f.waitedForRoom} (${f.peakWaitingForRoom}) | — |`,
  );
  console.log(
    `| dropped by the hub | ${JSON.stringify(f.dropped)} | no rateLimited, no storeRefused: ${mark(ok.noDrop)} |`,
  );
  console.log(`| connections closed by the hub | ${JSON.stringify(f.disconnected)} | — |`);
  console.log(`| values overflowed on the gateways | ${f.overflowed} | — |`);
  console.log(
    `| backlog at the return to nominal → drained in | ${f.backlogAtSwitch} values → ${f.drainSeconds} s | finite: ${mark(ok.drained)} |`,
  );
  console.log(
    `| acknowledged telegrams checked / lost | ${f.acked} / ${f.lost} | 0 lost: ${mark(ok.lost)} |`,
  );
  return ok.rss && ok.lost && ok.drained && ok.noDrop;
}

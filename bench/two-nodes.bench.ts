/**
 * Several nodes benchmark (issue 21, point 5): BENCH_GATEWAYS simulated gateways (10,000) on
 * Debian's mosquitto, served by server processes (bench/hub-server.ts) sharing one PostgreSQL
 * and one Redis, the cluster set-up of e2e/scale-out.e2e.ts and ARCHITECTURE.md "Scale-out":
 * BENCH_NODES runs (`1,2`: one node, the same-run baseline, then two). Each gateway sends info
 * every 5 s and BENCH_TELEGRAM_RATE telegrams/s (2). The nodes take the gateways' telemetry
 * as one shared subscription (`$share/atrium`): mosquitto hands each publish to one of them,
 * which stores it and acknowledges it after commit. Reports:
 * - the gateways connected to mosquitto and those node A knows online, second by second;
 * - over BENCH_SECONDS (60), BENCH_SETTLE_SECONDS (10) after all are online: each node's share
 *   of the telegrams, its CPU (and per telegram) and RSS, and the CPU of PostgreSQL, mosquitto
 *   and Redis;
 * - once the telegrams stop (SIGUSR2 to the simulators) and the nodes have taken what
 *   mosquitto held (BENCH_DRAIN_SECONDS, 60, at most): the telegrams the gateways made, those
 *   mosquitto acknowledged to them, those each node accepted, the raw points in PostgreSQL,
 *   and the publishes mosquitto dropped (its `$SYS` counters: a node's window was full);
 * - the delay from a telegram's creation to a console socket on the last node (10 projects).
 * Targets: all online ≤ 60 s; made = acknowledged = stored, nothing dropped (nothing lost,
 * nothing stored twice; a node's accepted count also holds what mosquitto sent again when the
 * node reopened its session, decision 0065); with several nodes, every node takes its share.
 * Run alone: `node --import tsx bench/two-nodes.bench.ts`; small: `BENCH_GATEWAYS=1000 npm run
 * bench -- two-nodes`.
 */
import { type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { z } from 'zod';
import { freePort, startPostgres } from '../apps/server/test/postgres-cluster';
import { startRedis } from '../apps/server/test/redis-server';
import { Mosquitto, quantile, startFleet, stopChild, usage } from './cold-start-stack';
import { consoleLatencies } from './hub.bench';
import { exited, hubStats, startHubServer, type HubReady } from './hub-processes';
import { envNumber } from './knobs';
import { watchBroker } from './mosquitto-sys';

const GATEWAYS = envNumber('BENCH_GATEWAYS', 10_000);
const TELEGRAM_RATE = envNumber('BENCH_TELEGRAM_RATE', 2);
const SECONDS = envNumber('BENCH_SECONDS', 60);
const CONNECT_RATE = envNumber('BENCH_CONNECT_RATE', 1_000);
const TIMEOUT_S = envNumber('BENCH_TIMEOUT_SECONDS', 120);
/** Seconds the nodes get, once the telegrams stop, to take what mosquitto still holds. */
const DRAIN_S = envNumber('BENCH_DRAIN_SECONDS', 60);
const SIMS = Math.max(1, Math.ceil(GATEWAYS / 5_000));
/** Seconds between all online and the window: what the gateways buffered while connecting drains. */
const SETTLE_SECONDS = envNumber('BENCH_SETTLE_SECONDS', 10);
const TARGETS = { allOnlineSeconds: 60, shareMin: 0.3, shareMax: 0.7 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const simStatus = z.object({ connected: z.number(), acked: z.number(), made: z.number() });
const reopenings = z.object({ disconnected: z.record(z.string(), z.number()) });

/** CPU seconds of PostgreSQL's postmaster and every process it started, from /proc. */
function pgCpu(postmaster: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) === postmaster || Number(f[1]) === postmaster)
        ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

interface Node {
  name: string;
  child: ChildProcess;
  ready: HubReady;
}

/** One run with `count` nodes; resolves with whether its targets were met. */
async function run(count: number): Promise<boolean> {
  const root = mkdtempSync(join(tmpdir(), 'atrium-two-nodes-'));
  const children: ChildProcess[] = [];
  const [pgCluster, redis, mosquitto] = await Promise.all([
    startPostgres(),
    startRedis(),
    Mosquitto.start(root, GATEWAYS),
  ]);
  const shared = {
    DATABASE_URL: pgCluster.url,
    REDIS_URL: redis.url,
    MQTT_URL: mosquitto.hubUrl,
    JWT_SECRET: 'two-nodes-bench-jwt-secret-of-at-least-32-chars',
    SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    HOST: '127.0.0.1',
    TUNNEL_PORT: '0',
    HUB_GATEWAYS: String(GATEWAYS),
  };
  const db = new pg.Client({ connectionString: pgCluster.url });
  try {
    // The first node migrates and seeds; the others find the credentials file and seed nothing.
    const nodes: Node[] = [];
    for (const name of ['A', 'B', 'C', 'D'].slice(0, count)) {
      const dir = join(root, name);
      mkdirSync(dir);
      if (nodes[0]) copyFileSync(nodes[0].ready.credentials, join(dir, 'credentials.csv'));
      const started = await startHubServer({
        ...shared,
        DATA_DIR: dir,
        PORT: String(await freePort()),
        MQTT_CLIENT_ID: `atrium-node-${name.toLowerCase()}`,
      });
      children.push(started.child);
      nodes.push({ name, ...started });
    }
    const [first, last] = [nodes[0], nodes[nodes.length - 1]];
    if (!first || !last) throw new Error('no node');
    await db.connect();
    const brokerCounters = watchBroker(mosquitto.port);
    const watch = consoleLatencies(last.ready.port, last.ready.token, last.ready.projects);

    const sims = new Map<number, z.infer<typeof simStatus>>();
    const fleet = startFleet({
      dir: root,
      credentials: first.ready.credentials,
      url: `mqtt://127.0.0.1:${mosquitto.port}`,
      gateways: GATEWAYS,
      sims: SIMS,
      connectRate: CONNECT_RATE,
      telegramRate: TELEGRAM_RATE,
      args: ['--status-every', '1'],
      onLine: (sim, line) => {
        if (line.startsWith('SIM ')) sims.set(sim, simStatus.parse(JSON.parse(line.slice(4))));
      },
    });
    children.push(...fleet);
    const fleetStart = Date.now();
    // Every second: gateways connected to mosquitto (the simulators' count) and those the
    // first node knows online (from their retained state), until it has them all.
    const curve: string[] = [];
    let onlineSeconds = NaN;
    while (Date.now() - fleetStart < TIMEOUT_S * 1000) {
      await sleep(1_000);
      const connected = [...sims.values()].reduce((n, x) => n + x.connected, 0);
      const online = (await hubStats(first.ready.port, first.ready.token).catch(() => undefined))
        ?.connected;
      curve.push(`${connected}/${online ?? '?'}`);
      if ((online ?? 0) >= GATEWAYS) {
        onlineSeconds = (Date.now() - fleetStart) / 1000;
        break;
      }
    }
    console.log(`connected to mosquitto / online on node A, by second: ${curve.join(' ')}`);
    const onlineMet = onlineSeconds <= TARGETS.allOnlineSeconds;
    await sleep(SETTLE_SECONDS * 1000);

    // The window: CPU of every process and the telegrams each node accepted.
    const telegrams = async (n: Node) =>
      (await hubStats(n.ready.port, n.ready.token)).accepted.telegrams ?? 0;
    const cpu = () => ({
      nodes: nodes.map((n) => usage(n.child.pid ?? 0).cpu),
      pg: pgCpu(pgCluster.pid),
      mosquitto: usage(mosquitto.child?.pid ?? 0).cpu,
      redis: usage(redis.pid).cpu,
    });
    const [cpu0, accepted0] = [cpu(), await Promise.all(nodes.map(telegrams))];
    const delaysFrom = watch.delays.length;
    await sleep(SECONDS * 1000);
    const [cpu1, accepted1] = [cpu(), await Promise.all(nodes.map(telegrams))];
    const rss = nodes.map((n) => usage(n.child.pid ?? 0).rss);
    const delays = watch.delays.slice(delaysFrom).sort((x, y) => x - y);

    // The telegrams stop; what is acknowledged settles; then count everything. Settled is
    // counted on the stored points, not the nodes' accepted counts: those also hold what
    // mosquitto sent again after a reopening (decision 0065).
    fleet.forEach((sim) => sim.kill('SIGUSR2')); // the telegrams stop, the gateways stay
    const storedPoints = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            "SELECT count(*) AS n FROM ts_raw r JOIN ts_series s ON s.id = r.series WHERE s.kind = 'knx'",
          )
        ).rows[0]?.n ?? 0,
      );
    // mosquitto publishes its counters every 10 s: this one may lag, the final count does not.
    const droppedSoFar = () => brokerCounters.now()['publish/messages/dropped'] ?? 0;
    let settled = false;
    for (let i = 0; i < DRAIN_S && !settled; i++) {
      await sleep(1_000);
      const made = [...sims.values()].reduce((n, x) => n + x.made, 0);
      settled = (await storedPoints()) + droppedSoFar() >= made;
    }
    // The simulators report once a second: two more reports, so their counts are final.
    await sleep(2_000);
    const totals = await Promise.all(nodes.map(telegrams));
    const made = [...sims.values()].reduce((n, x) => n + x.made, 0);
    const acked = [...sims.values()].reduce((n, x) => n + x.acked, 0);
    const accepted = totals.reduce((n, x) => n + x, 0);
    const stored = await storedPoints();
    const broker = await brokerCounters.latest();
    await brokerCounters.close();
    // Telemetry sessions a node reopened because mosquitto dropped while it kept up (0065).
    const reopened: number[] = [];
    for (const n of nodes) {
      const stats = await hubStats(n.ready.port, n.ready.token);
      reopened.push(reopenings.parse(stats).disconnected.brokerDropping ?? 0);
      console.log(`node ${n.name} hub counters: ${JSON.stringify(stats)}`);
    }
    watch.close();

    // Figures.
    const window = accepted1.map((x, i) => (x - (accepted0[i] ?? 0)) / SECONDS);
    const rate = window.reduce((n, x) => n + x, 0);
    const shares = window.map((x) => x / rate);
    const pct = (to: number, from: number) => ((to - from) / SECONDS) * 100;
    const nodeCpu = cpu1.nodes.map((c, i) => pct(c, cpu0.nodes[i] ?? 0));
    const row = (figure: string, measured: string, goal: string, ok?: boolean) =>
      console.log(
        `| ${figure} | ${measured} | ${goal} | ${ok === undefined ? '' : ok ? 'met' : 'MISSED'} |`,
      );
    const names = nodes.map((n) => n.name).join(' / ');
    const shareMet =
      count === 1 ||
      shares.every((x) => x >= TARGETS.shareMin / (count / 2) && x <= TARGETS.shareMax);
    const dropped = broker['publish/messages/dropped'] ?? 0; // published once it is not 0
    // A reopened session gets again what it had not acknowledged: accepted twice, stored once.
    const onceMet =
      made > 0 && made === acked && stored === acked && accepted >= stored && dropped === 0;
    console.log(
      `\n${GATEWAYS} gateways on mosquitto, ${count} node${count > 1 ? 's' : ''} on PostgreSQL and Redis, ${TELEGRAM_RATE} telegrams/s each (${GATEWAYS * TELEGRAM_RATE}/s), ${SECONDS} s window`,
    );
    console.log('| figure | measured | goal | |');
    console.log('|---|---|---|---|');
    row(
      'all online',
      Number.isFinite(onlineSeconds)
        ? `${onlineSeconds.toFixed(1)} s (as node A sees them)`
        : `${curve[curve.length - 1]} after ${TIMEOUT_S} s (connected / node A)`,
      `≤ ${TARGETS.allOnlineSeconds} s`,
      onlineMet,
    );
    row(
      'telegrams accepted per second',
      `${Math.round(rate)}/s: ${nodes.map((n, i) => `node ${n.name} ${((shares[i] ?? 0) * 100).toFixed(0)} %`).join(', ')}`,
      count > 1 ? 'every node ingests its share' : 'reported',
      count > 1 ? shareMet : undefined,
    );
    row(
      `node ${names} CPU`,
      `${nodeCpu.map((x) => x.toFixed(0)).join(' / ')} % of one core (${nodeCpu.map((x, i) => ((x * 10_000) / (window[i] || 1)).toFixed(0)).join(' / ')} µs per telegram)`,
      'reported',
    );
    row(`node ${names} RSS`, `${rss.map((x) => x.toFixed(0)).join(' / ')} MiB`, 'reported');
    row(
      'PostgreSQL / mosquitto / Redis CPU',
      `${pct(cpu1.pg, cpu0.pg).toFixed(0)} % / ${pct(cpu1.mosquitto, cpu0.mosquitto).toFixed(0)} % / ${pct(cpu1.redis, cpu0.redis).toFixed(0)} % of one core`,
      'reported',
    );
    row(
      'telegrams made / acknowledged to the gateways / accepted by the nodes / raw points stored',
      `${made} / ${acked} / ${totals.join(' + ')} = ${accepted} / ${stored}`,
      'made = acknowledged = stored ≤ accepted: nothing lost or stored twice (accepted counts what mosquitto sent again after a reopening)',
      onceMet,
    );
    row(
      'telemetry sessions reopened: mosquitto dropped while the node kept up (decision 0065)',
      reopened.join(' / '),
      'reported',
    );
    row(
      'publishes mosquitto dropped (queue to the nodes full) / held at the end',
      `${dropped} / ${broker['store/messages/count'] ?? NaN}`,
      '0',
      dropped === 0,
    );
    row(
      `telegram → console on node ${last.name}`,
      `p50 ${quantile(delays, 0.5)} ms, p99 ${quantile(delays, 0.99)} ms (${delays.length} seen, 10 projects)`,
      'reported',
    );
    return onlineMet && shareMet && onceMet;
  } finally {
    await Promise.all(children.map((c) => stopChild(c)));
    await Promise.all(children.map((c) => exited(c)));
    await db.end().catch(() => undefined);
    await mosquitto.stop();
    await redis.stop();
    pgCluster.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

/** BENCH_NODES (`1,2`: one node, the baseline, then two, in the same run). */
export async function main(): Promise<boolean> {
  let met = true;
  for (const count of (process.env.BENCH_NODES ?? '1,2').split(',').map(Number)) {
    if (!Number.isInteger(count) || count < 1 || count > 4) throw new Error('BENCH_NODES: 1 to 4');
    met = (await run(count)) && met;
  }
  return met;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = (await main()) ? 0 : 1;

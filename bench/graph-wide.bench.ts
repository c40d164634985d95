/**
 * Wide graph benchmark (issue 21, point 6): one year × 100 monitored addresses at
 * auto precision, asked through the real route (`POST /api/project/timeseries/:id`:
 * validation, permissions, monitored list, series lookup, store query, reply
 * serialisation) of an app built in this process and listening on loopback (asked with
 * Node's fetch), on SQLite and PostgreSQL.
 * Server time is Fastify's `reply.elapsedTime`, median of RUNS after WARM-UP; the first
 * query, which finds no sealed block's text kept yet (decision 0054), is printed apart
 * (`GRAPH_CACHE_MB=0` keeps none: every query reads the whole year).
 * Auto precision over a year reads the Paris-day rollups (365 rows per address),
 * so the year is loaded with one point an hour: the rows the query reads are the
 * same as with denser data. Target: median ≤ 25 ms on both databases.
 * Then the store side: 20,000 telegrams/s (10,000 series, 2 points/s each) through the
 * app's batching writer into raw points and the three rollups for 10 s, with the CPU
 * this takes (the node process's threads plus PostgreSQL's processes) as a share of
 * the machine's cores (goal of issue 21: ≤ 70 % for the whole server).
 * Run alone: `node --import tsx bench/graph-wide.bench.ts` (`BENCH_ADDRESSES`,
 * `BENCH_RUNS` to change the sizes, `BENCH_DB=sqlite` or `postgres` for one database,
 * `BENCH_INGEST=0` to leave the store side out).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { newId } from '../apps/server/src/lib/ids';
import { newGatewayRow } from '../apps/server/src/modules/gateways/gateway-rows';
import { knxSeriesKey } from '../apps/server/src/modules/monitoring/monitoring-series';
import { newProjectRow } from '../apps/server/src/modules/projects/project-view';
import type { Point } from '../apps/server/src/modules/timeseries/timeseries.types';
import { startPostgres } from '../apps/server/test/postgres-cluster';

const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARM_UP = 3;
const TARGET_MS = 25;
const HOUR = 3_600_000;
const YEAR_START = Date.UTC(2025, 0, 1);
const YEAR = 365 * 24 * HOUR;

interface Figures {
  median: number;
  p95: number;
  /** The first query, before any sealed block's text is kept (decision 0054). */
  first: number;
  points: number;
  bytes: number;
  /** Store ingest at INGEST.rate points/s: achieved rate and CPU share of the machine. */
  ingestRate: number;
  ingestCpu: number;
}

/** 10,000 gateways × 2 telegrams/s, one address each, for INGEST.seconds (issue 21 point 6). */
const INGEST = {
  series: 10_000,
  rate: 20_000,
  seconds: 10,
  tickMs: 50,
  publish: 50,
  /** `BENCH_INGEST=0`: the graph query alone (to profile it). */
  skip: process.env.BENCH_INGEST === '0',
};

/** CPU ticks (user + system) per process: the postmaster and its children, from /proc. */
function pgTicks(postmaster: number | undefined): Map<number, number> {
  const ticks = new Map<number, number>();
  if (postmaster === undefined) return ticks;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command's closing parenthesis: state ppid … utime stime (14, 15).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) !== postmaster && Number(fields[1]) !== postmaster) continue;
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks;
}

/** Ticks used between two readings by the processes alive at the second (new ones whole). */
function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, t] of after) used += t - (before.get(pid) ?? 0);
  return used;
}
const TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * Telegrams into the store through the app's batching writer (raw points and the three
 * rollups) at INGEST.rate for INGEST.seconds; CPU of this process (every thread,
 * including the bench's own generation of the points) plus PostgreSQL's processes,
 * as a share of all the machine's cores.
 */
async function ingest(
  modules: Awaited<ReturnType<typeof buildApp>>['modules'],
  projectId: string,
  mac: string,
  postmaster: number | undefined,
): Promise<{ rate: number; cpu: number }> {
  const store = modules.timeseries.store;
  const ids: number[] = [];
  for (let i = 0; i < INGEST.series; i += 200) {
    const keys = Array.from({ length: 200 }, (_, k) =>
      knxSeriesKey(projectId, mac, `2/${Math.floor((i + k) / 256)}/${(i + k) % 256}`),
    );
    ids.push(...(await Promise.all(keys.map((k) => store.ensureSeries(k)))));
  }
  const writer = modules.timeseries.writer;
  const perTick = (INGEST.rate * INGEST.tickMs) / 1000;
  const ticks = (INGEST.seconds * 1000) / INGEST.tickMs;
  const pending: Promise<unknown>[] = [];
  const [cpu0, pg0, t0] = [process.cpuUsage(), pgTicks(postmaster), performance.now()];
  let k = 0;
  for (let tick = 0; tick < ticks; tick++) {
    const t = Date.UTC(2026, 0, 1) + tick * INGEST.tickMs;
    for (let p = 0; p < perTick; p += INGEST.publish) {
      const points = Array.from({ length: INGEST.publish }, () => {
        k++;
        return { seriesId: ids[k % ids.length] ?? 0, t: t + Math.floor(k / ids.length), v: k % 97 };
      });
      pending.push(writer.write(points));
    }
    const due = t0 + (tick + 1) * INGEST.tickMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  await Promise.all(pending);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const used = (cpu.user + cpu.system) / 1000 + ticksBetween(pg0, pgTicks(postmaster)) * TICK_MS;
  return { rate: k / (wall / 1000), cpu: used / (wall * cpus().length) };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

/** `1/{main}/{sub}` for address i: 1/0/0 … 1/0/99, DPT 9.001. */
const addressOf = (i: number) => `1/${Math.floor(i / 256)}/${i % 256}`;

async function measure(
  name: string,
  env: Record<string, string>,
  postmaster?: number,
): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    TUNNEL_PORT: '0',
    DEMO_MODBUS_PORT: '0',
    RETENTION_SWEEP_HOURS: '0',
    // One user asks every query: past 240 a minute (BENCH_RUNS) it would get 429s.
    ABUSE_GRAPHS_PER_MINUTE: '1000000',
    // `GRAPH_CACHE_MB=0`: every query reads the whole year from the database (decision 0054).
    ...(process.env.GRAPH_CACHE_MB ? { GRAPH_CACHE_MB: process.env.GRAPH_CACHE_MB } : {}),
    ...env,
  });
  const { app, modules } = await buildApp({ ...config, seedDemo: false });
  // Time spent inside the server per request (what the target is about).
  let elapsed: number[] = [];
  app.addHook('onResponse', async (_req, reply) => {
    elapsed.push(reply.elapsedTime);
  });
  try {
    // A real listener on loopback: the reply is written to a socket, as in production
    // (app.inject would add its own copy of the 1.5 MB body to the server time).
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no loopback port');
    const base = `http://127.0.0.1:${address.port}`;
    const { repo: usersRepo, users, tokens } = modules.users;
    const team = newId();
    const owner = {
      ...(await users.newUserRow('graph@atrium.local', 'supervisor', team, 'Bench-Pass-1!')),
      email_verified: 1,
    };
    await usersRepo.createTeamWithUser({ id: team, name: 'Bench' }, owner);
    const project = newProjectRow(team, 'Wide graphs');
    await modules.projects.repo.insert([project]);
    const mac = '00000000beef';
    await modules.gateways.repo.insert([
      newGatewayRow({
        mac,
        sn: 'SNBEEF',
        type: 'kloudnx',
        name: 'Bench gateway',
        version: '8.5.0',
        online: 1,
        connection: 0,
        initialized: 1,
        team_id: team,
        project_id: project.id,
      }),
    ]);
    const addresses = Array.from({ length: ADDRESSES }, (_, i) => addressOf(i));
    await modules.db
      .insertInto('monitored_addresses')
      .values(
        addresses.map((address, i) => ({
          project_id: project.id,
          address,
          gateway_mac: mac,
          dpt: '9.001',
          name: `Room ${i}`,
          created_at: Date.now(),
        })),
      )
      .execute();
    // The year, one point an hour per address, through the store's batch path.
    const store = modules.timeseries.store;
    const t0 = performance.now();
    for (const [k, address] of addresses.entries()) {
      const seriesId = await store.ensureSeries(knxSeriesKey(project.id, mac, address));
      const points: Point[] = [];
      for (let t = YEAR_START; t < YEAR_START + YEAR; t += HOUR) {
        const i = (t - YEAR_START) / HOUR;
        points.push({ seriesId, t, v: 20 + k / 10 + 5 * Math.sin(i / 24) + (i % 7) / 10 });
      }
      await store.writeBatch(points);
    }
    if (env.DATABASE_URL) await sql`ANALYZE`.execute(modules.db);
    console.log(
      `${name}: loaded ${ADDRESSES} × ${YEAR / HOUR} points in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const token = await tokens.sign(owner);
    let first = NaN;
    const body = { measurements: addresses, start: YEAR_START, stop: YEAR_START + YEAR };
    let points = 0;
    let bytes = 0;
    for (let run = 0; run < WARM_UP + RUNS; run++) {
      if (run === 1) first = elapsed[0] ?? NaN;
      if (run === WARM_UP) elapsed = [];
      const res = await fetch(`${base}/api/project/timeseries/${project.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${res.status}: ${text.slice(0, 300)}`);
      const reply = JSON.parse(text) as { precision: string; data: { list: unknown[] }[] };
      points = reply.data.reduce((n, s) => n + s.list.length, 0);
      bytes = Buffer.byteLength(text);
      if (reply.precision !== '1d' || reply.data.length !== ADDRESSES) {
        throw new Error(`unexpected reply: ${reply.precision}, ${reply.data.length} series`);
      }
    }
    const [median, p95] = [quantile(elapsed, 0.5), quantile(elapsed, 0.95)];
    const { rate, cpu } = INGEST.skip
      ? { rate: NaN, cpu: NaN }
      : await ingest(modules, project.id, mac, postmaster);
    return { median, p95, first, points, bytes, ingestRate: rate, ingestCpu: cpu };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Figures | undefined> {
  if (!existsSync(process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin')) {
    console.log('PostgreSQL skipped: /usr/lib/postgresql/15/bin is missing');
    return undefined;
  }
  const cluster = await startPostgres();
  try {
    return await measure('PostgreSQL', { DATABASE_URL: cluster.url }, cluster.pid);
  } finally {
    cluster.stop();
  }
}

/** Runs SQLite then PostgreSQL and prints the figures; false when the target is missed. */
export async function main(): Promise<boolean> {
  const only = process.env.BENCH_DB; // sqlite or postgres, to run one alone
  const figures: Record<string, Figures> = {};
  if (only !== 'postgres') figures.SQLite = await measure('SQLite', {});
  const pg = only === 'sqlite' ? undefined : await onPostgres();
  if (pg) figures.PostgreSQL = pg;
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  let ok = true;
  const table = Object.entries(figures).map(([db, f]) => {
    const met = f.median <= TARGET_MS;
    ok &&= met;
    return {
      db,
      [`server median (${ADDRESSES} × 1 year, auto)`]: ms(f.median),
      'server p95': ms(f.p95),
      'first query after start': ms(f.first),
      points: f.points.toLocaleString('en-US'),
      'reply bytes': f.bytes.toLocaleString('en-US'),
      target: `≤ ${TARGET_MS} ms`,
      verdict: met ? 'met' : 'MISSED',
      [`store ingest (goal ${INGEST.rate.toLocaleString('en-US')}/s)`]: Math.round(
        f.ingestRate,
      ).toLocaleString('en-US'),
      'ingest CPU (of all cores, goal ≤ 70 %)': `${(100 * f.ingestCpu).toFixed(0)} %`,
    };
  });
  console.log(`\nWide graph benchmark (Node ${process.version}, ${cpus().length} CPUs)`);
  console.table(table);
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await main()) ? 0 : 1;
}

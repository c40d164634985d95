/**
 * Dashboards benchmark (issue 20, point 5), on the real app (buildApp):
 * 1. A chart dashboard of 12 widgets over one year of data (9 KNX series, a point every
 *    5 minutes: about 950,000 points) opens in ≤ 500 ms server side: the time of
 *    GET /api/chartnx/data/{project}/{dashboard} through app.inject (no network), and of the
 *    shared page's two calls; median, p95 and max, on SQLite and PostgreSQL.
 * 2. Live values to shared viewers: one share link, 1 socket.io viewer then 200 viewers in the
 *    same run (SQLite app, loopback); each value's delay from the hub event to every viewer's
 *    `dashboard:values`; target p99 ≤ 300 ms with 200 viewers.
 * Knobs: BENCH_DASH_STEP_MIN (minutes between points, 5), BENCH_DASH_RUNS (20),
 * BENCH_DASH_VIEWERS (200), BENCH_DASH_VALUES (40). Run alone:
 * `node --import tsx bench/dashboards.bench.ts`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import { DEMO_BUILDINGS } from '@atrium/gateway-agent/demo-building-values';
import {
  DASHBOARD_SOCKET_EVENTS,
  DASHBOARD_TOKEN_HEADER,
  type DashboardBody,
  type DashboardValuesEvent,
  type TokenReply,
  type WidgetInput,
} from '@atrium/contracts/dashboards';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { newId } from '../apps/server/src/lib/ids';
import { newGatewayRow } from '../apps/server/src/modules/gateways/gateway-rows';
import { knxSeriesKey } from '../apps/server/src/modules/monitoring/monitoring-series';
import { newProjectRow } from '../apps/server/src/modules/projects/project-view';
import type { Point } from '../apps/server/src/modules/timeseries/timeseries.types';
import { demoEtsXml } from '../apps/server/src/seed/demo-building';
import { startPostgres } from '../apps/server/test/postgres-cluster';
import { envNumber } from './knobs';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const STEP = envNumber('BENCH_DASH_STEP_MIN', 5) * MIN;
const RUNS = envNumber('BENCH_DASH_RUNS', 20);
const VIEWERS = envNumber('BENCH_DASH_VIEWERS', 200);
const VALUES = envNumber('BENCH_DASH_VALUES', 40);
const OPEN_TARGET_MS = 500;
const LIVE_TARGET_MS = 300;

/** The year's series: temperatures, CO₂, an energy counter, a power and a pump. */
const SERIES = ['1/1/1', '1/1/2', '1/1/3', '1/1/4', '1/1/5', '1/2/1', '3/0/1', '3/0/2', '2/2/1'];

const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

/** The 12 widgets: 4 charts, 2 bars (days, months), 2 tables, 2 values, a gauge, a state. */
function twelveWidgets(mac: string): DashboardBody {
  const ref = (address: string) => ({ source: 'knx' as const, mac, address });
  const at = (i: number) => ({ x: (i % 4) * 3, y: Math.floor(i / 4) * 4, w: 3, h: 4 });
  const widgets: WidgetInput[] = [
    { id: 'l1', kind: 'line', title: 'T', layout: at(0), series: SERIES.slice(0, 3).map(ref) },
    { id: 'l2', kind: 'line', title: 'T', layout: at(1), series: SERIES.slice(3, 5).map(ref) },
    {
      id: 'l3',
      kind: 'line',
      title: 'CO2',
      layout: at(2),
      series: [ref('1/2/1')],
      aggregation: 'max',
    },
    { id: 'l4', kind: 'line', title: 'P', layout: at(3), series: [ref('3/0/2')], style: 'area' },
    { id: 'b1', kind: 'bar', title: 'E', layout: at(4), series: [ref('3/0/1')], period: 'day' },
    { id: 'b2', kind: 'bar', title: 'E', layout: at(5), series: [ref('3/0/1')], period: 'month' },
    { id: 't1', kind: 'table', title: 'T', layout: at(6), series: SERIES.slice(0, 6).map(ref) },
    { id: 't2', kind: 'table', title: 'E', layout: at(7), series: [ref('3/0/1'), ref('3/0/2')] },
    { id: 'v1', kind: 'value', title: 'V', layout: at(8), series: [ref('1/1/1')] },
    { id: 'v2', kind: 'value', title: 'V', layout: at(9), series: [ref('1/1/5')] },
    {
      id: 'g1',
      kind: 'gauge',
      title: 'G',
      layout: at(10),
      series: [ref('3/0/2')],
      min: 0,
      max: 6000,
    },
    { id: 's1', kind: 'state', title: 'S', layout: at(11), series: [ref('2/2/1')] },
  ];
  return { name: 'Bench', form: { range: { kind: '1y' }, widgets } };
}

/** A value of series `k` at step `i`: cycles, an increasing counter, a pump on by day. */
function valueOf(address: string, i: number, t: number): number {
  if (address === '3/0/1') return i * 40;
  if (address === '3/0/2') return 400 + 300 * Math.sin(i / 50);
  if (address === '2/2/1')
    return new Date(t).getUTCHours() >= 8 && new Date(t).getUTCHours() < 18 ? 1 : 0;
  if (address === '1/2/1') return 450 + 100 * Math.sin(i / 90);
  return 20 + 3 * Math.sin(i / 288) + (i % 7) / 10;
}

/** The app on a fresh database, a team, a project with one gateway recording a year. */
async function appWithYear(database: { url?: string }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-dash-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MQTT_PORT: '-1',
    TUNNEL_PORT: '-1',
    DEMO_MODBUS_PORT: '-1',
    RETENTION_SWEEP_HOURS: '0',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  const { app, modules } = await buildApp({ ...config, seedDemo: false });
  const team = newId();
  const owner = {
    ...(await modules.users.users.newUserRow('bench@atrium.local', 'manager', team, 'Bench-1!x')),
    email_verified: 1,
  };
  await modules.users.repo.createTeamWithUser({ id: team, name: 'Bench' }, owner);
  const project = newProjectRow(team, 'Bench dashboards');
  await modules.projects.repo.insert([{ ...project, licence_chartnx: 5, licence_bossnx: 1 }]);
  const mac = 'be0c00000001';
  await modules.gateways.repo.insert([
    newGatewayRow({
      mac,
      sn: 'BENCH001',
      type: 'kloudnx',
      name: 'Bench',
      version: '8.5.0',
      team_id: team,
      project_id: project.id,
      initialized: 1,
    }),
  ]);
  await modules.monitoring.ets.upload(project.id, {
    name: 'bench.xml',
    bytes: Buffer.from(demoEtsXml(DEMO_BUILDINGS['Villa Rose'])),
  });
  await modules.monitoring.monitored.setGateway(
    mac,
    SERIES.map((address) => ({ address })),
  );
  const store = modules.timeseries.store;
  const now = Date.now();
  const from = now - 365 * DAY;
  let points = 0;
  const started = performance.now();
  for (const address of SERIES) {
    const seriesId = await store.ensureSeries(knxSeriesKey(project.id, mac, address));
    let chunk: Point[] = [];
    for (let t = from, i = 0; t <= now; t += STEP, i++) {
      chunk.push({ seriesId, t, v: valueOf(address, i, t) });
      if (chunk.length === 20_000) {
        await store.writeBatch(chunk);
        points += chunk.length;
        chunk = [];
      }
    }
    await store.writeBatch(chunk);
    points += chunk.length;
  }
  const token = await modules.users.tokens.sign(owner);
  return {
    app,
    modules,
    project: project.id,
    mac,
    token,
    points,
    loadSeconds: (performance.now() - started) / 1000,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Bench = Awaited<ReturnType<typeof appWithYear>>;
const auth = (b: Bench) => ({ authorization: `Bearer ${b.token}` });

/** Creates the dashboard and a share link; the link's token. */
async function dashboardAndLink(b: Bench) {
  const res = await b.app.inject({
    method: 'POST',
    url: `/api/chartnx/dashboard/${b.project}`,
    headers: auth(b),
    payload: twelveWidgets(b.mac),
  });
  if (res.statusCode !== 201) throw new Error(`dashboard: ${res.body}`);
  const id = res.json<{ dashboard: { _id: string } }>().dashboard._id;
  const tok = await b.app.inject({
    method: 'POST',
    url: '/api/chartnx/token',
    headers: auth(b),
    payload: { type: 'chartnx', project: b.project, dashboardID: id },
  });
  if (tok.statusCode !== 201) throw new Error(`token: ${tok.body}`);
  return { id, token: tok.json<TokenReply>().token };
}

interface OpenFigures {
  points: number;
  loadSeconds: number;
  median: number;
  p95: number;
  max: number;
  sharedMedian: number;
  sharedP95: number;
  bytes: number;
}

/** Times the dashboard's opening: its data call, and the shared page's two calls. */
async function timeOpen(b: Bench): Promise<OpenFigures> {
  const { id, token } = await dashboardAndLink(b);
  const url = `/api/chartnx/data/${b.project}/${id}`;
  let bytes = 0;
  for (let i = 0; i < 3; i++) await b.app.inject({ url, headers: auth(b) });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await b.app.inject({ url, headers: auth(b) });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`data: ${res.body}`);
    bytes = res.body.length;
  }
  const shared: number[] = [];
  const headers = { [DASHBOARD_TOKEN_HEADER]: token };
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await b.app.inject({ url: '/api/shared/dashboard', headers });
    const res = await b.app.inject({ url: '/api/shared/dashboard/data', headers });
    shared.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`shared: ${res.body}`);
  }
  return {
    points: b.points,
    loadSeconds: b.loadSeconds,
    median: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    max: Math.max(...times),
    sharedMedian: quantile(shared, 0.5),
    sharedP95: quantile(shared, 0.95),
    bytes,
  };
}

/** Connects `n` viewers of the link. */
async function viewers(baseUrl: string, token: string, n: number): Promise<Socket[]> {
  const sockets = Array.from({ length: n }, () =>
    io(baseUrl, {
      path: '/socket.io',
      auth: { dashboardToken: token },
      transports: ['websocket'],
      forceNew: true,
    }),
  );
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve, reject) => {
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
        }),
    ),
  );
  return sockets;
}

/**
 * Emits VALUES telegram events of a dashboard series, 100 ms apart; every viewer records
 * each value's delay (its `v` is the value's number).
 */
async function liveDelays(b: Bench, sockets: Socket[]): Promise<number[]> {
  const sentAt: number[] = [];
  const delays: number[] = [];
  const expected = sockets.length * VALUES;
  const done = new Promise<void>((resolve) => {
    for (const s of sockets)
      s.on(DASHBOARD_SOCKET_EVENTS.values, (e: DashboardValuesEvent) => {
        for (const item of e.items) {
          const at = sentAt[item.v];
          if (item.address === '1/1/1' && at !== undefined) delays.push(performance.now() - at);
        }
        if (delays.length >= expected) resolve();
      });
  });
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, VALUES * 100 + 10_000));
  for (let i = 0; i < VALUES; i++) {
    sentAt[i] = performance.now();
    b.modules.hub.events.emit('telegrams', {
      project: b.project,
      mac: b.mac,
      items: [
        { ga: '1/1/1', dpt: '9.001', value: i, t: Date.now() },
        { ga: '1/1/9', dpt: '9.001', value: i, t: Date.now() },
      ],
    });
    await new Promise((r) => setTimeout(r, 100));
  }
  await Promise.race([done, timeout]);
  for (const s of sockets) s.off(DASHBOARD_SOCKET_EVENTS.values);
  return delays;
}

interface LiveFigures {
  single: { p50: number; p99: number; n: number };
  many: { p50: number; p99: number; n: number; expected: number };
}

async function timeLive(b: Bench): Promise<LiveFigures> {
  const { token } = await dashboardAndLink(b);
  await b.app.listen({ host: '127.0.0.1', port: 0 });
  const address = b.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const one = await viewers(baseUrl, token, 1);
  const single = await liveDelays(b, one);
  one.forEach((s) => s.close());
  const many = await viewers(baseUrl, token, VIEWERS);
  const delays = await liveDelays(b, many);
  many.forEach((s) => s.close());
  return {
    single: { p50: quantile(single, 0.5), p99: quantile(single, 0.99), n: single.length },
    many: {
      p50: quantile(delays, 0.5),
      p99: quantile(delays, 0.99),
      n: delays.length,
      expected: VIEWERS * VALUES,
    },
  };
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

export async function main(): Promise<boolean> {
  const open: Record<string, OpenFigures> = {};
  let live: LiveFigures | undefined;
  const sqlite = await appWithYear({});
  try {
    open.SQLite = await timeOpen(sqlite);
    live = await timeLive(sqlite);
  } finally {
    await sqlite.close();
  }
  if (existsSync(process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin')) {
    const cluster = await startPostgres();
    try {
      const pg = await appWithYear({ url: cluster.url });
      try {
        await sql`ANALYZE`.execute(pg.app.db);
        open.PostgreSQL = await timeOpen(pg);
      } finally {
        await pg.close();
      }
    } finally {
      cluster.stop();
    }
  } else console.log('PostgreSQL skipped: /usr/lib/postgresql/15/bin is missing');

  console.log(`\nDashboards benchmark (Node ${process.version}, ${cpus().length} CPUs)`);
  let met = true;
  const rows = Object.entries(open).map(([db, f]) => {
    const ok = f.p95 <= OPEN_TARGET_MS && f.sharedP95 <= OPEN_TARGET_MS;
    met &&= ok;
    return {
      db,
      'points (1 year)': f.points.toLocaleString('en-US'),
      'load s': f.loadSeconds.toFixed(1),
      '12 widgets median': ms(f.median),
      p95: ms(f.p95),
      max: ms(f.max),
      'shared page p95': ms(f.sharedP95),
      'reply KB': (f.bytes / 1024).toFixed(0),
      target: `p95 ≤ ${OPEN_TARGET_MS} ms`,
      verdict: ok ? 'met' : 'MISSED',
    };
  });
  console.table(rows);
  if (live) {
    const ok = live.many.p99 <= LIVE_TARGET_MS && live.many.n === live.many.expected;
    met &&= ok;
    console.table([
      { viewers: 1, deliveries: live.single.n, p50: ms(live.single.p50), p99: ms(live.single.p99) },
      {
        viewers: VIEWERS,
        deliveries: `${live.many.n} / ${live.many.expected}`,
        p50: ms(live.many.p50),
        p99: ms(live.many.p99),
        target: `p99 ≤ ${LIVE_TARGET_MS} ms, all delivered`,
        verdict: ok ? 'met' : 'MISSED',
      },
    ]);
  }
  return met;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await main();
  process.exit(ok ? 0 : 1);
}

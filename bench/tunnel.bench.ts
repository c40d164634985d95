/**
 * Remote access benchmark (issue 13): the real server (bench/hub-server.ts, a child process)
 * and a fleet of gateways (bench/tunnel-processes.ts, another) whose agents' ssh2 tunnels
 * forward a local HTTP page and a TCP echo (their KNXnet/IP endpoint). Compares the page
 * reached through its proxy host (client → server → tunnel channel → gateway → page) with the
 * same page reached directly:
 * 1. a 10 MiB download, runs interleaved after a warm-up: proxied throughput ≥ 50 % of direct;
 *    beside them, when Debian's openssh-server is installed, the floor of any SSH tunnel on this
 *    machine: the same page through OpenSSH's client and server (`ssh -L`, no Atrium);
 * 2. a 2 KiB page, sequential keep-alive requests interleaved: proxied p50 ≤ 2 × direct p50 + 5 ms;
 * 3. 200 sessions at once on the one server, each with an ETS port holding one TCP connection
 *    and one endless HTTP response streaming through its proxy host: all 200 work (a byte
 *    round trip through each ETS port, before and after the RSS is read; every stream still
 *    flowing). Reported: the server's RSS per session.
 * Part 3 runs first, on a server that has proxied nothing yet, so that big transfers' buffers
 * do not count as sessions' memory; parts 1 and 2 then run on the first session while the
 * other sessions stay open (their ETS connections and streams closed).
 * Server settings: PUBLIC_URL http://localhost:{port} (proxy hosts are its subdomains; the
 * bench sends to 127.0.0.1 with the proxy host as Host), HTTP_MAX_CONNECTIONS_PER_IP=0 (every
 * stream and API call comes from 127.0.0.1), ETS_PORTS 51000-…, TUNNEL_PORT=0, RETENTION_SWEEP_HOURS=0.
 * Knobs: TUNNEL_BENCH_SESSIONS (200), TUNNEL_BENCH_RUNS (downloads each way, 31),
 * TUNNEL_BENCH_WARMUP (downloads each way before those, 5),
 * TUNNEL_BENCH_REQUESTS (small pages each way, 500), TUNNEL_BENCH_SERVER_ARGS (more Node flags
 * for the server, e.g. `--trace-gc`), TUNNEL_BENCH_PROFILE=DIR (CPU profiles of the
 * server and the gateway fleet), TUNNEL_BENCH_SSH_FIRST=1 (the OpenSSH downloads before the
 * sessions part and its memory readings, whose forced collections leave the server's heap
 * limits low), TUNNEL_BENCH_IDLE_S (seconds the server idles before that), TUNNEL_BENCH_ONLY_SSH=1
 * (with SSH_FIRST: stop after those downloads). Run alone: `node --import tsx bench/tunnel.bench.ts`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { etsPortReply, vpnProxyReply, vpnStatusReply } from '@atrium/contracts/vpn';
import { freePort } from '../apps/server/test/postgres-cluster';
import { benchGateway, exited, waitOnline } from './hub-processes';
import { openSshFloor, openSshGateway } from './tunnel-openssh';
import {
  BIG_BYTES,
  SMALL_BYTES,
  STREAM_EVERY_MS,
  serverMemory,
  startGatewayFleet,
  startTunnelServer,
} from './tunnel-processes';
import { envNumber } from './knobs';

const SESSIONS = envNumber('TUNNEL_BENCH_SESSIONS', 200);
const RUNS = envNumber('TUNNEL_BENCH_RUNS', 31);
const WARMUP = envNumber('TUNNEL_BENCH_WARMUP', 5);
const REQUESTS = envNumber('TUNNEL_BENCH_REQUESTS', 500);
/** Sessions being opened at once (each: open, wait for its tunnel, ETS port, connection, stream). */
const OPENING = 10;
const ETS_FROM = 51_000;
const TARGETS = { throughputRatio: 0.5, p50Factor: 2, p50PlusMs: 5 };
const MiB = 2 ** 20;
const TICK = 100; // clock ticks per second in /proc/{pid}/stat

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The server's memory once settled (MiB). Right after a full garbage collection, read every
 * second: RSS keeps falling in steps for 40 s or so after a start or a burst (freed memory is
 * given back late, plateaus of 15 s between steps), so the reading is taken once RSS has held
 * within 1 MiB for 20 s, 45 s at the earliest, 120 s at the latest. `heap`: the main thread's
 * V8 heap in use plus memory outside it (buffers).
 */
async function settledMemory(child: ChildProcess) {
  const start = Date.now();
  const rss: number[] = [];
  for (;;) {
    const m = await serverMemory(child);
    rss.push(m.rss / MiB);
    const quiet = rss.slice(-21);
    const elapsed = Date.now() - start;
    if (
      (elapsed >= 45_000 && quiet.length === 21 && Math.max(...quiet) - Math.min(...quiet) <= 1) ||
      elapsed > 120_000
    )
      return {
        rss: m.rss / MiB,
        heap: (m.heapUsed + m.external) / MiB,
        seconds: Math.round(elapsed / 1000),
      };
    await sleep(1_000);
  }
}

/** Retries `attempt` until it resolves (every 100 ms, for up to `timeoutMs`); counts the retries. */
async function retrying<T>(attempt: () => Promise<T>, timeoutMs: number, retries: { n: number }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      retries.n++;
      await sleep(100);
    }
  }
}

/** The console's API as the bench admin. */
function api(port: number, token: string) {
  return async (method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json: unknown = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}
type Api = ReturnType<typeof api>;

/** A GET to 127.0.0.1:port, with a proxy host as Host if given; resolves with the response. */
function get(port: number, path: string, host: string | undefined, agent: Agent | false) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers: host ? { host } : {} });
    req.once('response', resolve).on('error', reject);
    req.end();
  });
}

/** Reads a whole reply; rejects unless 200 with `bytes` bytes. Resolves with the ms it took. */
async function fetchBody(
  port: number,
  path: string,
  host: string | undefined,
  agent: Agent,
  bytes: number,
) {
  const start = performance.now();
  const res = await get(port, path, host, agent);
  let got = 0;
  for await (const chunk of res) got += (chunk as Buffer).length;
  const ms = performance.now() - start;
  if (res.statusCode !== 200 || got !== bytes)
    throw new Error(`${host ?? 'direct'} ${path}: ${res.statusCode}, ${got} of ${bytes} bytes`);
  return ms;
}

/** A TCP connection held through an ETS port: each round trip sends text and reads its echo. */
async function holdEts(port: number) {
  const socket: Socket = await new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port }, () => resolve(s));
    s.once('error', reject);
  });
  socket.on('error', () => socket.destroy());
  const roundTrip = (text: string) =>
    new Promise<void>((resolve, reject) => {
      let got = '';
      const timer = setTimeout(() => done(new Error(`no echo on ETS port ${port}`)), 10_000);
      const onData = (d: Buffer) => {
        got += d.toString('utf8');
        if (got.length >= text.length)
          done(got === text ? undefined : new Error(`ETS port ${port} echoed ${got}`));
      };
      const onClose = () => done(new Error(`ETS port ${port}: connection closed`));
      const done = (err?: Error) => {
        clearTimeout(timer);
        socket.off('data', onData).off('close', onClose);
        if (err) reject(err);
        else resolve();
      };
      socket.on('data', onData).once('close', onClose);
      socket.write(text);
    });
  try {
    await roundTrip('knx-hello');
  } catch (err) {
    socket.destroy();
    throw err;
  }
  return { socket, roundTrip };
}

/** An endless response streaming through a proxy host, counting its lines; resolves on the first. */
async function holdStream(port: number, host: string) {
  const res = await get(port, '/stream', host, false);
  if (res.statusCode !== 200) {
    res.destroy();
    throw new Error(`stream through ${host}: ${res.statusCode}`);
  }
  const stream = { res, chunks: 0, last: Date.now(), ended: false };
  res.once('close', () => (stream.ended = true)).on('error', () => (stream.ended = true));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      res.destroy();
      reject(new Error(`stream through ${host}: nothing in 10 s`));
    }, 10_000);
    res.on('data', () => {
      stream.chunks++;
      stream.last = Date.now();
      clearTimeout(timer);
      resolve();
    });
  });
  return stream;
}

interface Session {
  mac: string;
  host: string;
  etsPort: number;
  ets: Awaited<ReturnType<typeof holdEts>>;
  stream: Awaited<ReturnType<typeof holdStream>>;
}

/** Opens a gateway's session and holds an ETS connection and a stream through it. */
async function openSession(call: Api, port: number, i: number, retries: { n: number }) {
  const { mac } = benchGateway(i);
  await call('POST', `/api/vpn/open/${mac}`, { delay: 7_200_000 });
  await retrying(
    async () => {
      const s = vpnStatusReply.parse(await call('GET', `/api/vpn/status/${mac}`));
      if (s.online !== 'true') throw new Error(`${mac}: tunnel not up`);
    },
    30_000,
    { n: 0 },
  );
  const proxy = vpnProxyReply.parse(await call('GET', `/api/vpn/proxy/id/${mac}`));
  await call('GET', `/api/vpn/proxy/ets/create/${mac}?ipv6=false`);
  const etsPort = await retrying(
    async () => {
      const r = etsPortReply.parse(await call('GET', `/api/vpn/proxy/ets/port/${mac}`));
      if (r.port === 'false') throw new Error(`${mac}: no ETS port`);
      return r.port;
    },
    30_000,
    { n: 0 },
  );
  // The tunnel may be up a moment before its forwards are: count the retries that needs.
  const ets = await retrying(() => holdEts(etsPort), 10_000, retries);
  const host = new URL(proxy.urls.config).host;
  const stream = await retrying(() => holdStream(port, host), 10_000, retries);
  return { mac, host, etsPort, ets, stream } satisfies Session;
}

/** Runs `job(i)` for i in [from, to), `width` at a time. */
async function pool<T>(from: number, to: number, width: number, job: (i: number) => Promise<T>) {
  const out: T[] = [];
  let next = from;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < to) {
        const i = next++;
        out[i - from] = await job(i);
      }
    }),
  );
  return out;
}

type Memory = Awaited<ReturnType<typeof settledMemory>>;

interface SessionFigures {
  opened: number;
  openSeconds: number;
  working: number;
  before: Memory;
  first: Memory;
  after: Memory;
  retries: number;
}

/** Part 3: every session open at once, each with its ETS connection and stream; server RSS. */
async function concurrentSessions(call: Api, port: number, server: ChildProcess) {
  const before = await settledMemory(server);
  const retries = { n: 0 };
  const sessions: Session[] = [];
  const t0 = Date.now();
  // The first session alone: what any first use costs (code compiled, pools) is not per session.
  sessions.push(await openSession(call, port, 0, retries));
  const firstMs = Date.now() - t0;
  const first = await settledMemory(server);
  const t1 = Date.now();
  const rest = await pool(1, SESSIONS, OPENING, (i) =>
    openSession(call, port, i, retries).catch((err: Error) => {
      console.log(`session ${i}: ${err.message}`);
      return undefined;
    }),
  );
  sessions.push(...rest.filter((x) => x !== undefined));
  const openSeconds = (firstMs + Date.now() - t1) / 1000;
  console.log(`${sessions.length} sessions open, each with an ETS connection and a stream`);
  const after = await settledMemory(server);
  // All still work: a second round trip on each held ETS connection, and every stream flowing.
  const since = Date.now() - 3 * STREAM_EVERY_MS;
  const checks = await Promise.all(
    sessions.map(async (s) => {
      const ets = await s.ets.roundTrip(`knx-${s.mac}`).then(
        () => true,
        (err: Error) => (console.log(err.message), false),
      );
      const flowing = !s.stream.ended && s.stream.last >= since && s.stream.chunks > 1;
      if (!flowing) console.log(`stream through ${s.host} stalled (${s.stream.chunks} lines)`);
      return ets && flowing;
    }),
  );
  for (const s of sessions) {
    s.ets.socket.destroy();
    s.stream.res.destroy();
  }
  return {
    sessions,
    figures: {
      opened: sessions.length,
      openSeconds,
      working: checks.filter(Boolean).length,
      before,
      first,
      after,
      retries: retries.n,
    } satisfies SessionFigures,
  };
}

/** CPU seconds a process has used, from /proc. */
function cpuSeconds(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICK;
}

/**
 * Part 1: 10 MiB downloads, direct and proxied in turn (which goes first rotates), after
 * WARMUP downloads each way (both paths get faster over their first few downloads: compiled
 * code, heap limits, socket buffers). With `floorPort`, a third way in the same rotation: the
 * SSH tunnel floor (openSshFloor). Also the CPU each process spends per MiB each way: where
 * the proxied path's time goes.
 */
async function throughput(
  port: number,
  pagePort: number,
  host: string,
  pids: { server: number; fleet: number },
  floorPort?: number,
) {
  const ways = floorPort
    ? (['direct', 'proxied', 'floor'] as const)
    : (['direct', 'proxied'] as const);
  type Way = (typeof ways)[number];
  const agents = new Map(ways.map((w) => [w, new Agent({ keepAlive: true, maxSockets: 1 })]));
  const mibps: Record<Way, number[]> = { direct: [], proxied: [], floor: [] };
  const none = () => ({ server: 0, fleet: 0, client: 0 });
  const cpu: Record<Way, ReturnType<typeof none>> = {
    direct: none(),
    proxied: none(),
    floor: none(),
  };
  const one = async (via: Way, record: boolean) => {
    const before = [cpuSeconds(pids.server), cpuSeconds(pids.fleet), process.cpuUsage()] as const;
    const agent = agents.get(via) as Agent;
    const ms =
      via === 'proxied'
        ? await fetchBody(port, '/big', host, agent, BIG_BYTES)
        : await fetchBody(
            via === 'direct' ? pagePort : (floorPort ?? 0),
            '/big',
            undefined,
            agent,
            BIG_BYTES,
          );
    if (!record) return;
    mibps[via].push(BIG_BYTES / MiB / (ms / 1000));
    const client = process.cpuUsage(before[2]);
    cpu[via].server += cpuSeconds(pids.server) - before[0];
    cpu[via].fleet += cpuSeconds(pids.fleet) - before[1];
    cpu[via].client += (client.user + client.system) / 1e6;
  };
  for (let w = 0; w < WARMUP; w++) for (const via of ways) await one(via, false);
  for (let r = 0; r < RUNS; r++) {
    const k = r % ways.length;
    for (const via of [...ways.slice(k), ...ways.slice(0, k)]) await one(via, true);
  }
  for (const agent of agents.values()) agent.destroy();
  /** CPU ms per MiB moved, by process. */
  const moved = (RUNS * BIG_BYTES) / MiB;
  const perMiB = (c: { server: number; fleet: number; client: number }) =>
    `server ${f1((c.server * 1000) / moved)}, gateway side ${f1((c.fleet * 1000) / moved)}, client ${f1((c.client * 1000) / moved)} ms/MiB`;
  console.log(
    `CPU per MiB: direct ${perMiB(cpu.direct)}; proxied ${perMiB(cpu.proxied)}${floorPort ? `; floor client ${f1((cpu.floor.client * 1000) / moved)} ms/MiB` : ''} (${TICK} ticks/s)`,
  );
  return {
    direct: quantile(mibps.direct, 0.5),
    proxied: quantile(mibps.proxied, 0.5),
    floor: floorPort ? quantile(mibps.floor, 0.5) : undefined,
    mibps,
  };
}

/** Part 2: sequential 2 KiB pages on a kept-alive connection each way, in turn. */
async function latency(port: number, pagePort: number, host: string) {
  const direct = new Agent({ keepAlive: true, maxSockets: 1 });
  const proxied = new Agent({ keepAlive: true, maxSockets: 1 });
  const ms = { direct: [] as number[], proxied: [] as number[] };
  const warmUp = 20;
  for (let i = 0; i < REQUESTS + warmUp; i++) {
    const d = await fetchBody(pagePort, '/small', undefined, direct, SMALL_BYTES);
    const p = await fetchBody(port, '/small', host, proxied, SMALL_BYTES);
    if (i < warmUp) continue;
    ms.direct.push(d);
    ms.proxied.push(p);
  }
  direct.destroy();
  proxied.destroy();
  const at = (xs: number[], q: number) => quantile(xs, q);
  return {
    direct: { p50: at(ms.direct, 0.5), p99: at(ms.direct, 0.99) },
    proxied: { p50: at(ms.proxied, 0.5), p99: at(ms.proxied, 0.99) },
  };
}

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

export async function main(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-tunnel-bench-'));
  const children: ChildProcess[] = [];
  try {
    const [port, mqttPort, tunnelPort] = [await freePort(), await freePort(), await freePort()];
    const server = await startTunnelServer({
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // One more than the fleet runs: its tunnel is OpenSSH's (openSshGateway).
      HUB_GATEWAYS: String(SESSIONS + 1),
      MQTT_PORT: String(mqttPort),
      // Proxy hosts are subdomains of PUBLIC_URL's host: a name (`*.localhost`), not an address.
      PUBLIC_URL: `http://localhost:${port}`,
      TUNNEL_PORT: String(tunnelPort),
      TUNNEL_PUBLIC_HOST: '127.0.0.1',
      ETS_PORTS: `${ETS_FROM}-${ETS_FROM + SESSIONS + 99}`,
      // Every stream, API call and download comes from 127.0.0.1.
      HTTP_MAX_CONNECTIONS_PER_IP: '0',
      // Nor for the tunnels' logins, all from 127.0.0.1 too (32 by default).
      TUNNEL_PRE_AUTH_PER_ADDRESS: '0',
      // The first retention sweep (a minute after the start) adds some 70 MiB of RSS: not sessions'.
      RETENTION_SWEEP_HOURS: '0',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    });
    children.push(server.child);
    const call = api(port, server.ready.token);
    const fleet = await startGatewayFleet(`mqtt://127.0.0.1:${mqttPort}`, SESSIONS);
    children.push(fleet.child);
    const online = await waitOnline(port, server.ready.token, SESSIONS, 120_000);
    console.log(`${SESSIONS} gateways online after ${f1(online)} s`);

    const sshFirst = process.env.TUNNEL_BENCH_SSH_FIRST === '1';
    const sshThroughput = async () => {
      // The same downloads through a gateway whose tunnel is OpenSSH, as a real gateway's is.
      const ssh = await openSshGateway({
        dir,
        index: SESSIONS,
        tunnelPort,
        pagePort: fleet.ready.pagePort,
        call,
      });
      children.push(ssh.child);
      const floor = await openSshFloor({ dir, pagePort: fleet.ready.pagePort, children });
      if ('missing' in floor) console.log(`SSH tunnel floor not measured: ${floor.missing}`);
      const t = await throughput(
        port,
        fleet.ready.pagePort,
        ssh.host,
        { server: server.child.pid ?? 0, fleet: ssh.child.pid ?? 0 },
        'port' in floor ? floor.port : undefined,
      );
      console.log(
        `OpenSSH gateway, MiB/s direct ${t.mibps.direct.map(f1).join(', ')}; proxied ${t.mibps.proxied.map(f1).join(', ')}${t.floor ? `; floor ${t.mibps.floor.map(f1).join(', ')}` : ''}`,
      );
      return t;
    };
    await sleep(envNumber('TUNNEL_BENCH_IDLE_S', 0) * 1000);
    const early = sshFirst ? await sshThroughput() : undefined;
    if (early && process.env.TUNNEL_BENCH_ONLY_SSH === '1') {
      console.log(`OpenSSH gateway ratio ${((early.proxied / early.direct) * 100).toFixed(0)} %`);
      if (early.floor)
        console.log(
          `SSH tunnel floor ${((early.floor / early.direct) * 100).toFixed(0)} % of direct; proxied ${((early.proxied / early.floor) * 100).toFixed(0)} % of the floor`,
        );
      return early.proxied / early.direct >= TARGETS.throughputRatio;
    }
    const { sessions, figures: s } = await concurrentSessions(call, port, server.child);
    console.log(JSON.stringify(s));
    const host = sessions[0]?.host ?? '';
    await sleep(2_000);
    const tp = await throughput(port, fleet.ready.pagePort, host, {
      server: server.child.pid ?? 0,
      fleet: fleet.child.pid ?? 0,
    });
    console.log(
      `MiB/s direct ${tp.mibps.direct.map(f1).join(', ')}; proxied ${tp.mibps.proxied.map(f1).join(', ')}`,
    );
    const tpSsh = early ?? (await sshThroughput());
    const lat = await latency(port, fleet.ready.pagePort, host);
    console.log(JSON.stringify(lat));

    const ratio = tp.proxied / tp.direct;
    const ratioSsh = tpSsh.proxied / tpSsh.direct;
    const latencyBound = TARGETS.p50Factor * lat.direct.p50 + TARGETS.p50PlusMs;
    const ok = {
      // The target is the cloud's proxy: measured with a gateway whose SSH client is OpenSSH.
      throughput: ratioSsh >= TARGETS.throughputRatio,
      latency: lat.proxied.p50 <= latencyBound,
      sessions: s.opened === SESSIONS && s.working === SESSIONS,
    };
    const per = (key: 'rss' | 'heap') => ({
      all: (s.after[key] - s.before[key]) / SESSIONS,
      marginal: SESSIONS > 1 ? (s.after[key] - s.first[key]) / (SESSIONS - 1) : NaN,
    });
    const [rss, heap] = [per('rss'), per('heap')];
    console.log(`\n| measure | direct | proxied | target | result |`);
    console.log('|---|---|---|---|---|');
    console.log(
      `| 10 MiB download, median of ${RUNS}, gateway tunnel = OpenSSH | ${f1(tpSsh.direct)} MiB/s | ${f1(tpSsh.proxied)} MiB/s (${(ratioSsh * 100).toFixed(0)} %) | ≥ ${TARGETS.throughputRatio * 100} % of direct | ${verdict(ok.throughput)} |`,
    );
    if (tpSsh.floor)
      console.log(
        `| 10 MiB download, median of ${RUNS}, SSH tunnel floor: OpenSSH's client → OpenSSH's server (\`ssh -L\`), no Atrium | ${f1(tpSsh.direct)} MiB/s | ${f1(tpSsh.floor)} MiB/s (${pct(tpSsh.floor / tpSsh.direct)}; Atrium's proxy ${pct(tpSsh.proxied / tpSsh.floor)} of it) | reported | — |`,
      );
    console.log(
      `| 10 MiB download, median of ${RUNS}, gateway tunnel = the simulator's ssh2 | ${f1(tp.direct)} MiB/s | ${f1(tp.proxied)} MiB/s (${(ratio * 100).toFixed(0)} %) | reported | — |`,
    );
    console.log(
      `| 2 KiB page, ${REQUESTS} sequential, p50 (p99) | ${f2(lat.direct.p50)} (${f2(lat.direct.p99)}) ms | ${f2(lat.proxied.p50)} (${f2(lat.proxied.p99)}) ms | p50 ≤ 2 × direct + 5 = ${f2(latencyBound)} ms | ${verdict(ok.latency)} |`,
    );
    console.log(
      `| ${SESSIONS} sessions, each an ETS connection + a stream | — | ${s.working} of ${SESSIONS} work; opened in ${f1(s.openSeconds)} s | all ${SESSIONS} work | ${verdict(ok.sessions)} |`,
    );
    console.log(
      `| server RSS per session | — | ${f2(rss.all)} MiB (${f1(s.before.rss)} → ${f1(s.after.rss)} MiB; ${f2(rss.marginal)} MiB each after the first) | reported | — |`,
    );
    console.log(
      `| server heap + buffers per session | — | ${f2(heap.all)} MiB (${f1(s.before.heap)} → ${f1(s.after.heap)} MiB; ${f2(heap.marginal)} MiB each after the first) | reported | — |`,
    );
    if (s.retries) console.log(`(${s.retries} ETS/stream attempts retried: forwards not up yet)`);
    return ok.throughput && ok.latency && ok.sessions;
  } finally {
    for (const c of children.reverse()) {
      c.kill('SIGTERM');
      await Promise.race([exited(c), sleep(10_000)]);
      c.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = (await main()) ? 0 : 1;

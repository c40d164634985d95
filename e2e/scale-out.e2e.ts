import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commandMessage, parseJson } from '@atrium/contracts/gateway-protocol';
import { hubStatsReply, SOCKET_EVENTS, telegramsSocketEvent } from '@atrium/contracts/hub';
import { GatewayAgent } from '@atrium/gateway-agent/agent';
import type { LinkHandlers } from '@atrium/gateway-agent/link';
import { MqttLink } from '@atrium/gateway-agent/mqtt-link';
import { Mailbox } from '../apps/server/test/mailbox';
import { MOSQUITTO, startMosquitto, type Mosquitto } from '../apps/server/test/mosquitto';
import { PG_BIN, startPostgres, type PgCluster } from '../apps/server/test/postgres-cluster';
import { claimGateway, importGateways } from './gateway-fleet';
import {
  launchChromium,
  openPage,
  snap,
  socketFrames,
  startServerProcess,
  type ServerProcess,
} from './harness';
import { REDIS_SERVER, startRedis, type RedisServer } from '../apps/server/test/redis-server';
import { apiCall, apiSignIn, fr, signInThroughUi, signUp } from './session';

/**
 * ARCHITECTURE.md, "Scale-out": two server processes sharing one PostgreSQL, Redis and
 * Mosquitto; a gateway on the broker is seen live, and commanded, by a browser on node B,
 * and the telemetry only one node ingests ($share) reaches consoles on both (Redis).
 */
const ROOT = resolve(import.meta.dirname, '..');
const BINARIES = [REDIS_SERVER, MOSQUITTO, join(PG_BIN, 'initdb'), join(PG_BIN, 'pg_ctl')];
const HAVE_BINARIES = BINARIES.every((bin) => existsSync(bin));

const ADMIN = { email: 'admin@scale.example.com', password: 'Scale-Admin-2026!' };
const INSTALLER = { email: 'installer@scale.example.com', password: 'Scale-Installer-2026!' };
const GATEWAY = {
  mac: '70b3d5e20a01',
  sn: 'E2ESCL01',
  type: 'kloudnx' as const,
  version: '8.1.0',
  name: 'Local technique',
};
const MONITORED = [
  { ga: '1/1/1', dpt: '9.001' },
  { ga: '1/1/2', dpt: '1.001' },
];
const TELEGRAMS = 40;

/** A gateway's MQTT link that also notes the name of every command it receives. */
class RecordingLink extends MqttLink {
  readonly commands: string[] = [];

  override start(handlers: LinkHandlers) {
    super.start({
      ...handlers,
      onCommand: (payload) => {
        const cmd = commandMessage.safeParse(parseJson(payload));
        this.commands.push(cmd.success ? cmd.data.name : '?');
        handlers.onCommand(payload);
      },
    });
  }
}

/** The process ids below `root` still running (zombies excluded), from /proc. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z') continue;
    const list = children.get(Number(ppid)) ?? [];
    list.push(Number(entry));
    children.set(Number(ppid), list);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    for (const pid of children.get(queue.shift() ?? 0) ?? []) {
      found.push(pid);
      queue.push(pid);
    }
  }
  return found;
}

/** Whether a process runs (a zombie does not). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The first administrator, made by the production CLI (npm run admin:create) on the shared database. */
async function createAdmin(databaseUrl: string, jwtSecret: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-admin-'));
  try {
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/create-admin.ts',
        '--email',
        ADMIN.email,
        '--password',
        ADMIN.password,
      ],
      {
        cwd: ROOT,
        timeout: 30_000,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          JWT_SECRET: jwtSecret,
          SEED_DEMO: 'false',
          MQTT_PORT: '-1',
          LOG_LEVEL: 'warn',
        },
      },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface ConsoleSocket {
  socket: Socket;
  /** "ga t" of every telegram item received, in order. */
  items: string[];
}

/** A console's socket.io connection to one node, joined to the project's telegrams. */
async function consoleSocket(baseUrl: string, token: string, project: string) {
  const socket = io(baseUrl, { auth: { token }, transports: ['websocket'], reconnection: false });
  const received: ConsoleSocket = { socket, items: [] };
  socket.on(SOCKET_EVENTS.telegrams, (raw: unknown) => {
    for (const { items } of telegramsSocketEvent.parse(raw).batches)
      for (const item of items) received.items.push(`${item.ga} ${item.t}`);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const reply: unknown = await socket
    .timeout(5_000)
    .emitWithAck('join', { project, telegrams: true });
  expect(reply).toMatchObject({ ok: true });
  return received;
}

/** Every state the service-state element goes through, recorded in the page ("online", "offline"). */
async function recordServiceStates(page: Page): Promise<() => Promise<string[]>> {
  const [online, offline] = [fr('gatewayDetail.info.online'), fr('gatewayDetail.info.offline')];
  await page.evaluate(
    ({ online, offline }) => {
      const seen: string[] = [];
      const read = () => {
        const text = document.querySelector('[data-testid="service-state"]')?.textContent ?? '';
        const state = text.startsWith(offline)
          ? 'offline'
          : text.startsWith(online)
            ? 'online'
            : '';
        if (state && seen.at(-1) !== state) seen.push(state);
      };
      new MutationObserver(read).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      read();
      Reflect.set(window, 'seen-service-state', seen);
    },
    { online, offline },
  );
  return () =>
    page.evaluate(() => {
      const seen: unknown = Reflect.get(window, 'seen-service-state');
      return Array.isArray(seen) ? seen.map(String) : [];
    });
}

const stateFrames = (frames: string[], online: boolean) =>
  frames.filter((f) => f.includes(`"${SOCKET_EVENTS.state}"`) && f.includes(`"online":${online}`))
    .length;

// Everything the file starts, so that the last test (and afterAll, if it failed) stops it.
let pg: PgCluster | undefined;
let redis: RedisServer | undefined;
let mosquitto: Mosquitto | undefined;
let mailbox: Mailbox | undefined;
let nodeA: ServerProcess | undefined;
let nodeB: ServerProcess | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let agent: GatewayAgent | undefined;
let link: RecordingLink | undefined;
const sockets: ConsoleSocket[] = [];
let baseline: number[] = [];

let page: Page;
let frames: string[];
let adminToken: string;
let token: string;
let projectId: string;
let secret: string;
const acked: string[] = [];
let stoppedA: Awaited<ReturnType<ServerProcess['stop']>> | undefined;

async function stopAll() {
  sockets.forEach((s) => s.socket.close());
  await context?.close().catch(() => {});
  await browser?.close().catch(() => {});
  await agent?.stop();
  const how = await Promise.all([nodeA?.stop(), nodeB?.stop()]);
  await Promise.all([redis?.stop(), mosquitto?.stop(), mailbox?.stop()]);
  pg?.stop();
  pg = redis = mosquitto = mailbox = nodeA = nodeB = undefined;
  browser = context = agent = undefined;
  return how;
}

describe.skipIf(!HAVE_BINARIES)('two server nodes sharing PostgreSQL, Redis and Mosquitto', () => {
  beforeAll(async () => {
    const started = Date.now();
    baseline = descendants(process.pid);
    mailbox = new Mailbox();
    const [pgCluster, redisServer, broker, smtpUrl] = await Promise.all([
      startPostgres(),
      startRedis(),
      startMosquitto(),
      mailbox.start(),
    ]);
    [pg, redis, mosquitto] = [pgCluster, redisServer, broker];
    // Both nodes must accept each other's session tokens: one JWT secret for the cluster.
    const jwtSecret = randomBytes(48).toString('base64url');
    const shared = {
      DATABASE_URL: pgCluster.url,
      REDIS_URL: redisServer.url,
      MQTT_URL: broker.hubUrl,
      JWT_SECRET: jwtSecret,
      SMTP_URL: smtpUrl,
    };
    // The two nodes and the admin CLI start together on the empty database (migrations race).
    const [a, b] = await Promise.all([
      startServerProcess({ ...shared, MQTT_CLIENT_ID: 'atrium-node-a' }),
      startServerProcess({ ...shared, MQTT_CLIENT_ID: 'atrium-node-b' }),
      createAdmin(pgCluster.url, jwtSecret),
    ]);
    [nodeA, nodeB] = [a, b];
    const serverA = { baseUrl: a.baseUrl, mailbox };

    // Account, project and gateway, all through node A.
    adminToken = await apiSignIn(serverA, ADMIN.email, ADMIN.password);
    await signUp(serverA, INSTALLER.email, INSTALLER.password);
    token = await apiSignIn(serverA, INSTALLER.email, INSTALLER.password);
    const secrets = await importGateways(a, adminToken, [GATEWAY]);
    secret = secrets.get(GATEWAY.mac) ?? '';
    expect(secret).not.toBe('');
    broker.addUser(GATEWAY.mac, secret);
    const created = await apiCall(serverA, 'POST', '/api/project/create', {
      token,
      body: { name: 'Immeuble Scale-Out' },
    });
    projectId = String((created.body.project as { _id: string })._id);
    await claimGateway(a, token, { ...GATEWAY, project: projectId });

    // The browser signs in on node B (its one-time code mailed by node B).
    browser = await launchChromium();
    ({ context, page } = await openPage(browser, b.baseUrl));
    frames = socketFrames(page);
    await signInThroughUi(
      { baseUrl: b.baseUrl, mailbox },
      page,
      INSTALLER.email,
      INSTALLER.password,
    );

    // Console sockets on both nodes, with the token node A issued.
    sockets.push(await consoleSocket(a.baseUrl, token, projectId));
    sockets.push(await consoleSocket(b.baseUrl, token, projectId));
    console.log(`scale-out: stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  // A failed test leaves a picture of the screen and the end of both nodes' logs.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    if (context) await snap(page, `scale-out-failed-${task.name.slice(0, 20)}`);
    console.log(`node A:\n${nodeA?.log().slice(-3000)}\nnode B:\n${nodeB?.log().slice(-3000)}`);
  });

  afterAll(stopAll);

  it('shows the gateway going online on node B live, without a reload', async () => {
    await page.goto(`/projects/${projectId}/gateway/${GATEWAY.mac}`);
    await page.getByRole('heading', { name: GATEWAY.name }).waitFor();
    const state = page.getByTestId('service-state');
    await state.getByText(fr('gatewayDetail.info.offline'), { exact: true }).waitFor();
    const seen = await recordServiceStates(page);
    frames.length = 0;

    link = new RecordingLink({
      url: mosquitto?.url ?? '',
      mac: GATEWAY.mac,
      secret,
      minBackoffMs: 200,
      maxBackoffMs: 500,
    });
    agent = new GatewayAgent({
      mac: GATEWAY.mac,
      type: GATEWAY.type,
      version: GATEWAY.version,
      link,
      monitor: MONITORED,
      timing: { infoEveryMs: 2_000, telegramsPerSecond: 0, rebootDownMs: 2_000 },
      onAcked: (_mac, message) => acked.push(...message.items.map((i) => `${i.ga} ${i.t}`)),
    });
    const connecting = Date.now();
    agent.start();
    await state.getByText(fr('gatewayDetail.info.online'), { exact: true }).waitFor();
    const seconds = (Date.now() - connecting) / 1000;
    console.log(`scale-out: online on node B's screen ${seconds.toFixed(1)} s after connecting`);
    // Through a live event, sooner than the screen's 5 s poll could have shown it.
    expect(stateFrames(frames, true)).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(4);
    expect(await seen()).toEqual(['offline', 'online']);
  });

  it('sends a reboot from node B to the gateway and shows it offline, then online', async () => {
    const state = page.getByTestId('service-state');
    const seen = await recordServiceStates(page);
    frames.length = 0;
    await state.getByRole('button', { name: fr('gatewayDetail.info.reboot') }).click();
    const confirm = page.getByRole('dialog', { name: fr('gatewayDetail.info.reboot') });
    await confirm.getByRole('button', { name: fr('dialog.confirm') }).click();
    // rebootSuccess comes once the gateway's reply reached node B, which sent the command.
    await page.getByText(fr('rebootSuccess')).waitFor();
    expect(link?.commands).toContain('reboot');
    await expect.poll(seen, { timeout: 15_000 }).toEqual(['online', 'offline', 'online']);
    await new Promise((r) => setTimeout(r, 500)); // the events of the other node too
    // Each node hears the state topic; only node B tells its own page: one frame each way.
    expect(stateFrames(frames, false)).toBe(1);
    expect(stateFrames(frames, true)).toBe(1);
    console.log(
      `scale-out: commands the gateway received: ${link?.commands.join(', ')}; ` +
        `state frames on node B's page during the reboot: ${stateFrames(frames, false)} offline, ` +
        `${stateFrames(frames, true)} online`,
    );
  });

  it('delivers each telegram, ingested by one node, to console sockets on both nodes once', async () => {
    const gateway = agent;
    if (!gateway || !link?.connected) throw new Error('the gateway is not connected');
    // Distinct times: each telegram is a point of its own. Resolved once acknowledged (stored).
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: TELEGRAMS }, (_, i) => gateway.publishTelegram(t0 - TELEGRAMS + i)),
    );
    expect(acked).toHaveLength(TELEGRAMS);
    const [onA, onB] = sockets.map((s) => s.items);
    await expect
      .poll(() => Math.min(onA?.length ?? 0, onB?.length ?? 0), { timeout: 5_000 })
      .toBe(TELEGRAMS);
    await new Promise((r) => setTimeout(r, 300)); // no late duplicates
    const expected = [...acked].sort();
    expect([...(onA ?? [])].sort()).toEqual(expected);
    expect([...(onB ?? [])].sort()).toEqual(expected);

    // Each publish went to one node ($share/atrium): the other node's socket had it from Redis.
    const ingested = await Promise.all(
      [nodeA, nodeB].map(async (node) => {
        const res = await apiCall({ baseUrl: node?.baseUrl ?? '' }, 'GET', '/api/hub/stats', {
          token: adminToken,
        });
        return hubStatsReply.parse(res.body).accepted.telegrams ?? 0;
      }),
    );
    console.log(`scale-out: telegrams ingested by node A: ${ingested[0]}, node B: ${ingested[1]}`);
    expect((ingested[0] ?? 0) + (ingested[1] ?? 0)).toBe(TELEGRAMS);
  });

  it('gives node B all the telemetry once node A stopped cleanly (A left the shared group)', async () => {
    const gateway = agent;
    if (!gateway || !link?.connected) throw new Error('the gateway is not connected');
    const statsOfB = async () => {
      const res = await apiCall({ baseUrl: nodeB?.baseUrl ?? '' }, 'GET', '/api/hub/stats', {
        token: adminToken,
      });
      return hubStatsReply.parse(res.body).accepted.telegrams ?? 0;
    };
    const before = await statsOfB();
    stoppedA = await nodeA?.stop();
    const onB = sockets[1]?.items ?? [];
    const seenBefore = onB.length;
    acked.length = 0;
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: TELEGRAMS }, (_, i) => gateway.publishTelegram(t0 - TELEGRAMS + i)),
    );
    expect(acked).toHaveLength(TELEGRAMS);
    await expect.poll(statsOfB, { timeout: 5_000 }).toBe(before + TELEGRAMS);
    await expect.poll(() => onB.length - seenBefore, { timeout: 5_000 }).toBe(TELEGRAMS);
  });

  it('stops every process it started', async () => {
    const pids = {
      nodeB: nodeB?.pid ?? 0,
      redis: redis?.pid ?? 0,
      mosquitto: mosquitto?.pid ?? 0,
      postgres: pg?.pid ?? 0,
    };
    expect(Object.values(pids).every(running)).toBe(true);
    const stopping = Date.now();
    const how = await stopAll();
    console.log(
      `scale-out: everything stopped in ${((Date.now() - stopping) / 1000).toFixed(1)} s`,
    );
    // The nodes shut down on SIGTERM by themselves (node A in the test before).
    expect([stoppedA, how[1]]).toEqual(['exited', 'exited']);
    expect(Object.entries(pids).filter(([, pid]) => running(pid))).toEqual([]);
    expect(descendants(process.pid).filter((pid) => !baseline.includes(pid))).toEqual([]);
  });
});

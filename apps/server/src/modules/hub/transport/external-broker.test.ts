import { existsSync } from 'node:fs';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION, topicOf } from '@atrium/contracts/gateway-protocol';
import { createProject, randomMac } from '../../../../test/fixtures';
import { ModbusRepository } from '../../modbus/modbus.repository';
import { MonitoredRepository } from '../../monitoring/monitored.repository';
import { HubRepository } from '../hub.repository';
import { HubCounters } from '../ingest/hub-stats';
import {
  BROKER_DROPS_TOPIC,
  ExternalBroker,
  mosquittoBeforeQuotaFix,
  REOPEN_EVERY_MS,
} from './external-broker';
import {
  connectAs,
  gatewayWithSecret,
  holdCommits,
  publishTelegrams,
  startAgent,
  storedGateway,
  storedPoints,
  waitFor,
} from '../../../../test/hub-helpers';
import {
  MOSQUITTO,
  mosquittoVersion,
  startMosquitto,
  type Mosquitto,
  type MosquittoWindow,
} from '../../../../test/mosquitto';
import {
  bearer,
  createUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../../test/test-server';

let mosquitto: Mosquitto;
let t: TestServer;
let owner: TestUser;
let project: { id: string };

/** Debian's mosquitto (with the given window, else the deployment's), a server behind it, a user and a project. */
async function startBehindMosquitto(window?: MosquittoWindow, options?: { watchDrops?: boolean }) {
  const broker = await startMosquitto(window, options);
  let server: TestServer | undefined;
  const stop = async () => {
    await server?.close();
    await broker.stop();
  };
  try {
    server = await startTestServer({ MQTT_URL: broker.hubUrl });
    const user = await createUser(server.app, 'user');
    const proj = await createProject(server.app, user.team);
    return { broker, server, user, proj, stop };
  } catch (err) {
    await stop(); // a server that did not start leaves no mosquitto behind
    throw err;
  }
}

/** A node behind a mosquitto of its own, for the enclosing `describe`. */
function nodeBehindMosquitto(window: MosquittoWindow, options?: { watchDrops?: boolean }) {
  const env = {} as Awaited<ReturnType<typeof startBehindMosquitto>>;
  beforeAll(async () => {
    Object.assign(env, await startBehindMosquitto(window, options));
  });
  afterAll(() => env.stop?.());
  return env;
}

let stopFirst: (() => Promise<void>) | undefined;
beforeAll(async () => {
  if (!existsSync(MOSQUITTO)) return;
  ({
    broker: mosquitto,
    server: t,
    user: owner,
    proj: project,
    stop: stopFirst,
  } = await startBehindMosquitto());
});
afterAll(() => stopFirst?.());

/** A gateway known to the server and to mosquitto's password file. */
async function newGateway() {
  const gw = await gatewayWithSecret(t.app, { team_id: owner.team, project_id: project.id });
  mosquitto.addUser(gw.mac, gw.secret);
  await new Promise((r) => setTimeout(r, 200)); // mosquitto reloads on SIGHUP
  return gw;
}

describe.skipIf(!existsSync(MOSQUITTO))('the hub behind Debian’s mosquitto (MQTT_URL)', () => {
  it('refuses a wrong secret', async () => {
    const gw = await newGateway();
    await expect(connectAs(mosquitto.url, gw.mac, 'wrong')).rejects.toThrow(
      /Not authorized|Bad username/i,
    );
  });

  it('keeps a gateway out of another gateway’s topics (ACL pattern nx/%u/#)', async () => {
    const [a, b] = [await newGateway(), await newGateway()];
    const client = await connectAs(mosquitto.url, a.mac, a.secret);
    const items = [{ ga: '3/3/3', dpt: '9.001', value: 1, t: Date.now() }];
    // mosquitto acknowledges and silently drops a publish the ACL denies (MQTT 3.1.1).
    await client.publishAsync(
      topicOf(b.mac, 'telegrams'),
      JSON.stringify({ v: 1, seq: 0, items }),
      { qos: 1 },
    );
    // A subscription outside its tree is granted but delivers nothing.
    const seen: string[] = [];
    client.on('message', (topic) => seen.push(topic));
    await client.subscribeAsync(`nx/${b.mac}/#`, { qos: 1 });
    const other = await connectAs(mosquitto.url, b.mac, b.secret);
    await other.publishAsync(topicOf(b.mac, 'state'), 'online', { qos: 1, retain: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([]);
    await other.endAsync();
    const series = await t.modules.timeseries.store.findSeries({
      projectId: project.id,
      gatewayMac: b.mac,
      address: '3/3/3',
      kind: 'knx',
    });
    expect(series).toBeUndefined();
    await client.endAsync();
  });

  it('keeps presence from the retained state and the last will, stores info and telegrams', async () => {
    const gw = await newGateway();
    const client = await connectAs(mosquitto.url, gw.mac, gw.secret);
    await client.publishAsync(topicOf(gw.mac, 'state'), 'online', { qos: 1, retain: true });
    await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 1);
    const info = {
      v: PROTOCOL_VERSION,
      version: '8.6.0',
      ip: '10.0.0.9',
      volt: 28.7,
      busload: 1,
      protect: false,
      vpn: { online: false, lastConnection: null },
    };
    await client.publishAsync(topicOf(gw.mac, 'info'), JSON.stringify(info), { qos: 1 });
    const at = Date.now() - 5_000;
    const items = [{ ga: '1/1/9', dpt: '9.001', value: 19.5, t: at }];
    await publishTelegrams(client, gw.mac, items);
    await waitFor(async () => (await storedGateway(t.app, gw.mac)).ip === '10.0.0.9');
    const raw = await waitFor(async () => {
      const points = await storedPoints(t.app, {
        projectId: project.id,
        mac: gw.mac,
        address: '1/1/9',
      });
      return points.length > 0 ? points : undefined;
    });
    expect(raw.map((p) => ({ t: p.t, v: p.v }))).toEqual([{ t: at, v: 19.5 }]);
    client.stream.destroy(); // the last will says offline
    await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 0);
  });

  it('reads a gateway’s row once per arrival', async () => {
    const gw = await newGateway();
    const reads = vi.spyOn(HubRepository.prototype, 'arrivingIdentities');
    try {
      const client = await connectAs(mosquitto.url, gw.mac, gw.secret);
      await client.publishAsync(topicOf(gw.mac, 'state'), 'online', { qos: 1, retain: true });
      await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 1);
      expect(reads.mock.calls.filter(([macs]) => macs.includes(gw.mac))).toHaveLength(1);
      client.stream.destroy();
      await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 0);
    } finally {
      reads.mockRestore();
    }
  });

  it('skips the arrival’s reads of what does not wait (flags read with the row)', async () => {
    const [idle, queued] = [await newGateway(), await newGateway()];
    await t.app.db
      .insertInto('gateway_pending_updates')
      .values({ gateway_id: queued.id, version: '9.9.9', branch: 'MAIN', created_at: Date.now() })
      .execute();
    const spies = [
      vi.spyOn(HubRepository.prototype, 'takePendingUpdate'),
      vi.spyOn(ModbusRepository.prototype, 'takePending'),
    ];
    const recorded = vi.spyOn(MonitoredRepository.prototype, 'listRecorded');
    try {
      for (const gw of [idle, queued]) {
        const client = await connectAs(mosquitto.url, gw.mac, gw.secret);
        await client.publishAsync(topicOf(gw.mac, 'state'), 'online', { qos: 1, retain: true });
        await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 1);
        await new Promise((r) => setTimeout(r, 300)); // the arrival's work, after the state
        client.stream.destroy();
        await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 0);
      }
      const callsFor = (id: string) => spies.map((s) => s.mock.calls.filter(([g]) => g === id));
      expect(callsFor(idle.id).map((c) => c.length)).toEqual([0, 0]);
      // The queued update is taken (by this one node), the rest still skipped.
      expect(callsFor(queued.id).map((c) => c.length)).toEqual([1, 0]);
      expect(recorded.mock.calls.filter(([, mac]) => [idle.mac, queued.mac].includes(mac))).toEqual(
        [],
      );
    } finally {
      for (const spy of [...spies, recorded]) spy.mockRestore();
    }
  });

  it('keeps nothing of a broker user the database does not know (a deleted gateway)', async () => {
    const mac = randomMac();
    mosquitto.addUser(mac, 'deleted-gateway-secret');
    await new Promise((r) => setTimeout(r, 200)); // mosquitto reloads on SIGHUP
    const client = await connectAs(mosquitto.url, mac, 'deleted-gateway-secret');
    const before = t.modules.hub.service.stats().dropped.unknownGateway ?? 0;
    try {
      for (const state of ['online', 'offline', 'online'])
        await client.publishAsync(topicOf(mac, 'state'), state, { qos: 1, retain: true });
      await waitFor(
        () => (t.modules.hub.service.stats().dropped.unknownGateway ?? 0) >= before + 3,
      );
      const presence = t.modules.hub.service.presence;
      expect(presence.isOnline(mac)).toBe(false);
      // Nothing remembered for a node's take-over (decision 0050) either.
      expect(presence.heard().map(([m]) => m)).not.toContain(mac);
    } finally {
      await client.publishAsync(topicOf(mac, 'state'), '', { qos: 1, retain: true });
      await client.endAsync();
    }
  });

  it('round-trips a command with a simulated gateway; offline gives 409 at once', async () => {
    const gw = await newGateway();
    const call = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
    expect((await call(`/api/gateway/reboot/${gw.mac}`)).statusCode).toBe(409);
    const agent = startAgent(mosquitto.url, { ...gw, type: 'kloudnx' });
    await waitFor(() => t.modules.hub.service.presence.isOnline(gw.mac));
    await new Promise((r) => setTimeout(r, 200));
    expect((await call(`/api/gateway/nodered/restart/${gw.mac}`)).json()).toEqual({
      message: 'noderedRestarting',
    });
    expect(t.modules.hub.service.stats().transport).toBe('external');
    await agent.stop();
  });
});

describe.skipIf(!existsSync(MOSQUITTO))('a node whose telemetry window is full (MQTT_URL)', () => {
  // mosquitto keeps 2 messages in flight and 4 queued per session, and drops the rest.
  const env = nodeBehindMosquitto({ inflight: 2, queued: 4 });

  it('still sees a gateway come online while its telemetry session is full, then stores what the broker kept', async () => {
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        gatewayWithSecret(env.server.app, { team_id: env.user.team, project_id: env.proj.id }),
      ),
    );
    for (const gw of [a!, b!]) env.broker.addUser(gw.mac, gw.secret);
    await new Promise((r) => setTimeout(r, 200));
    // The node's commits wait: its telemetry session's window fills up.
    const commits = holdCommits(env.server.modules.timeseries.store);
    try {
      const busy = await connectAs(env.broker.url, a!.mac, a!.secret);
      const at = Date.now() - 60_000;
      for (let i = 0; i < 10; i++)
        await publishTelegrams(busy, a!.mac, [{ ga: '2/2/2', dpt: '9.001', value: i, t: at + i }]);
      await waitFor(() => commits.calls() > 0);
      // With one session, this `online` was queued behind the telemetry, and dropped.
      const arriving = await connectAs(env.broker.url, b!.mac, b!.secret);
      await arriving.publishAsync(topicOf(b!.mac, 'state'), 'online', { qos: 1, retain: true });
      await waitFor(async () => (await storedGateway(env.server.app, b!.mac)).online === 1, 5_000);
      commits.release();
      const kept = await waitFor(async () => {
        const points = await storedPoints(env.server.app, {
          projectId: env.proj.id,
          mac: a!.mac,
          address: '2/2/2',
        });
        return points.length >= 2 ? points : undefined;
      });
      // The first ones, in order (mosquitto dropped what its window could not hold).
      expect(kept.slice(0, 2).map((p) => p.v)).toEqual([0, 1]);
      await Promise.all([busy.endAsync(), arriving.endAsync()]);
    } finally {
      commits.restore();
    }
  });
});

describe.skipIf(!existsSync(MOSQUITTO))('the hub behind mosquitto, watching its drops', () => {
  const env = nodeBehindMosquitto({ inflight: 5, queued: 5 }, { watchDrops: true });

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const reopenings = async () =>
    (await env.server.app.inject({ url: '/api/hub/stats', headers: bearer(admin.token) })).json<{
      disconnected: Record<string, number>;
    }>().disconnected.brokerDropping ?? 0;
  let admin: TestUser;
  /** A gateway of the project, known to mosquitto, connected. */
  async function gateway() {
    admin ??= await createUser(env.server.app, 'admin');
    const gw = await gatewayWithSecret(env.server.app, {
      team_id: env.user.team,
      project_id: env.proj.id,
    });
    env.broker.addUser(gw.mac, gw.secret);
    await sleep(200); // mosquitto reloads on SIGHUP
    return { gw, client: await connectAs(env.broker.url, gw.mac, gw.secret) };
  }
  /** `n` telegrams of 3/3/3, one every 50 ms: a pace the node keeps up with. */
  async function send(client: mqtt.MqttClient, mac: string, from: number, n: number) {
    for (let i = from; i < from + n; i++) {
      await publishTelegrams(client, mac, [{ ga: '3/3/3', dpt: '9.001', value: i, t: 1e12 + i }]);
      await sleep(50);
    }
  }
  const stored = (mac: string) =>
    storedPoints(env.server.app, { projectId: env.proj.id, mac, address: '3/3/3' });

  it('takes no drop count from a gateway (a foreign publish on the $SYS topic)', async () => {
    const { gw, client } = await gateway();
    // mosquitto refuses it (the ACL gives a gateway nx/{mac}/# only); nothing reaches the node.
    for (const count of ['999999', '1999999'])
      await client.publishAsync(BROKER_DROPS_TOPIC, count, { qos: 0 });
    await send(client, gw.mac, 0, 5); // the node keeps up meanwhile
    await sleep(2_500);
    expect(await reopenings()).toBe(0);
    await client.endAsync();
  });

  it('keeps its session while the drops are its own (its commits held back)', async () => {
    const { gw, client } = await gateway();
    const commits = holdCommits(env.server.modules.timeseries.store);
    try {
      await send(client, gw.mac, 0, 10); // the node's window (5 + 5) fills and stays full
      await sleep(1_200);
      await send(client, gw.mac, 10, 10); // dropped by mosquitto: the node is behind
      await sleep(2_500); // two of mosquitto's counts, a second apart
      expect(await reopenings()).toBe(0);
    } finally {
      commits.restore();
    }
    await waitFor(async () => (await stored(gw.mac)).length >= 10);
    await sleep(500);
    // mosquitto did drop: the node's window held 10 of the 20.
    expect((await stored(gw.mac)).length).toBeLessThan(20);
    await client.endAsync();
  });

  it('reopens its telemetry session when mosquitto drops while the node keeps up, and goes on storing', async () => {
    const { gw, client } = await gateway();
    // Another persistent reader of the telegrams, offline: mosquitto keeps 5 for it, drops the rest.
    const hub = new URL(env.broker.hubUrl);
    const reader = await mqtt.connectAsync(env.broker.url, {
      clientId: 'offline-reader',
      clean: false,
      username: hub.username,
      password: hub.password,
      reconnectPeriod: 0,
    });
    await reader.subscribeAsync('nx/+/telegrams', { qos: 1 });
    await reader.endAsync();
    const before = (await stored(gw.mac)).length;
    await send(client, gw.mac, 100, 20);
    await waitFor(async () => (await reopenings()) === 1, 5_000);
    // Every telegram stored once, those sent while the session reopened too.
    await send(client, gw.mac, 200, 10);
    await waitFor(async () => (await stored(gw.mac)).length === before + 30);
    // Drops go on (the reader is still away): at most one reopening per REOPEN_EVERY_MS.
    await send(client, gw.mac, 300, 10);
    await sleep(2_500);
    expect(REOPEN_EVERY_MS).toBeGreaterThan(5_000);
    expect(await reopenings()).toBe(1);
    await client.endAsync();
  });
});

describe('mosquittoBeforeQuotaFix (decision 0067)', () => {
  it('judges mosquitto versions against 2.0.13, and nothing else', () => {
    const older = [
      'mosquitto version 2.0.11',
      'mosquitto version 2.0.12',
      'mosquitto version 1.6.9',
    ];
    const fixed = [
      'mosquitto version 2.0.13',
      'mosquitto version 2.0.21',
      'mosquitto version 2.1.0',
    ];
    for (const v of older) expect(mosquittoBeforeQuotaFix(v), v).toBe(true);
    for (const v of [
      ...fixed,
      'mosquitto version 3.0.0',
      'VerneMQ 1.13',
      '',
      'mosquitto version x',
    ])
      expect(mosquittoBeforeQuotaFix(v), v).toBe(false);
  });
});

/** Whether `mosquitto version x.y.z` predates 2.0.13, by ICU's numeric collation (not the code's). */
const predatesQuotaFix = (version: string) =>
  (/\d+\.\d+\.\d+/.exec(version)?.[0] ?? '').localeCompare('2.0.13', 'en', { numeric: true }) < 0;

describe.skipIf(!existsSync(MOSQUITTO))('the hub behind mosquitto, reading its version', () => {
  /** A node on `broker` that logs what it hears of `$SYS/broker/version`, and those lines. */
  function versionReader(broker: Mosquitto) {
    const log = { info: vi.fn(), warn: vi.fn() };
    const node = new ExternalBroker({
      url: broker.hubUrl,
      clientId: 'version-reader',
      sink: {
        authenticate: async () => false,
        receive: (_mac, _kind, _payload, settle) => settle('ack'),
        connected: async () => {},
        disconnected: async () => {},
      },
      counters: new HubCounters(log),
      log,
    });
    const said = (calls = [...log.info.mock.calls, ...log.warn.mock.calls]) =>
      calls.filter(([obj]) => typeof obj === 'object' && obj !== null && 'brokerVersion' in obj);
    return { node, said, warned: () => said(log.warn.mock.calls) };
  }

  it('logs the version mosquitto runs, as a warning if it predates 2.0.13', async () => {
    const broker = await startMosquitto();
    const { node, said, warned } = versionReader(broker);
    try {
      await node.start();
      await waitFor(() => said().length > 0, 5_000);
      // The binary under test says which it is: Debian 12's 2.0.11 warns, 2.0.13 and later do not.
      const version = mosquittoVersion();
      expect(version).toMatch(/^mosquitto version \d+\.\d+\.\d+/);
      expect(said()).toEqual([
        [expect.objectContaining({ brokerVersion: version }), expect.any(String)],
      ]);
      expect(warned().length).toBe(predatesQuotaFix(version) ? 1 : 0);
    } finally {
      await node.close();
      await broker.stop();
    }
  });

  it('hears the broker, not a gateway publishing a version of its own there', async () => {
    const broker = await startMosquitto();
    const mac = randomMac();
    broker.addUser(mac, 'gw-secret');
    await new Promise((r) => setTimeout(r, 200)); // mosquitto reloads on SIGHUP
    const { node, said } = versionReader(broker);
    try {
      const gw = await connectAs(broker.url, mac, 'gw-secret');
      // Retained, so the node would hear it on subscribing, were mosquitto to take it. (It
      // refuses a client's publish on $SYS even where the ACL grants one: tried with
      // `pattern write $SYS/#`.)
      await gw.publishAsync('$SYS/broker/version', 'mosquitto version 9.9.9', {
        qos: 1,
        retain: true,
      });
      await gw.endAsync();
      await node.start();
      await waitFor(() => said().length > 0, 5_000);
      await new Promise((r) => setTimeout(r, 300)); // anything after the broker's own
      expect(said()).toEqual([
        [expect.objectContaining({ brokerVersion: mosquittoVersion() }), expect.any(String)],
      ]);
    } finally {
      await node.close();
      await broker.stop();
    }
  });
});

import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION, topicOf } from '@atrium/contracts/gateway-protocol';
import { createProject, randomMac } from '../../../../test/fixtures';
import { ModbusRepository } from '../../modbus/modbus.repository';
import { MonitoredRepository } from '../../monitoring/monitored.repository';
import { HubRepository } from '../hub.repository';
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
async function startBehindMosquitto(window?: MosquittoWindow) {
  const broker = await startMosquitto(window);
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
  let small: Mosquitto;
  let node: TestServer;
  let user: TestUser;
  let proj: { id: string };
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({
      broker: small,
      server: node,
      user,
      proj,
      stop,
    } = await startBehindMosquitto({
      inflight: 2,
      queued: 4,
    }));
  });
  afterAll(() => stop?.());

  it('still sees a gateway come online while its telemetry session is full, then stores what the broker kept', async () => {
    const [a, b] = await Promise.all(
      [0, 1].map(() => gatewayWithSecret(node.app, { team_id: user.team, project_id: proj.id })),
    );
    for (const gw of [a!, b!]) small.addUser(gw.mac, gw.secret);
    await new Promise((r) => setTimeout(r, 200));
    // The node's commits wait: its telemetry session's window fills up.
    const commits = holdCommits(node.modules.timeseries.store);
    try {
      const busy = await connectAs(small.url, a!.mac, a!.secret);
      const at = Date.now() - 60_000;
      for (let i = 0; i < 10; i++)
        await publishTelegrams(busy, a!.mac, [{ ga: '2/2/2', dpt: '9.001', value: i, t: at + i }]);
      await waitFor(() => commits.calls() > 0);
      // With one session, this `online` was queued behind the telemetry, and dropped.
      const arriving = await connectAs(small.url, b!.mac, b!.secret);
      await arriving.publishAsync(topicOf(b!.mac, 'state'), 'online', { qos: 1, retain: true });
      await waitFor(async () => (await storedGateway(node.app, b!.mac)).online === 1, 5_000);
      commits.release();
      const kept = await waitFor(async () => {
        const points = await storedPoints(node.app, {
          projectId: proj.id,
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, topicOf } from '@atrium/contracts/gateway-protocol';
import {
  connectAs,
  consoleSocket,
  holdCommits,
  publishTelegrams,
  startAgent,
  startHubWithProject,
  storedGateway,
  storedPoints,
  waitFor,
  type HubWithProject,
} from '../../../test/hub-helpers';
import { bearer, createUser, type TestServer, type TestUser } from '../../../test/test-server';

let t: TestServer;
let owner: TestUser;
let project: { id: string };
let broker: string;
let baseUrl: string;
let newGateway: HubWithProject['newGateway'];

beforeAll(async () => {
  ({ t, baseUrl, broker, owner, project, newGateway } = await startHubWithProject(() => ({
    HUB_COMMAND_TIMEOUT_MS: '1500',
  })));
});
afterAll(() => t.close());
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload } : {}) });

describe('gateway authentication and authorisation (embedded aedes broker)', () => {
  it('refuses a wrong secret and an unknown MAC', async () => {
    const gw = await newGateway();
    await expect(connectAs(broker, gw.mac, 'wrong-secret')).rejects.toThrow(
      /Bad username or password/,
    );
    await expect(connectAs(broker, '0123456789ab', gw.secret)).rejects.toThrow(
      /Bad username or password/,
    );
    const ok = await connectAs(broker, gw.mac, gw.secret);
    expect(ok.connected).toBe(true);
    await ok.endAsync();
  });

  it('lets a gateway publish only under its own nx/{mac}/ and subscribe only to its commands', async () => {
    const [a, b] = [await newGateway(), await newGateway()];
    const client = await connectAs(broker, a.mac, a.secret);
    // A negative SUBACK (128), which mqtt.js reports as an error.
    await expect(client.subscribeAsync(topicOf(b.mac, 'cmd'), { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    await expect(client.subscribeAsync('nx/#', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    // What gateways send is not routed to MQTT subscribers, its own included.
    for (const topic of [topicOf(a.mac, 'info'), `nx/${a.mac}/#`])
      await expect(client.subscribeAsync(topic, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    const own = await client.subscribeAsync(topicOf(a.mac, 'cmd'), { qos: 1 });
    expect(own[0]?.qos).toBe(1);
    const before = t.modules.hub.service.stats().dropped.forbiddenTopic ?? 0;
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    client.publish(topicOf(b.mac, 'info'), 'x', { qos: 1 });
    await closed;
    // Counted by the broker thread: it reaches the main thread with its next batch.
    await waitFor(() => t.modules.hub.service.stats().dropped.forbiddenTopic === before + 1);
    await client.endAsync(true);
  });
});

describe('presence, info and telegrams', () => {
  it('keeps online, lastOnline and lastConnection from connect and disconnect', async () => {
    const gw = await newGateway();
    const client = await connectAs(broker, gw.mac, gw.secret);
    await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 1);
    const online = await storedGateway(t.app, gw.mac);
    expect(online.last_online).toBeGreaterThan(Date.now() - 10_000);
    client.stream.destroy(); // a power cut: no DISCONNECT
    await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 0);
    const offline = await storedGateway(t.app, gw.mac);
    expect(offline.last_connection).toBeGreaterThanOrEqual(online.last_online ?? 0);
  });

  it('stores info (volt, busload, ip, protect, version, VPN state)', async () => {
    const gw = await newGateway();
    const client = await connectAs(broker, gw.mac, gw.secret);
    const info = {
      v: PROTOCOL_VERSION,
      version: '8.6.1',
      ip: '192.168.1.20',
      volt: 29.1,
      busload: 3.5,
      protect: true,
      vpn: { online: true, lastConnection: 1_700_000_000_000 },
    };
    await client.publishAsync(topicOf(gw.mac, 'info'), JSON.stringify(info), { qos: 1 });
    const row = await storedGateway(t.app, gw.mac);
    expect(row).toMatchObject({
      version: '8.6.1',
      ip: '192.168.1.20',
      volt: 29.1,
      busload: 3.5,
      protect: 1,
    });
    expect(row).toMatchObject({ vpn_online: 1, vpn_last_connection: 1_700_000_000_000 });
    const details = await call('GET', `/api/gateway/details/${gw.mac}`);
    expect(details.json()).toMatchObject({
      online: true,
      volt: 29.1,
      ip: '192.168.1.20',
      protect: true,
    });
    await client.endAsync();
  });

  it('acknowledges a telegram batch only once it is committed to the store', async () => {
    const gw = await newGateway();
    const client = await connectAs(broker, gw.mac, gw.secret);
    const t0 = Date.now() - 1000;
    const items = [
      { ga: '1/2/3', dpt: '9.001', value: 21.5, t: t0 },
      { ga: '1/2/4', dpt: '1.001', value: true, t: t0 + 1 },
    ];
    await publishTelegrams(client, gw.mac, items);
    // No waiting: the PUBACK itself says the points are stored.
    const series = await t.modules.timeseries.store.findSeries({
      projectId: project.id,
      gatewayMac: gw.mac,
      address: '1/2/3',
      kind: 'knx',
    });
    expect(series).toBeDefined();
    const raw = await storedPoints(t.app, { projectId: project.id, mac: gw.mac, address: '1/2/3' });
    expect(raw).toEqual([{ series, t: t0, v: 21.5 }]);
    await client.endAsync();
  });

  it('keeps a telegram batch waiting for room in a full time-series writer: PUBACK late, connection kept', async () => {
    const gw = await newGateway();
    const client = await connectAs(broker, gw.mac, gw.secret);
    const t0 = Date.now() - 1000;
    await publishTelegrams(client, gw.mac, [{ ga: '1/2/7', dpt: '9.001', value: 1, t: t0 }]);
    const { store, writer } = t.modules.timeseries;
    const where = { projectId: project.id, gatewayMac: gw.mac, address: '1/2/7', kind: 'knx' };
    const seriesId = (await store.findSeries(where as Parameters<typeof store.findSeries>[0]))!;
    // The store holds its batches until released; the series' lane fills up to its share.
    const commits = holdCommits(store);
    try {
      const past = (n: number, from: number) =>
        Array.from({ length: n }, (_, i) => ({ seriesId, t: from + i, v: i }));
      const filled: Promise<void>[] = [writer.write(past(10_000, t0 - 1e9))]; // written, held
      await waitFor(() => commits.calls() === 1);
      filled.push(writer.write(past(Math.ceil(200_000 / writer.width), t0 - 5e8))); // queued
      const before = t.modules.hub.service.stats().store.waitedForRoom;
      let acked = false;
      const late = publishTelegrams(client, gw.mac, [
        { ga: '1/2/7', dpt: '9.001', value: 2, t: t0 + 1 },
      ]);
      void late.then(() => (acked = true));
      await waitFor(() => t.modules.hub.service.stats().store.waitedForRoom === before + 1);
      expect(t.modules.hub.service.stats().store.waitingForRoom).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      expect([acked, client.connected]).toEqual([false, true]);
      commits.release();
      await late;
      await Promise.all(filled);
    } finally {
      commits.restore();
    }
    const raw = await storedPoints(t.app, { projectId: project.id, mac: gw.mac, address: '1/2/7' });
    expect(raw.filter((p) => p.t >= t0).map((p) => p.v)).toEqual([1, 2]);
    expect(t.modules.hub.service.stats().dropped.storeRefused ?? 0).toBe(0);
    await client.endAsync();
  });

  it('stores and acknowledges telegrams even when a console-event listener throws', async () => {
    const gw = await newGateway();
    const client = await connectAs(broker, gw.mac, gw.secret);
    const broken = () => {
      throw new Error('listener bug');
    };
    t.modules.hub.service.events.on('telegrams', broken);
    try {
      const t0 = Date.now() - 500;
      const items = [{ ga: '2/2/2', dpt: '9.001', value: 7, t: t0 }];
      // Resolves on the PUBACK: the connection was not cut, and the point is stored.
      await publishTelegrams(client, gw.mac, items);
      const raw = await storedPoints(t.app, {
        projectId: project.id,
        mac: gw.mac,
        address: '2/2/2',
      });
      expect(raw.map((p) => ({ t: p.t, v: p.v }))).toEqual([{ t: t0, v: 7 }]);
      expect(client.connected).toBe(true);
    } finally {
      t.modules.hub.service.events.off('telegrams', broken);
      await client.endAsync();
    }
  });
});

describe('Modbus readings', () => {
  it('stores a readings batch under each value, acknowledged once committed', async () => {
    const gw = await newGateway();
    const client = await connectAs(broker, gw.mac, gw.secret);
    const t0 = Date.now() - 2000;
    const items = [
      { meter: 'm-main', value: 'v-power', v: 1520.5, t: t0 },
      { meter: 'm-main', value: 'v-power', v: 1498, t: t0 + 1000 },
      { meter: 'm-main', value: 'v-energy', v: 123456.7, t: t0 },
    ];
    const before = t.modules.hub.service.stats().accepted.modbus ?? 0;
    // Resolves on the PUBACK: the points are stored by then.
    await client.publishAsync(
      topicOf(gw.mac, 'modbus'),
      JSON.stringify({ v: PROTOCOL_VERSION, seq: 3, items }),
      { qos: 1 },
    );
    const where = { projectId: project.id, mac: gw.mac };
    const power = await storedPoints(t.app, { ...where, address: 'v-power' });
    expect(power.map((p) => [p.t, p.v])).toEqual([
      [t0, 1520.5],
      [t0 + 1000, 1498],
    ]);
    const energy = await storedPoints(t.app, { ...where, address: 'v-energy' });
    expect(energy.map((p) => [p.t, p.v])).toEqual([[t0, 123456.7]]);
    const series = await t.modules.timeseries.store.findSeries({
      projectId: project.id,
      gatewayMac: gw.mac,
      address: 'v-energy',
      kind: 'modbus',
    });
    expect(series).toBe(energy[0]?.series);
    expect(t.modules.hub.service.stats().accepted.modbus).toBe(before + 3);
    await client.endAsync();
  });

  it('drops and counts a malformed readings batch; the gateway and its telegrams go on', async () => {
    const gw = await newGateway();
    const client = await connectAs(broker, gw.mac, gw.secret);
    const malformed = t.modules.hub.service.stats().dropped.malformed ?? 0;
    for (const body of [
      '{"v":1,"seq":1,"items":[{"meter":"m","value":"v","v":"high","t":1}]}',
      '{"v":1,"seq":1,"items":[]}',
      'not json',
    ])
      await client.publishAsync(topicOf(gw.mac, 'modbus'), body, { qos: 1 });
    expect(t.modules.hub.service.stats().dropped.malformed).toBe(malformed + 3);
    expect(client.connected).toBe(true);
    const t0 = Date.now() - 100;
    await publishTelegrams(client, gw.mac, [{ ga: '3/3/3', dpt: '9.001', value: 4, t: t0 }]);
    const raw = await storedPoints(t.app, { projectId: project.id, mac: gw.mac, address: '3/3/3' });
    expect(raw.map((p) => p.v)).toEqual([4]);
    await client.endAsync();
  });
});

describe('bad input', () => {
  it('drops and counts malformed and oversized payloads; the server carries on', async () => {
    const gw = await newGateway();
    const client = await connectAs(broker, gw.mac, gw.secret);
    const stats = () => t.modules.hub.service.stats().dropped;
    const malformed = stats().malformed ?? 0;
    await client.publishAsync(
      topicOf(gw.mac, 'telegrams'),
      '{"v":1,"seq":1,"items":[{"ga":"x"}]}',
      { qos: 1 },
    );
    await client.publishAsync(topicOf(gw.mac, 'info'), 'not json', { qos: 1 });
    expect(stats().malformed).toBe(malformed + 2);
    const oversized = stats().oversized ?? 0;
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    client.publish(topicOf(gw.mac, 'telegrams'), Buffer.alloc(70 * 1024, 65), { qos: 1 });
    await closed;
    // Refused at its fixed header by the broker thread: counted with its next batch.
    await waitFor(() => stats().oversized === oversized + 1);
    await client.endAsync(true);
    expect((await call('GET', '/api/health')).statusCode).toBe(200);
  });

  it('disconnects a flooding gateway (token bucket)', async () => {
    const gw = await newGateway();
    const client = await connectAs(broker, gw.mac, gw.secret);
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    const body = JSON.stringify({ v: 1, values: { ph: 7.2 } });
    for (let i = 0; i < 400; i++) client.publish(topicOf(gw.mac, 'pool'), body, { qos: 1 });
    await closed;
    expect(t.modules.hub.service.stats().dropped.rateLimited).toBeGreaterThan(0);
    await client.endAsync(true);
  });
});

describe('commands', () => {
  it('answers 409 gatewayOffline at once for an offline gateway', async () => {
    const gw = await newGateway();
    const started = Date.now();
    const res = await call('GET', `/api/gateway/reboot/${gw.mac}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'gatewayOffline' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives 504 gatewayTimeout when the gateway does not answer', async () => {
    const gw = await newGateway();
    const silent = await connectAs(broker, gw.mac, gw.secret);
    await waitFor(() => t.modules.hub.service.presence.isOnline(gw.mac));
    const res = await call('GET', `/api/gateway/nodered/restart/${gw.mac}`);
    expect(res.json()).toMatchObject({ statusCode: 504, code: 'gatewayTimeout' });
    // It had not subscribed: the command waited for it in the broker thread until its deadline,
    // so subscribing now must not run what the user was told had failed.
    const got: string[] = [];
    silent.on('message', (_topic, payload) => got.push(payload.toString()));
    await silent.subscribeAsync(topicOf(gw.mac, 'cmd'), { qos: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toEqual([]);
    await silent.endAsync();
  });

  it('reboots a simulated gateway: the reply, offline, then online again, seen on the console socket', async () => {
    const gw = await newGateway();
    const { socket, joined } = await consoleSocket(baseUrl, owner.token, project.id);
    expect(joined).toMatchObject({ ok: true });
    const states: boolean[] = [];
    socket.on(
      'gateway:state',
      (e: { mac: string; online: boolean }) => e.mac === gw.mac && states.push(e.online),
    );
    const agent = startAgent(broker, { ...gw, type: 'kloudnx' });
    await waitFor(() => t.modules.hub.service.presence.isOnline(gw.mac));
    const res = await call('GET', `/api/gateway/reboot/${gw.id}`);
    expect(res.json()).toEqual({ message: 'rebootSuccess' });
    await waitFor(() => states.length >= 3);
    expect(states.slice(0, 3)).toEqual([true, false, true]);
    socket.close();
    await agent.stop();
  });

  it('works the same with the simulator’s light MQTT link (the hub benchmark’s)', async () => {
    const gw = await newGateway();
    const wrong = startAgent(broker, { ...gw, secret: 'wrong', type: 'kloudnx' }, {}, 'lite');
    const acked: number[] = [];
    const agent = startAgent(broker, { ...gw, type: 'kloudnx' }, { maxInFlight: 100 }, 'lite');
    await waitFor(() => t.modules.hub.service.presence.isOnline(gw.mac));
    expect(wrong.link.connected).toBe(false);
    await wrong.stop();
    const t0 = Date.now();
    await Promise.all(
      [0, 1, 2].map((i) =>
        agent
          .publishTelegrams([{ ga: '1/1/1', dpt: '9.001', value: 20 + i, t: t0 - 3 + i }])
          .then(() => acked.push(i)),
      ),
    );
    expect(acked.sort()).toEqual([0, 1, 2]);
    const stored = await storedPoints(t.app, {
      projectId: project.id,
      mac: gw.mac,
      address: '1/1/1',
    });
    expect(stored.map((r) => r.v).sort()).toEqual([20, 21, 22]);
    const res = await call('GET', `/api/gateway/reboot/${gw.id}`);
    expect(res.json()).toEqual({ message: 'rebootSuccess' });
    await waitFor(() => !t.modules.hub.service.presence.isOnline(gw.mac));
    await waitFor(() => t.modules.hub.service.presence.isOnline(gw.mac));
    await agent.stop();
    await waitFor(() => !t.modules.hub.service.presence.isOnline(gw.mac));
  });

  it('refuses console sockets without a valid session, and joins only readable projects', async () => {
    await expect(consoleSocket(baseUrl, 'forged', project.id)).rejects.toThrow(/unauthorized/);
    const stranger = await createUser(t.app, 'user');
    const { socket, joined } = await consoleSocket(baseUrl, stranger.token, project.id);
    expect(joined).toEqual({ ok: false, code: 'notFound' });
    socket.close();
  });
});

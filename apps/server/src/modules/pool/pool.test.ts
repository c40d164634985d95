import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PoolConfig, PoolDataEvent } from '@atrium/contracts/pool';
import { GatewayAgent } from '@atrium/gateway-agent/agent';
import { MqttLink } from '@atrium/gateway-agent/mqtt-link';
import {
  FAKE_KLEREO_ACCOUNT,
  FAKE_POOLCOP_ACCOUNT,
  startFakeVendor,
  type FakeVendor,
} from '@atrium/gateway-agent/pool/fake-vendor';
import { encode } from '@atrium/knx/dpt-codec';
import { addViewer, createGateway } from '../../../test/fixtures';
import {
  consoleSocket,
  startHubWithProject,
  storedPoints,
  waitFor,
  type HubWithProject,
} from '../../../test/hub-helpers';
import { createUser, type TestUser } from '../../../test/test-server';
import { call, codeOf } from '../modbus/modbus.testing';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const KLEREO = {
  type: 'klereo',
  auth: { username: FAKE_KLEREO_ACCOUNT.username, password: sha1(FAKE_KLEREO_ACCOUNT.password) },
};
const POOLCOP = { type: 'poolcop', auth: { apikey: FAKE_POOLCOP_ACCOUNT.apikey } };

let h: HubWithProject;
let vendor: FakeVendor;
const agents: GatewayAgent[] = [];
beforeAll(async () => {
  vendor = await startFakeVendor({ poolcopQuota: 1_000_000 });
  h = await startHubWithProject();
});
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop()));
  await h.t.close();
  await vendor.close();
});

/** A poolnx gateway of the project, with a simulated device on the broker unless `offline`. */
async function poolGateway(offline = false) {
  const gw = await h.newGateway({ type: 'poolnx', version: '7.6.0' });
  const start = () => {
    const agent = new GatewayAgent({
      mac: gw.mac,
      type: 'poolnx',
      version: '7.6.0',
      link: new MqttLink({
        url: h.broker,
        mac: gw.mac,
        secret: gw.secret,
        minBackoffMs: 200,
        maxBackoffMs: 1000,
      }),
      timing: { infoEveryMs: 60_000 },
      pool: { urls: { klereoUrl: vendor.klereoUrl, poolcopUrl: vendor.poolcopUrl }, pollMs: 200 },
    });
    agent.start();
    agents.push(agent);
    return agent;
  };
  const agent = offline ? undefined : start();
  if (agent) await waitFor(() => h.t.modules.hub.service.presence.isOnline(gw.mac));
  return { gw, agent, start };
}

const q = (mac: string) => `?mac=${mac}`;
const get = (user: TestUser, path: string, mac: string) =>
  call(h.t.app, user, 'GET', `/api/poolnx/${path}${q(mac)}`);
const post = (user: TestUser, path: string, mac: string, body: unknown) =>
  call(h.t.app, user, 'POST', `/api/poolnx/${path}${q(mac)}`, body);
const configOf = async (mac: string) => (await get(h.owner, 'config', mac)).json<PoolConfig>();

const row = (name: string, address: string, dpt: string) => ({
  name,
  address,
  enabled: true,
  rename: '',
  dpt,
});

describe('a Klereo pool configured end to end', () => {
  it('sets the type, checks the credentials through the gateway, lists pools, maps and bridges', async () => {
    const { gw, agent } = await poolGateway();
    let c = await configOf(gw.mac);
    expect(c).toMatchObject({
      type: null,
      auth: null,
      POOL_to_KNX: [],
      vendor: { state: 'unknown' },
    });
    expect(
      codeOf(await post(h.owner, 'update', gw.mac, { tempControl: { hysteresis: 1 } })),
    ).toEqual([400, 'validation']);
    expect(codeOf(await get(h.owner, 'klereo/poollist', gw.mac))).toEqual([409, 'poolTypeNotSet']);
    expect((await post(h.owner, 'init/type', gw.mac, { type: 'klereo' })).json()).toEqual({
      message: 'changeSuccess',
      synced: true,
    });
    c = await configOf(gw.mac);
    expect(c.type).toBe('klereo');
    expect(c.POOL_to_KNX.map((r) => r.name)).toContain('waterTemp');
    expect(c.KNX_to_POOL.every((r) => r.address === '' && !r.enabled)).toBe(true);
    const stored = await h.t.app.db
      .selectFrom('gateways')
      .select('pooltype')
      .where('mac', '=', gw.mac)
      .executeTakeFirstOrThrow();
    expect(stored.pooltype).toBe('klereo');

    // Wrong credentials: a clear error, nothing stored.
    const wrong = { ...KLEREO, auth: { ...KLEREO.auth, password: sha1('Wrong1234') } };
    expect(codeOf(await post(h.owner, 'auth', gw.mac, wrong))).toEqual([422, 'poolInvalidIds']);
    expect(codeOf(await post(h.owner, 'auth', gw.mac, POOLCOP))).toEqual([400, 'poolTypeMismatch']);
    expect(codeOf(await get(h.owner, 'klereo/poollist', gw.mac))).toEqual([
      409,
      'poolNotAuthenticated',
    ]);
    expect((await configOf(gw.mac)).auth).toBeNull();

    expect((await post(h.owner, 'auth', gw.mac, KLEREO)).statusCode).toBe(200);
    c = await configOf(gw.mac);
    expect(c.auth).toEqual({ username: 'demo' });
    // The gateway's history says who changed the pool, never with what.
    const history = await waitFor(async () => {
      const res = await call(h.t.app, h.owner, 'GET', `/api/gateway-events/${gw.mac}?kinds=config`);
      const events = res.json<{ events: { user: string; data: { detail?: string } }[] }>().events;
      return events.some((e) => e.data.detail === 'auth klereo') ? events : null;
    });
    expect(history.map((e) => e.data.detail)).toEqual(['auth klereo', 'type klereo']);
    expect(history[0]!.user).toBe(h.owner.email);
    expect(JSON.stringify(history)).not.toContain(KLEREO.auth.password);
    const sealed = await h.t.app.db
      .selectFrom('pool_configs')
      .select(['credentials', 'auth_hint'])
      .executeTakeFirstOrThrow();
    expect(sealed.credentials).toMatch(/^v1\./);
    expect(sealed.credentials).not.toContain(KLEREO.auth.password);
    expect(JSON.stringify(c)).not.toContain(KLEREO.auth.password);

    expect((await get(h.owner, 'klereo/poollist', gw.mac)).json()).toEqual(
      FAKE_KLEREO_ACCOUNT.pools,
    );
    expect((await post(h.owner, 'init/type', gw.mac, { pool: 4242 })).statusCode).toBe(200);
    const pool = vendor.pools.get('4242')!;
    pool.setFiltration(false);
    const saved = await post(h.owner, 'update', gw.mac, {
      POOL_to_KNX: [row('waterTemp', '2/1/0', '9.001'), row('filtration', '2/1/1', '1.001')],
      KNX_to_POOL: [row('filtration', '2/2/0', '1.001')],
      options: {
        refresh_knx: { address: '', enabled: false },
        refresh_auto: { time: 30, enabled: true },
        error: { address: '2/7/0', enabled: true },
        watchdog_knx: { address: '', enabled: false },
        tcp: { addresses: [], enabled: false },
      },
    });
    expect(saved.json()).toEqual({ message: 'changeSuccess', synced: true });
    expect(agent!.pool!.current?.selectedPool).toBe('4242');

    // The values arrive as telegrams on their addresses (recorded) and in the live table.
    const points = await waitFor(async () => {
      const p = await storedPoints(h.t.app, {
        projectId: h.project.id,
        mac: gw.mac,
        address: '2/1/0',
      });
      return p.length ? p : null;
    });
    expect(Number(points[0]!.v)).toBeCloseTo(pool.state.waterTemp, 1);
    c = await waitFor(async () => {
      const x = await configOf(gw.mac);
      return x.lastUpdate ? x : null;
    }).catch(async (e) => {
      console.log(
        JSON.stringify(await configOf(gw.mac)).slice(0, 600),
        h.t.modules.hub.service.stats(),
      );
      throw e;
    });
    expect(c.vendor.state).toBe('ok');
    expect(c.synced).toBe(true);
    expect(c.POOL_to_KNX.find((r) => r.name === 'filtration')).toMatchObject({
      address: '2/1/1',
      value: false,
    });
    expect(c.options.refresh_auto.time).toBe(30);

    // A group write on the KNX_to_POOL address turns the filtration on.
    agent!.busWrite('2/2/0', encode('1.001', true));
    await waitFor(() => pool.state.filtration);
    const live = await waitFor(async () => {
      const x = await configOf(gw.mac);
      return x.POOL_to_KNX.find((r) => r.name === 'filtration')?.value === true ? x : null;
    });
    expect(live.KNX_to_POOL.find((r) => r.name === 'filtration')?.value).toBe(true);

    // Changing the type forgets the Klereo account.
    expect((await post(h.owner, 'init/type', gw.mac, { type: 'poolcop' })).statusCode).toBe(200);
    c = await configOf(gw.mac);
    expect(c).toMatchObject({ type: 'poolcop', auth: null, selectedPool: null });
    expect(c.POOL_to_KNX.every((r) => r.address === '')).toBe(true);
  });
});

describe('a PoolCop pool', () => {
  it('takes an API key (masked in the config), and says when the vendor is down or the quota spent', async () => {
    const { gw } = await poolGateway();
    await post(h.owner, 'init/type', gw.mac, { type: 'poolcop' });
    expect(
      codeOf(
        await post(h.owner, 'auth', gw.mac, {
          type: 'poolcop',
          auth: { apikey: 'not-the-key-0000' },
        }),
      ),
    ).toEqual([422, 'poolInvalidIds']);
    expect(codeOf(await get(h.owner, 'klereo/poollist', gw.mac))).toEqual([
      400,
      'poolTypeMismatch',
    ]);
    vendor.outage = true;
    try {
      expect(codeOf(await post(h.owner, 'auth', gw.mac, POOLCOP))).toEqual([
        502,
        'poolVendorUnavailable',
      ]);
    } finally {
      vendor.outage = false;
    }
    expect((await configOf(gw.mac)).auth).toBeNull();
    expect((await post(h.owner, 'auth', gw.mac, POOLCOP)).statusCode).toBe(200);
    expect((await configOf(gw.mac)).auth).toEqual({ apikey: '••••0001' });
    expect(codeOf(await post(h.owner, 'init/type', gw.mac, { pool: '1' }))).toEqual([
      400,
      'poolTypeMismatch',
    ]);
  });

  it('answers 429 poolRateLimited with the refill time when the vendor quota is spent', async () => {
    const limited = await startFakeVendor({ poolcopQuota: 0 });
    const gw = await h.newGateway({ type: 'poolnx' });
    const agent = new GatewayAgent({
      mac: gw.mac,
      type: 'poolnx',
      version: '7.6.0',
      link: new MqttLink({
        url: h.broker,
        mac: gw.mac,
        secret: gw.secret,
        minBackoffMs: 200,
        maxBackoffMs: 1000,
      }),
      timing: { infoEveryMs: 60_000 },
      pool: { urls: { poolcopUrl: limited.poolcopUrl } },
    });
    agent.start();
    agents.push(agent);
    await waitFor(() => h.t.modules.hub.service.presence.isOnline(gw.mac));
    await post(h.owner, 'init/type', gw.mac, { type: 'poolcop' });
    const res = await post(h.owner, 'auth', gw.mac, POOLCOP);
    expect(codeOf(res), res.body).toEqual([429, 'poolRateLimited']);
    expect(res.json<{ retryAt: number }>().retryAt).toBeGreaterThan(Date.now());
    await limited.close();
  });
});

describe('bad input', () => {
  it('refuses malformed addresses, DPTs, hysteresis, unknown keys, bad MACs and other gateway types', async () => {
    const { gw } = await poolGateway(true);
    await post(h.owner, 'init/type', gw.mac, { type: 'klereo' });
    const up = (body: unknown) => post(h.owner, 'update', gw.mac, body);
    expect(codeOf(await up({ POOL_to_KNX: [row('waterTemp', '1/8/0', '9.001')] }))).toEqual([
      400,
      'malformedAddress',
    ]);
    expect(codeOf(await up({ POOL_to_KNX: [row('waterTemp', '32/0/0', '9.001')] }))).toEqual([
      400,
      'malformedAddress',
    ]);
    expect(codeOf(await up({ POOL_to_KNX: [row('waterTemp', '', '9.001')] }))).toEqual([
      400,
      'malformedAddress',
    ]);
    expect(codeOf(await up({ POOL_to_KNX: [row('waterTemp', '1/1/1', '9.1')] }))).toEqual([
      400,
      'invalidDPT',
    ]);
    expect(codeOf(await up({ POOL_to_KNX: [row('waterTemp', '1/1/1', '')] }))).toEqual([
      400,
      'invalidDPT',
    ]);
    expect(codeOf(await up({ POOL_to_KNX: [row('orp', '1/1/1', '9.020')] }))).toEqual([
      400,
      'poolUnknownKey',
    ]);
    expect(codeOf(await up({ KNX_to_POOL: [row('waterTemp', '1/1/1', '9.001')] }))).toEqual([
      400,
      'poolUnknownKey',
    ]);
    const tc = {
      control: { address: '1/3/0' },
      currentTemp: { address: '' },
      setpoint: { address: '1/3/1' },
      setpointFeedback: { address: '' },
      controlFeedback: { address: '' },
      enabled: true,
    };
    expect(codeOf(await up({ tempControl: tc }))).toEqual([400, 'hysteresis']);
    expect(codeOf(await up({ tempControl: { ...tc, hysteresis: '1' } }))).toEqual([
      400,
      'hysteresis',
    ]);
    expect(codeOf(await up({ tempControl: { ...tc, hysteresis: -1 } }))).toEqual([
      400,
      'hysteresis',
    ]);
    expect(
      codeOf(await up({ tempControl: { ...tc, hysteresis: 1, setpoint: { address: '' } } })),
    ).toEqual([400, 'malformedAddress']);
    expect((await up({ tempControl: { ...tc, hysteresis: 0.5 } })).json()).toMatchObject({
      synced: false,
    });
    expect(codeOf(await up({ options: { refresh_auto: { time: 15, enabled: true } } }))).toEqual([
      400,
      'validation',
    ]);
    expect(
      codeOf(
        await post(h.owner, 'auth', gw.mac, {
          type: 'klereo',
          auth: { username: 'bad name', password: sha1('x') },
        }),
      ),
    ).toEqual([400, 'noSpecialCharacters']);
    expect(codeOf(await get(h.owner, 'config', 'zz'))).toEqual([404, 'notFound']);
    expect(codeOf(await call(h.t.app, h.owner, 'GET', '/api/poolnx/config'))).toEqual([
      404,
      'notFound',
    ]);
    const kloud = await h.newGateway({ type: 'kloudnx' });
    expect(codeOf(await get(h.owner, 'config', kloud.mac))).toEqual([409, 'poolUnsupported']);
    expect(
      codeOf(
        await call(
          h.t.app,
          h.owner,
          'GET',
          '/api/poolnx/statusKeys?statusOrCmd=both&pooltype=klereo',
        ),
      ),
    ).toEqual([400, 'validation']);
    const keys = await call(
      h.t.app,
      h.owner,
      'GET',
      '/api/poolnx/statusKeys?statusOrCmd=cmd&pooltype=poolcop',
    );
    expect(keys.json<{ name: string }[]>().map((k) => k.name)).toContain('filtration');
  });

  it('keeps foreign gateways hidden and viewers read-only', async () => {
    const { gw } = await poolGateway(true);
    await post(h.owner, 'init/type', gw.mac, { type: 'klereo' });
    const stranger = await createUser(h.t.app, 'user');
    const strangers = await createGateway(h.t.app, { team_id: stranger.team, type: 'poolnx' });
    expect(codeOf(await get(stranger, 'config', gw.mac))).toEqual([404, 'notFound']);
    expect(codeOf(await post(stranger, 'auth', gw.mac, KLEREO))).toEqual([404, 'notFound']);
    expect(codeOf(await get(h.owner, 'config', strangers.mac))).toEqual([404, 'notFound']);
    const viewer = await createUser(h.t.app, 'user');
    await addViewer(h.t.app, h.project.id, viewer.id);
    expect((await get(viewer, 'config', gw.mac)).statusCode).toBe(200);
    expect(codeOf(await post(viewer, 'update', gw.mac, { selectedPool: '1' }))).toEqual([
      403,
      'forbidden',
    ]);
    expect(codeOf(await get(viewer, 'klereo/poollist', gw.mac))).toEqual([403, 'forbidden']);
  });
});

describe('the pool type changed by the gateway hub', () => {
  it('gives the gateway a fresh configuration of the new type', async () => {
    const { gw, agent } = await poolGateway();
    await post(h.owner, 'init/type', gw.mac, { type: 'klereo' });
    await post(h.owner, 'auth', gw.mac, KLEREO);
    const res = await call(h.t.app, h.owner, 'POST', `/api/gateway/pool/type/${gw.mac}`, {
      pool: 'poolcop',
    });
    expect(res.statusCode).toBe(200);
    await waitFor(() => agent!.pool?.current?.type === 'poolcop');
    expect(agent!.pool!.current!.credentials).toBeNull();
    const c = await configOf(gw.mac);
    expect(c).toMatchObject({ type: 'poolcop', auth: null });
  });
});

describe('offline gateways and the live table', () => {
  it('queues the configuration while offline and sends it when the gateway connects', async () => {
    const { gw, start } = await poolGateway(true);
    await post(h.owner, 'init/type', gw.mac, { type: 'klereo' });
    expect(codeOf(await post(h.owner, 'auth', gw.mac, KLEREO))).toEqual([409, 'gatewayOffline']);
    const saved = await post(h.owner, 'update', gw.mac, {
      POOL_to_KNX: [row('pH', '3/1/0', '14.000')],
    });
    expect(saved.json()).toEqual({ message: 'changeSuccess', synced: false });
    expect((await configOf(gw.mac)).synced).toBe(false);
    const agent = start();
    await waitFor(() => agent.pool?.current?.POOL_to_KNX.some((r) => r.address === '3/1/0'));
    await waitFor(async () => (await configOf(gw.mac)).synced);
  });

  it('joins poolnx:{mac}, gets the table at once and fresh values after poolnx:refresh', async () => {
    const { gw } = await poolGateway();
    await post(h.owner, 'init/type', gw.mac, { type: 'klereo' });
    await post(h.owner, 'auth', gw.mac, KLEREO);
    await post(h.owner, 'init/type', gw.mac, { pool: '4243' });
    const { socket } = await consoleSocket(h.baseUrl, h.owner.token, h.project.id);
    try {
      const events: PoolDataEvent[] = [];
      socket.on('poolnx:data', (e: PoolDataEvent) => events.push(e));
      const joined = await socket.emitWithAck('join', `poolnx:${gw.mac}`);
      expect(joined).toMatchObject({ ok: true });
      await waitFor(() => events.length > 0);
      expect(events[0]!.mac).toBe(gw.mac);
      const before = events.length;
      expect(await socket.emitWithAck('poolnx:refresh', { mac: gw.mac.toUpperCase() })).toEqual({
        ok: true,
      });
      const fresh = await waitFor(() => events.slice(before).find((e) => e.lastUpdate !== null));
      expect(fresh.POOL_to_KNX.find((r) => r.name === 'waterTemp')?.value).toBeTypeOf('number');
      expect(fresh.vendor.state).toBe('ok');
      // A second refresh within 10 s does not ask the vendor again: the stored table comes back.
      const spy = vi.spyOn(h.t.modules.hub.service, 'command');
      const count = events.length;
      expect(await socket.emitWithAck('poolnx:refresh', { mac: gw.mac })).toEqual({ ok: true });
      await waitFor(() => events.length > count);
      expect(spy.mock.calls.filter((c) => c[1] === 'pool.refresh')).toHaveLength(0);
      spy.mockRestore();
      // Another team's gateway: no room, no refresh.
      const stranger = await createUser(h.t.app, 'user');
      const foreign = await consoleSocket(h.baseUrl, stranger.token, h.project.id);
      expect(await foreign.socket.emitWithAck('join', `poolnx:${gw.mac}`)).toEqual({
        ok: false,
        code: 'notFound',
      });
      expect(await foreign.socket.emitWithAck('poolnx:refresh', { mac: gw.mac })).toEqual({
        ok: false,
        code: 'forbidden',
      });
      foreign.socket.close();
    } finally {
      socket.close();
    }
  });
});

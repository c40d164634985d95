import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { topicOf } from '@atrium/contracts/gateway-protocol';
import { createProject } from '../../../../test/fixtures';
import { connectAs, gatewayWithSecret, storedGateway, waitFor } from '../../../../test/hub-helpers';
import { MOSQUITTO, startMosquitto, type Mosquitto } from '../../../../test/mosquitto';
import { REDIS_SERVER, startRedis, type RedisServer } from '../../../../test/redis-server';
import { createUser, startTestServer, type TestServer } from '../../../../test/test-server';
import { HubRepository } from '../hub.repository';
import { ClusterArrivalOwners, ownerOf } from './arrival-owners';

const macs = Array.from({ length: 2_000 }, (_, i) => `00:11:22:${i.toString(16).padStart(6, '0')}`);

describe('ownerOf (rendezvous hashing)', () => {
  it('gives each gateway one node, about evenly, and moves only the joining node’s share', () => {
    const two = macs.map((m) => ownerOf(m, ['node-a', 'node-b']));
    const share = two.filter((n) => n === 'node-a').length / macs.length;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
    // The order of the list does not matter: every node computes the same owner.
    expect(macs.map((m) => ownerOf(m, ['node-b', 'node-a']))).toEqual(two);
    const three = macs.map((m) => ownerOf(m, ['node-a', 'node-b', 'node-c']));
    const moved = three.filter((n, i) => n !== two[i]);
    expect(new Set(moved)).toEqual(new Set(['node-c']));
    expect(moved.length / macs.length).toBeGreaterThan(0.25);
    expect(moved.length / macs.length).toBeLessThan(0.42);
    expect(ownerOf('aa', [])).toBeUndefined();
  });
});

const withRedis = existsSync(REDIS_SERVER);
const withBoth = withRedis && existsSync(MOSQUITTO);
let redis: RedisServer;
beforeAll(async () => {
  if (withRedis) redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

const log = { warn: () => {} };

describe.skipIf(!withRedis)('ClusterArrivalOwners (Debian’s redis-server)', () => {
  it('sees the live nodes, forgets a silent one and hands a stopped one’s share on', async () => {
    const key = randomUUID().slice(0, 8);
    const o = { redisUrl: redis.url, heartbeatMs: 50, expireMs: 400, log };
    const a = await ClusterArrivalOwners.start({ ...o, node: `${key}-a` });
    const b = await ClusterArrivalOwners.start({ ...o, node: `${key}-b` });
    const ghost = createClient({ url: redis.url });
    await ghost.connect();
    try {
      // A node that crashed long ago: its heartbeat is older than expireMs.
      await ghost.zAdd('atrium:hub:nodes', { score: 0, value: `${key}-ghost` });
      await waitFor(() => a.live.length === 2 && b.live.length === 2);
      expect(a.live).toEqual([`${key}-a`, `${key}-b`]);
      const owners = macs.map((m) => [a.owns(m), b.owns(m)]);
      expect(owners.every(([x, y]) => x !== y)).toBe(true);
      await b.close();
      await waitFor(() => a.live.length === 1);
      expect(macs.every((m) => a.owns(m))).toBe(true);
      expect(await ghost.zRange('atrium:hub:nodes', 0, -1)).toEqual([`${key}-a`]);
    } finally {
      await a.close();
      await ghost.quit();
    }
  });
});

describe.skipIf(!withBoth)('two nodes behind mosquitto share the arrivals (decision 0050)', () => {
  let mosquitto: Mosquitto;
  let a: TestServer;
  let b: TestServer | undefined;
  const names = [
    `atrium-test-a-${randomUUID().slice(0, 8)}`,
    `atrium-test-b-${randomUUID().slice(0, 8)}`,
  ];

  beforeAll(async () => {
    mosquitto = await startMosquitto();
    const env = (node: string) => ({
      MQTT_URL: mosquitto.hubUrl,
      REDIS_URL: redis.url,
      MQTT_CLIENT_ID: node,
    });
    a = await startTestServer(env(names[0]!));
    b = await startTestServer(env(names[1]!), a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await mosquitto?.stop();
  });

  /** Gateways of a new project, two owned by each node. */
  async function gatewaysOfBoth() {
    const owner = await createUser(a.app, 'user');
    const project = await createProject(a.app, owner.team);
    const gateways: (Awaited<ReturnType<typeof gatewayWithSecret>> & { node: string })[] = [];
    while (names.some((n) => gateways.filter((gw) => gw.node === n).length < 2)) {
      const gw = await gatewayWithSecret(a.app, { team_id: owner.team, project_id: project.id });
      const node = ownerOf(gw.mac, names)!;
      if (gateways.filter((g) => g.node === node).length >= 2) continue;
      mosquitto.addUser(gw.mac, gw.secret);
      gateways.push({ ...gw, node });
    }
    await new Promise((r) => setTimeout(r, 200)); // mosquitto reloads on SIGHUP
    return gateways;
  }

  it('one node writes each arrival and runs its work; both know the gateway online', async () => {
    const gateways = await gatewaysOfBoth();
    for (const gw of gateways)
      await a.app.db
        .insertInto('gateway_pending_updates')
        .values({ gateway_id: gw.id, version: '9.9.9', branch: 'MAIN', created_at: Date.now() })
        .execute();
    // Both nodes see each other before the gateways arrive.
    const reader = createClient({ url: redis.url });
    await reader.connect();
    await waitFor(async () => {
      const live = await reader.zRange('atrium:hub:nodes', 0, -1);
      return names.every((n) => live.includes(n));
    });
    await reader.quit();
    await new Promise((r) => setTimeout(r, 2_100)); // each node's next read of the list
    const nodes = new Map([
      [names[0]!, a],
      [names[1]!, b!],
    ]);
    const puts = new Map(
      [...nodes].map(([name, t]) => [
        name,
        vi.spyOn(t.modules.hub.service.presence['writer'], 'put'),
      ]),
    );
    const taken = vi.spyOn(HubRepository.prototype, 'takePendingUpdate');
    const clients = [];
    try {
      for (const gw of gateways) {
        const client = await connectAs(mosquitto.url, gw.mac, gw.secret);
        await client.publishAsync(topicOf(gw.mac, 'state'), 'online', { qos: 1, retain: true });
        clients.push(client);
      }
      for (const gw of gateways) {
        await waitFor(async () => (await storedGateway(a.app, gw.mac)).online === 1);
        await waitFor(() => [a, b!].every((t) => t.modules.hub.service.presence.isOnline(gw.mac)));
      }
      await waitFor(() => taken.mock.calls.length >= gateways.length);
      await new Promise((r) => setTimeout(r, 300)); // a second node's work would come now
      for (const gw of gateways) {
        const writes = [...puts].map(
          ([name, spy]) =>
            [
              name,
              spy.mock.calls.filter(([mac, , patch]) => mac === gw.mac && patch.online).length,
            ] as const,
        );
        expect(writes, gw.mac).toEqual(names.map((n) => [n, n === gw.node ? 1 : 0]));
        expect(
          taken.mock.calls.filter(([id]) => id === gw.id),
          gw.mac,
        ).toHaveLength(1);
      }
    } finally {
      for (const spy of puts.values()) spy.mockRestore();
      taken.mockRestore();
      for (const client of clients) await client.endAsync();
    }
  });

  it('a node that takes over writes what it heard while the gone node owned it', async () => {
    await b?.close();
    b = undefined;
    // A stand-in for a node that is about to crash: its heartbeat, kept by the test.
    const ghost = `atrium-test-ghost-${randomUUID().slice(0, 8)}`;
    const client = createClient({ url: redis.url });
    await client.connect();
    let last: Promise<unknown> = Promise.resolve();
    const beat = () =>
      (last = client
        .time()
        .then((now) => client.zAdd('atrium:hub:nodes', { score: now.getTime(), value: ghost })));
    await beat();
    const beating = setInterval(() => void beat(), 300);
    const owner = await createUser(a.app, 'user');
    const project = await createProject(a.app, owner.team);
    const ghostsGateway = async () => {
      let gw = await gatewayWithSecret(a.app, { team_id: owner.team, project_id: project.id });
      while (ownerOf(gw.mac, [names[0]!, ghost]) !== ghost)
        gw = await gatewayWithSecret(a.app, { team_id: owner.team, project_id: project.id });
      mosquitto.addUser(gw.mac, gw.secret);
      await a.app.db
        .insertInto('gateway_pending_updates')
        .values({ gateway_id: gw.id, version: '9.9.9', branch: 'MAIN', created_at: Date.now() })
        .execute();
      return gw;
    };
    // gw: heard just now; old: heard long ago, its row never written; written: heard long ago,
    // its row already right (the ghost wrote it).
    const [gw, old, written] = [
      await ghostsGateway(),
      await ghostsGateway(),
      await ghostsGateway(),
    ];
    const presence = a.modules.hub.service.presence;
    const taken = vi.spyOn(HubRepository.prototype, 'takePendingUpdate');
    const puts = vi.spyOn(presence['writer'], 'put');
    await new Promise((r) => setTimeout(r, 2_300)); // node a's next read of the list
    const gateways = [];
    try {
      for (const g of [gw, old, written]) {
        const gateway = await connectAs(mosquitto.url, g.mac, g.secret);
        gateways.push(gateway);
        await gateway.publishAsync(topicOf(g.mac, 'state'), 'online', { qos: 1, retain: true });
        await waitFor(() => presence.isOnline(g.mac));
      }
      await new Promise((r) => setTimeout(r, 300));
      // The ghost owns them: node a knows them online but leaves the rows and the work to it.
      for (const g of [gw, old, written]) {
        expect((await storedGateway(a.app, g.mac)).online).toBe(0);
        expect(taken.mock.calls.filter(([id]) => id === g.id)).toHaveLength(0);
      }
      // Heard a minute ago, past the take-over's lookback: only a stored flag that differs
      // from what node a heard is written again.
      for (const g of [old, written]) presence['heardAt'].set(g.mac, Date.now() - 60_000);
      await a.app.db
        .updateTable('gateways')
        .set({ online: 1 })
        .where('mac', '=', written.mac)
        .execute();
      // The ghost crashes before writing anything: once it drops out of the list (here at
      // once), node a writes the states it heard and sends the waiting updates.
      clearInterval(beating);
      await last; // a heartbeat under way would add it again
      await client.zRem('atrium:hub:nodes', ghost);
      for (const g of [gw, old]) {
        await waitFor(async () => (await storedGateway(a.app, g.mac)).online === 1);
        await waitFor(() => taken.mock.calls.some(([id]) => id === g.id));
        expect(taken.mock.calls.filter(([id]) => id === g.id)).toHaveLength(1);
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(puts.mock.calls.filter(([mac]) => mac === written.mac)).toHaveLength(0);
      expect(taken.mock.calls.filter(([id]) => id === written.id)).toHaveLength(0);
    } finally {
      clearInterval(beating);
      taken.mockRestore();
      puts.mockRestore();
      for (const gateway of gateways) await gateway.endAsync();
      await client.quit();
    }
  });
});

import {
  createServer,
  connect,
  type AddressInfo,
  type Server,
  type Socket as NetSocket,
} from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, telegramsSocketEvent, type TelegramsEvent } from '@atrium/contracts/hub';
import { consoleSocket, startHubWithProject, type HubWithProject } from '../../../test/hub-helpers';
import { backlogsToClose } from './socket-backlog';

describe('backlogsToClose (decision 0045)', () => {
  const limits = { perSocketBytes: 100, totalBytes: 250 };

  it('closes nothing while every backlog and their sum are within the limits', () => {
    expect(backlogsToClose([100, 100, 50, 0], limits)).toEqual([]);
  });

  it('closes each backlog over its own limit, whatever the sum', () => {
    expect(backlogsToClose([101, 0, 5_000], limits)).toEqual([0, 2]);
  });

  it('past the total, closes the largest backlogs until the rest fit', () => {
    // 90 + 80 + 70 + 60 = 300 > 250: 90 goes (210 left).
    expect(backlogsToClose([70, 90, 60, 80], limits)).toEqual([1]);
    // 100 + 100 + 100 = 300, the over-limit one aside: one of the 100s goes.
    expect(backlogsToClose([100, 500, 100, 100], limits)).toEqual([1, 0]);
    // A total below one backlog: all go.
    expect(backlogsToClose([100, 100, 100], { perSocketBytes: 100, totalBytes: 50 })).toEqual([
      0, 1, 2,
    ]);
  });
});

/**
 * A TCP relay in front of the server whose connections can stop reading what the server
 * sends, as a browser on a saturated link does.
 */
async function stallingRelay(port: number) {
  const links: { client: NetSocket; upstream: NetSocket }[] = [];
  const server: Server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const s of [client, upstream]) s.on('error', end).on('close', end);
    links.push({ client, upstream });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The connections open now stop reading the server. */
    stall() {
      for (const l of links) {
        l.upstream.unpipe(l.client);
        l.upstream.pause();
      }
    },
    resume() {
      for (const l of links) if (!l.upstream.destroyed) l.upstream.pipe(l.client);
    },
    close() {
      for (const l of links) l.client.destroy();
      server.close();
    },
  };
}

const PER_SOCKET = 256 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let hub: HubWithProject;
beforeAll(async () => {
  hub = await startHubWithProject(() => ({ SOCKET_BACKLOG_MAX_BYTES: String(PER_SOCKET) }));
});
afterAll(() => hub.t.close());

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

describe('a console that stops reading (decision 0045)', () => {
  it('is closed once its backlog passes the limit, reconnects, and the others get everything', async () => {
    const realtime = hub.t.modules.realtime;
    const relay = await stallingRelay(Number(new URL(hub.baseUrl).port));
    try {
      const healthy = await consoleSocket(hub.baseUrl, hub.owner.token, hub.project.id, true);
      const slow = await consoleSocket(relay.url, hub.owner.token, hub.project.id, true);
      sockets.push(healthy.socket, slow.socket);
      expect([healthy.joined, slow.joined]).toMatchObject([{ ok: true }, { ok: true }]);
      let heard = 0;
      healthy.socket.on(SOCKET_EVENTS.telegrams, (raw: unknown) => {
        heard += telegramsSocketEvent.parse(raw).batches.length;
      });
      const slowLost: string[] = [];
      slow.socket.on('disconnect', (reason) => slowLost.push(reason));
      const before = realtime.stats();
      expect(before.sockets).toBe(2);

      relay.stall();
      // 200 full events of ~50 KB (1,000 telegrams each go out at once): about 10 MB, far
      // more than the loopback's socket buffers take before the server has to hold it.
      const mac = '00:11:22:33:44:55';
      const items = Array.from({ length: 1_000 }, (_, i) => ({
        ga: `1/2/${i % 256}`,
        dpt: '9.001',
        value: i / 10,
        t: Date.now(),
      }));
      for (let n = 0; n < 200; n += 1) {
        const e: TelegramsEvent = { project: hub.project.id, mac, items };
        hub.t.modules.hub.events.emit('telegrams', e);
        if (n % 10 === 9) await sleep(5);
      }
      await expect.poll(() => heard, { timeout: 20_000 }).toBe(200);
      await expect
        .poll(() => realtime.stats().closedSlow, { timeout: 5_000 })
        .toBe(before.closedSlow + 1);
      expect(realtime.stats().sockets).toBe(1);
      expect(healthy.socket.connected).toBe(true);

      // Once its link works again, the slow console finds its connection reset and comes back.
      relay.resume();
      await expect.poll(() => slowLost.length, { timeout: 10_000 }).toBe(1);
      expect(slowLost[0]).toMatch(/^transport (close|error)$/);
      await expect.poll(() => slow.socket.connected, { timeout: 10_000 }).toBe(true);
      expect(realtime.stats().sockets).toBe(2);
      expect(healthy.socket.connected).toBe(true);
    } finally {
      relay.close();
    }
  });
});

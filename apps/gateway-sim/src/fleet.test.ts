import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Fleet } from './fleet';

const credentials = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    mac: `aabbcc${i.toString(16).padStart(6, '0')}`,
    secret: `secret-${i}`,
    type: 'kloudnx' as const,
    version: null,
  }));

/** A TCP port that accepts and says nothing: the gateways stay offline, so made is counted. */
async function silentBroker(): Promise<{ close: () => Promise<void>; url: string }> {
  const server = createServer((socket) => {
    socket.on('error', () => {});
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const sockets = new Set<Socket>();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const close = () => {
    sockets.forEach((s) => s.destroy());
    return new Promise<void>((r) => server.close(() => r()));
  };
  return { close, url: `mqtt://127.0.0.1:${address.port}` };
}

/** A fleet of `count` lite-link kloudnx gateways at `url`. */
const fleetOf = (url: string, count: number, connectRate: number, telegramsPerSecond: number) =>
  new Fleet({
    url,
    credentials: credentials(count),
    count,
    types: ['kloudnx'],
    version: '8.5.0',
    timing: { infoEveryMs: 60_000, telegramsPerSecond },
    monitor: [{ ga: '1/1/1', dpt: '9.001' }],
    connectRate,
    client: 'lite',
  });

/** Keeps the event loop busy `ms` out of every `ms + 1`, as thousands of running gateways do. */
function busyLoop(ms: number) {
  return setInterval(() => {
    const until = performance.now() + ms;
    while (performance.now() < until);
  }, 1);
}

describe('the simulator fleet', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('starts gateways at the connect rate by the clock, even with a busy event loop', async () => {
    const { close, url } = await silentBroker();
    cleanups.push(close);
    const fleet = fleetOf(url, 200, 1_000, 0);
    cleanups.push(() => fleet.stop());
    const busy = busyLoop(20);
    const began = performance.now();
    await fleet.start();
    const seconds = (performance.now() - began) / 1000;
    clearInterval(busy);
    // 200 at 1,000/s is 0.2 s. One gateway per loop turn (20 ms each) would take 4 s.
    expect(fleet.agents).toHaveLength(200);
    expect(seconds).toBeLessThan(1.5);
  });

  it('stops the telegrams of every gateway, those started after the change too', async () => {
    const { close, url } = await silentBroker();
    cleanups.push(close);
    const fleet = fleetOf(url, 40, 40, 50);
    cleanups.push(() => fleet.stop());
    const started = fleet.start(); // one second: 40 gateways at 40/s
    await new Promise((r) => setTimeout(r, 300));
    fleet.setTelegramRate(0);
    expect(fleet.agents.length).toBeLessThan(40);
    await started;
    const made = fleet.made;
    expect(made).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(fleet.made).toBe(made);
  });
});

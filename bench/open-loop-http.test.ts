import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openLoop, type OpenLoopOptions } from './open-loop-http';

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** A server on a free loopback port; resolves with its port. */
async function serve(handler: Parameters<typeof createServer>[1]) {
  const listening = createServer(handler);
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return (listening.address() as AddressInfo).port;
}

/** The load on `/`, each request numbered in `x-request`. */
const load = (port: number, o: Pick<OpenLoopOptions, 'rate' | 'seconds' | 'connections'>) =>
  openLoop({ port, path: '/', headers: (i) => ({ 'x-request': String(i) }), ...o });

/**
 * A server that answers at once, except that every request arriving between 800 and 1,200 ms
 * after the first is held until 1,200 ms (a stalled server, without blocking this process's
 * event loop, where the load runs). It keeps each request's arrival time.
 */
async function stallingServer() {
  const arrivals: number[] = [];
  let first: number | undefined;
  const port = await serve((req, res) => {
    const now = performance.now();
    first ??= now;
    const at = now - first;
    arrivals.push(at);
    req.resume();
    if (at >= 800 && at < 1_200) setTimeout(() => res.end('{}'), 1_200 - at);
    else res.end('{}');
  });
  return { port, arrivals };
}

describe('openLoop', () => {
  it('sends evenly spaced requests and charges a stall to every request that fell due in it', async () => {
    const { port, arrivals } = await stallingServer();
    const r = await load(port, { rate: 200, seconds: 2, connections: 10 });
    expect(r).toMatchObject({ requests: 400, errors: 0, non2xx: 0 });
    // The backlog of the stall was sent long before the end: the last reply came at once.
    expect(r.drainMs).toBeLessThan(300);
    expect(r.perSecond).toBeGreaterThan(180);
    // About 100 requests arrive in the first half second (a burst per second sends the whole
    // second's 200 at once; a busy machine only sends later, never more).
    expect(arrivals.filter((a) => a < 500).length).toBeLessThanOrEqual(150);
    // 80 requests fell due during the 400 ms stall, a fifth of all: counted from their due
    // time they waited up to 400 ms, half of them over 200 ms.
    expect(r.p90).toBeGreaterThanOrEqual(100);
    expect(r.p99).toBeGreaterThanOrEqual(300);
    // Only those in flight on the 10 connections waited once sent.
    expect(r.serviceP90).toBeLessThan(100);
  });

  it('reports the backlog a server that cannot keep up leaves at the end', async () => {
    // At most 100 replies a second (one connection, 10 ms each) asked 200 a second for 1 s.
    const port = await serve((req, res) => {
      req.resume();
      setTimeout(() => res.end('{}'), 10);
    });
    const r = await load(port, { rate: 200, seconds: 1, connections: 1 });
    expect(r.requests).toBe(200);
    // About 90 in the second, the rest about a second later; the last waited about as long.
    expect(r.perSecond).toBeLessThan(130);
    expect(r.drainMs).toBeGreaterThan(500);
    expect(r.max).toBeGreaterThan(500);
  });

  it('counts replies that are not 2xx and requests that fail', async () => {
    const port = await serve((req, res) => {
      if (req.headers['x-request'] === '3') return void req.socket.destroy();
      res.statusCode = Number(req.headers['x-request']) % 2 ? 500 : 200;
      res.end();
    });
    const r = await load(port, { rate: 100, seconds: 0.1, connections: 2 });
    // Requests 0–9: 3 fails; of the other nine, 1, 5, 7 and 9 get 500.
    expect(r).toMatchObject({ requests: 9, non2xx: 4, errors: 1 });
  });
});

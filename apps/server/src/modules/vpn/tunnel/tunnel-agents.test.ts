import { createServer, request, type Agent, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tunnelAgents, tunnelHost } from './tunnel-agents';
import type { Tunnel } from './tunnel-server';

let page: Server;
let port: number;
const opened: Socket[] = [];

/** A stand-in for a gateway's tunnel whose channels are plain TCP connections to the page. */
const tunnel = {
  open: () =>
    new Promise<Socket>((resolve) => {
      const s = connect(port, '127.0.0.1', () => resolve(s));
      opened.push(s);
    }),
} as unknown as Tunnel;

beforeAll(async () => {
  page = createServer((req, res) => {
    if (req.url === '/silent') return; // never answers
    res.end('ok');
  });
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
  port = (page.address() as AddressInfo).port;
});
afterAll(async () => {
  page.closeAllConnections();
  await new Promise((r) => page.close(r));
});

const get = (agent: Agent, path: string, timeout: number) =>
  new Promise<string>((resolve, reject) => {
    const req = request(
      { agent, host: tunnelHost('aabbccddeeff'), port: 80, path, timeout },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve(body));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });

describe('tunnel HTTP agents', () => {
  it('reuse a kept-alive channel without piling up timeout listeners', async () => {
    const agent = tunnelAgents(() => tunnel, { maxSockets: 1 })['http:'] as Agent;
    for (let i = 0; i < 30; i++) expect(await get(agent, '/', 5_000)).toBe('ok');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.listenerCount('timeout')).toBeLessThanOrEqual(1);
    agent.destroy();
  });

  it('time out a channel that stays silent, once, after the request timeout', async () => {
    const agent = tunnelAgents(() => tunnel, { maxSockets: 1 })['http:'] as Agent;
    const started = performance.now();
    await expect(get(agent, '/silent', 300)).rejects.toThrow('timeout');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    agent.destroy();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { nonAbsoluteLinks, serviceTracker } from './local-test-kit.testing';
import { createNodeRedStandin } from './node-red-standin';

const services = serviceTracker();
const sockets: WebSocket[] = [];
afterEach(async () => {
  sockets.splice(0).forEach((ws) => ws.terminate());
  await services.closeAll();
});

async function standin() {
  const { service, port } = await services.start(createNodeRedStandin());
  return { service, port, url: `http://127.0.0.1:${port}` };
}

/** A `/comms` client whose messages are queued as parsed JSON. */
async function comms(port: number, path = '/comms') {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  sockets.push(ws);
  const queue: unknown[] = [];
  const waiting: ((m: unknown) => void)[] = [];
  ws.on('message', (data: Buffer) => {
    const message: unknown = JSON.parse(data.toString('utf8'));
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const next = () =>
    queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiting.push(r));
  const closed = new Promise<number>((resolve) => ws.once('close', resolve));
  return { ws, next, closed };
}

describe('Node-RED stand-in', () => {
  it('serves the editor, whose script opens /comms on its own host over ws: or wss:', async () => {
    const { url } = await standin();
    const html = await (await fetch(`${url}/`)).text();
    expect(html).toContain("location.protocol === 'https:' ? 'wss:' : 'ws:'");
    expect(html).toContain("'//' + location.host + '/comms'");
    expect(html).toContain('href="/ui/"');
    expect(nonAbsoluteLinks(html)).toEqual([]);
    expect(html).not.toMatch(/127\.0\.0\.1|localhost|wss?:\/\//);
  });

  it('serves the dashboard at /ui/ (/ui redirects there; also on /comms) and the flows as JSON', async () => {
    const { url } = await standin();
    const bare = await fetch(`${url}/ui`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([303, '/ui/']);
    const dashboard = await (await fetch(`${url}/ui/`)).text();
    expect(dashboard).toContain('<table id="values">');
    expect(dashboard).toContain("location.host + '/comms'");
    expect(nonAbsoluteLinks(dashboard)).toEqual([]);
    const flows: unknown = await (await fetch(`${url}/flows`)).json();
    expect(flows).toContainEqual(expect.objectContaining({ type: 'tab' }));
    expect((await fetch(`${url}/assets/style.css`)).status).toBe(200);
    expect((await fetch(`${url}/red/settings`)).status).toBe(404);
  });

  it('says hello on /comms, then echoes every message (JSON as JSON, text as text)', async () => {
    const { port } = await standin();
    const client = await comms(port);
    expect(await client.next()).toMatchObject({ topic: 'hello', service: 'nodered' });
    client.ws.send(JSON.stringify({ text: 'ping', n: 1 }));
    expect(await client.next()).toEqual({ topic: 'echo', data: { text: 'ping', n: 1 } });
    client.ws.send('not json');
    expect(await client.next()).toEqual({ topic: 'echo', data: 'not json' });
  });

  it('broadcasts live values to every open page', async () => {
    const { port, service } = await standin();
    const [a, b] = [await comms(port), await comms(port)];
    await Promise.all([a.next(), b.next()]); // hello
    service.broadcast({ topic: '1/2/4', value: 21.5 });
    expect(await a.next()).toEqual({ topic: '1/2/4', value: 21.5 });
    expect(await b.next()).toEqual({ topic: '1/2/4', value: 21.5 });
  });

  it('refuses a WebSocket on another path, and drops an oversized message', async () => {
    const { port } = await standin();
    await expect(comms(port, '/other')).rejects.toThrow(/404/);
    const client = await comms(port);
    await client.next();
    client.ws.send('x'.repeat(70 * 1024));
    expect(await client.closed).toBe(1009);
  });

  it('close() ends open WebSockets', async () => {
    const { port, service } = await standin();
    const client = await comms(port);
    await client.next();
    await service.close();
    expect(await client.closed).toBeGreaterThan(0);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});

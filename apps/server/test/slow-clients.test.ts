import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { getStatus, head, openRaw, trickle, type RawConnection } from './raw-http';
import { bearer, createUser, startTestServer, type TestServer } from './test-server';

// Shortened limits; production defaults are in docs/operations.md, "HTTP limits and headers".
const HEADERS_MS = 1000;
const REQUEST_MS = 5000;
const PER_PEER = 256;

let t: TestServer;
let port: number;
let adminToken: string;
let supervisorToken: string;
beforeAll(async () => {
  t = await startTestServer({
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
    HTTP_MAX_CONNECTIONS_PER_IP: String(PER_PEER),
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  adminToken = (await createUser(t.app, 'admin')).token;
  supervisorToken = (await createUser(t.app, 'supervisor')).token;
});
afterAll(() => t.close());

/** A sign-in that announces a JSON body of 100 bytes and never sends it. */
const heldSignIn = head('POST', '/api/user/signin', {
  'content-type': 'application/json',
  'content-length': 100,
});

const closedWithin = (c: RawConnection, ms: number) =>
  Promise.race([c.closed, new Promise<number>((r) => setTimeout(r, ms, Infinity))]);

describe('slow bodies', () => {
  it('300 held bodies from one peer: 256 held, 44 refused, /api/health answers, 408 after the request timeout', async () => {
    // The attacker is 127.0.0.2; the health probe comes from 127.0.0.1.
    const held = await Promise.all(
      Array.from({ length: 300 }, () => openRaw(port, heldSignIn, '127.0.0.2')),
    );
    // The server accepts them a little after the client sees them connected.
    await expect
      .poll(() => held.filter((c) => c.isClosed()).length, { timeout: REQUEST_MS / 2 })
      .toBe(300 - PER_PEER);
    for (let i = 0; i < 5; i++) expect(await getStatus(port, '/api/health')).toBe(200);
    // The refused ones went at once; the others are still open, waiting for their body.
    expect(held.filter((c) => c.isClosed()).length).toBe(300 - PER_PEER);
    expect(await getStatus(port, '/api/health', '127.0.0.2')).toBe(0);

    const open = held.filter((c) => !c.isClosed());
    const lifetimes = await Promise.all(open.map((c) => closedWithin(c, REQUEST_MS + 7000)));
    expect(Math.max(...lifetimes)).toBeLessThan(REQUEST_MS + 7000);
    expect(Math.min(...lifetimes)).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(open.every((c) => c.received().startsWith('HTTP/1.1 408'))).toBe(true);
    expect(open[0]?.received()).toContain('"statusCode":408');
    // Their sockets are counted off: the peer may connect again.
    expect(await getStatus(port, '/api/health', '127.0.0.2')).toBe(200);
  });

  it('a body trickled in for longer than the request timeout is cut with 408', async () => {
    const body = JSON.stringify({ name: 'Slowly named project' });
    const c = await openRaw(
      port,
      head('POST', '/api/project/create', {
        ...bearer(supervisorToken),
        'content-type': 'application/json',
        'content-length': body.length,
      }),
    );
    void trickle(c, body.split(''), (REQUEST_MS * 2) / body.length);
    expect(await closedWithin(c, REQUEST_MS + 5000)).toBeLessThan(REQUEST_MS + 5000);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a body held on an unknown address is cut too', async () => {
    const c = await openRaw(
      port,
      head('POST', '/api/nothing-here', {
        'content-type': 'application/json',
        'content-length': 9,
      }),
    );
    expect(await closedWithin(c, REQUEST_MS + 5000)).toBeLessThan(REQUEST_MS + 5000);
  });

  it("an administrator's firmware upload may take longer; an anonymous one may not", async () => {
    const boundary = '----slow';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fw.bin"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${'f'.repeat(2000)}\r\n--${boundary}--\r\n`;
    const upload = (headers: Record<string, string>) =>
      openRaw(
        port,
        head('POST', '/api/information/update?type=kloudnx&version=9.9.7', {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        }),
      );
    const chunks = Array.from({ length: Math.ceil(body.length / 100) }, (_, i) =>
      body.slice(i * 100, i * 100 + 100),
    );
    const admin = await upload(bearer(adminToken));
    const started = Date.now();
    await trickle(admin, chunks, (REQUEST_MS * 1.7) / chunks.length);
    await expect.poll(() => admin.received()).toMatch(/^HTTP\/1\.1 201/);
    expect(Date.now() - started).toBeGreaterThan(REQUEST_MS);
    admin.socket.destroy();

    // Refused at once (401), and its connection is not kept for the upload's long limit.
    const anonymous = await upload({});
    expect(await closedWithin(anonymous, REQUEST_MS + 5000)).toBeLessThan(REQUEST_MS + 5000);
    expect(anonymous.received()).toMatch(/^HTTP\/1\.1 401/);
  });
});

describe('slow headers', () => {
  it('headers trickled in are cut with 408 after the headers timeout', async () => {
    const c = await openRaw(port, head('GET', '/api/health', {}, false));
    const lines = Array.from({ length: 100 }, (_, i) => `x-slow-${i}: y\r\n`);
    void trickle(c, lines, 100);
    const lifetime = await closedWithin(c, HEADERS_MS + 4000);
    expect(lifetime).toBeLessThan(HEADERS_MS + 4000);
    expect(lifetime).toBeGreaterThanOrEqual(HEADERS_MS - 100);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a connection that sends nothing is closed after the headers timeout', async () => {
    const c = await openRaw(port, '');
    expect(await closedWithin(c, HEADERS_MS + 4000)).toBeLessThan(HEADERS_MS + 4000);
  });
});

describe('HTTP limits in the configuration', () => {
  const load = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: t.dataDir, JWT_SECRET: 'x'.repeat(32), ...env }).http;

  it('has the documented defaults', () => {
    expect(load({})).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      uploadTimeoutMs: 3_600_000,
      idleTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
      maxConnectionsPerIp: 256,
    });
  });

  it('refuses limits that contradict each other', () => {
    expect(() => load({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    expect(() => load({ HTTP_UPLOAD_TIMEOUT_MS: '20000' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => load({ HUB_COMMAND_TIMEOUT_MS: '120000' })).toThrow(/HTTP_IDLE_TIMEOUT_MS/);
    expect(
      load({ HUB_COMMAND_TIMEOUT_MS: '120000', HTTP_IDLE_TIMEOUT_MS: '0' }).idleTimeoutMs,
    ).toBe(0);
  });
});

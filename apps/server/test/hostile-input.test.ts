import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from './fixtures';
import { bearer, createUser, startTestServer, type TestServer, type TestUser } from './test-server';

let t: TestServer;
let admin: TestUser;
let projectId: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await createUser(t.app, 'admin');
  projectId = (await createProject(t.app, admin.team)).id;
});
afterAll(() => t.close());

const BOUNDARY = '----atrium';
const part = (filename: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
  `Content-Type: application/octet-stream\r\n\r\n${content}`;

const upload = (
  url: string,
  body: string,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { ...bearer(admin.token), 'content-type': contentType },
  });

describe('broken multipart bodies get 400 with a code, never a 500 or no answer', () => {
  const routes = () => [
    ['/api/gateway/add', 'gateways.csv'],
    ['/api/licences/add', 'licences.csv'],
    ['/api/project/ets/verify', 'export.xml'],
    [`/api/project/ets/update/${projectId}`, 'export.xml'],
  ];

  it('a multipart content type without a boundary', async () => {
    for (const [url] of routes()) {
      const res = await upload(url!, part('x.csv', 'a;b\r\n'), 'multipart/form-data');
      expect([url, res.statusCode, res.json()]).toMatchObject([
        url,
        400,
        { code: 'malformedUpload' },
      ]);
    }
  });

  it('a body cut inside the file', async () => {
    for (const [url, name] of routes()) {
      const res = await upload(url!, part(name!, 'mac;serial\r\n00aa'));
      expect([url, res.statusCode, res.json()]).toMatchObject([
        url,
        400,
        { code: 'malformedUpload' },
      ]);
    }
  });

  it('a firmware upload cut inside the file answers 400 and leaves no partial file', async () => {
    const url = '/api/information/update?type=kloudnx&version=9.9.1';
    const res = await upload(url, part('fw.bin', 'firmware bytes, then nothing'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'malformedUpload' });
    const dir = join(t.dataDir, 'firmware');
    expect(readdirSync(dir).filter((f) => f.endsWith('.part') || f.endsWith('.bin'))).toEqual([]);
    const whole = await upload(url, `${part('fw.bin', 'firmware bytes')}\r\n--${BOUNDARY}--\r\n`);
    expect(whole.statusCode).toBe(201);
  });

  it('a firmware upload without a boundary', async () => {
    const url = '/api/information/update?type=kloudnx&version=9.9.2';
    const res = await upload(url, part('fw.bin', 'x'), 'multipart/form-data');
    expect([res.statusCode, res.json()]).toMatchObject([400, { code: 'malformedUpload' }]);
  });
});

describe("the router's own refusals carry a catalogue code", () => {
  it('a malformed percent-encoding is 400 validation', async () => {
    const res = await t.app.inject({ url: '/api/project/%ZZ', headers: bearer(admin.token) });
    expect([res.statusCode, res.json()]).toMatchObject([
      400,
      { statusCode: 400, code: 'validation' },
    ]);
  });

  it('a path parameter over the length limit is 414 uriTooLong', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/project/delete/${'a'.repeat(101)}`,
      headers: bearer(admin.token),
    });
    expect([res.statusCode, res.json()]).toMatchObject([414, { code: 'uriTooLong' }]);
  });

  it('a NUL byte in the address is 400 validation, on either database', async () => {
    const res = await t.app.inject({ url: '/api/project/%00', headers: bearer(admin.token) });
    expect([res.statusCode, res.json()]).toMatchObject([400, { code: 'validation' }]);
  });

  it('headers over the size limit are 431 headersTooLarge in JSON, over real HTTP', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path: `/api/health?${'q'.repeat(20_000)}` });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(reply.status).toBe(431);
    expect(JSON.parse(reply.body)).toMatchObject({ statusCode: 431, code: 'headersTooLarge' });
  });
});

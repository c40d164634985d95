import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const countUsers = () => t.app.services.usersRepo.countUsers();

describe('bad input never gets a 500 and writes nothing', () => {
  const cases: [string, string | object, number][] = [
    ['malformed JSON', '{"email": "a@b.c", "password": ', 400],
    ['wrong types', { email: 42, password: ['x'] }, 400],
    ['missing fields', {}, 400],
    ['unknown fields', { email: 'a@example.com', password: 'Str0ng!pass', rank: 'admin' }, 400],
    ['over-long e-mail', { email: `${'a'.repeat(300)}@example.com`, password: 'Str0ng!pass' }, 400],
    ['over-long password', { email: 'a@example.com', password: `Aa1!${'x'.repeat(500)}` }, 400],
    ['weak password', { email: 'a@example.com', password: 'password' }, 400],
    ['not an e-mail', { email: 'not-an-email', password: 'Str0ng!pass' }, 400],
    ['null body', 'null', 400],
    ['array body', '[]', 400],
  ];
  it.each(cases)('%s → %i with a code', async (_name, payload, status) => {
    const before = await countUsers();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({
      statusCode: status,
      code: expect.any(String),
      message: expect.any(String),
    });
    expect(await countUsers()).toBe(before);
  });

  it('oversized bodies get 413 payloadTooLarge', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payloadTooLarge' });
  });

  it('a wrong content type gets a 4xx with a code', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 'unsupportedMediaType' });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'validation' });
  });

  it('forged, expired and garbage tokens are 401, never 500', async () => {
    for (const token of ['garbage', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.']) {
      const res = await t.app.inject({
        url: '/api/user/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('unknown API paths are JSON 404s and the server stays up', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'notFound' });
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it(`runs on the database the run asked for`, () => {
    expect(t.dbKind).toBe(process.env.ATRIUM_TEST_DB === 'postgres' ? 'postgres' : 'sqlite');
  });
});

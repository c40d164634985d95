import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, createProject, uploadAs } from './fixtures';
import { bearer, createUser, startTestServer, type TestServer } from './test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const countUsers = () => t.modules.users.repo.countUsers();

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
  it.each(cases)('%s → a 4xx with a code', async (_name, payload, status) => {
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

describe('bad input to projects and gateways: a 4xx with a code, nothing written', () => {
  const count = async (table: 'projects' | 'gateways') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses bad MACs, serials, names, and unknown or foreign ids', async () => {
    const u = await createUser(t.app, 'supervisor');
    const admin = await createUser(t.app, 'admin');
    const stranger = await createUser(t.app, 'supervisor');
    const mine = await createProject(t.app, u.team, 'Mine');
    const theirs = await createProject(t.app, stranger.team, 'Theirs');
    const waiting = await createGateway(t.app, { waiting: 1 });
    const cases: [string, 'GET' | 'POST' | 'DELETE', string, object | undefined, number, string][] =
      [
        [
          'MAC of 10 hex',
          'GET',
          `/api/gateway/waiting?mac=a1b2c3d4e5&sn=AB12CD34`,
          undefined,
          400,
          'invalidMac',
        ],
        [
          'MAC with a non-hex digit',
          'POST',
          '/api/gateway/create',
          { name: 'x', mac: 'g1b2c3d4e5f6', sn: 'AB12CD34' },
          400,
          'invalidMac',
        ],
        [
          'serial of 7',
          'POST',
          '/api/gateway/create',
          { name: 'x', mac: waiting.mac, sn: 'AB12CD3' },
          400,
          'invalidSerial',
        ],
        [
          'empty gateway name',
          'POST',
          '/api/gateway/create',
          { name: ' ', mac: waiting.mac, sn: waiting.sn },
          400,
          'invalidNameAddGW',
        ],
        [
          'gateway name of 31',
          'POST',
          '/api/gateway/create',
          { name: 'x'.repeat(31), mac: waiting.mac, sn: waiting.sn },
          400,
          'invalidNameAddGW',
        ],
        ['empty project name', 'POST', '/api/project/create', { name: '' }, 400, 'invalidName'],
        [
          'project name of 101',
          'POST',
          '/api/project/create',
          { name: 'x'.repeat(101) },
          400,
          'invalidName',
        ],
        ['unknown project', 'GET', '/api/project/does-not-exist', undefined, 404, 'notFound'],
        [
          'foreign project',
          'POST',
          `/api/project/rename/${theirs.id}`,
          { name: 'Hijacked' },
          404,
          'notFound',
        ],
        [
          'foreign project in a body',
          'POST',
          '/api/gateway/virtual',
          { project: theirs.id },
          404,
          'notFound',
        ],
        [
          'foreign project in a link',
          'POST',
          `/api/project/link/${theirs.id}`,
          { macs: [waiting.mac] },
          404,
          'notFound',
        ],
        [
          'waiting gateway not the caller’s to link',
          'POST',
          `/api/project/link/${mine.id}`,
          { macs: [waiting.mac] },
          404,
          'notFound',
        ],
        ['unknown gateway', 'GET', '/api/gateway/details/0x123L', undefined, 404, 'notFound'],
        [
          'non-array macs',
          'POST',
          `/api/project/link/${mine.id}`,
          { macs: 'a1b2c3d4e5f6' },
          400,
          'validation',
        ],
      ];
    const before = [await count('projects'), await count('gateways')];
    for (const [name, method, url, payload, status, code] of cases) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(u.token),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toMatchObject({ statusCode: status, code });
      expect(res.body, name).not.toContain('Theirs');
    }
    expect([await count('projects'), await count('gateways')]).toEqual(before);
    expect((await t.modules.projects.repo.findById(theirs.id))?.name).toBe('Theirs');

    // CSV files with wrong columns or duplicate MACs: 400 invalidCsv, nothing imported.
    for (const csv of [
      'mac,type\na1b2c3d4e5f6,kloudnx',
      'mac,sn,type\na1b2c3d4e5f6,AB12CD34,kloudnx\nA1:B2:C3:D4:E5:F6,AB12CD35,poolnx',
    ]) {
      const res = await uploadAs(t.app)(admin, '/api/gateway/add', 'g.csv', csv);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalidCsv',
        invalid: [expect.objectContaining({ line: expect.any(Number) })],
      });
    }
    expect(await count('gateways')).toBe(before[1]);
  });
});

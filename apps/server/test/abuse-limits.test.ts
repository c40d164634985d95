import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABUSE_LIMITS as LIMITS } from '../src/lib/abuse-limits';
import { callAs, createProject } from './fixtures';
import { createUser, startTestServer, type TestServer } from './test-server';

// The production defaults: under NODE_ENV=test they would be a thousand times higher.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    ABUSE_SIGNIN_PER_MINUTE: String(LIMITS.signinPerMinute),
    ABUSE_MAILS_PER_HOUR: String(LIMITS.mailsPerHour),
    ABUSE_MAILS_PER_ADDRESS_PER_HOUR: String(LIMITS.mailsPerAddressPerHour),
    ABUSE_LICENCE_CHECKS_PER_MINUTE: String(LIMITS.licenceChecksPerMinute),
    ABUSE_GRAPHS_PER_MINUTE: String(LIMITS.graphsPerMinute),
  });
});
afterAll(() => t.close());

const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });

/** The standard error reply of a refused call, with the seconds to wait. */
function expectRateLimited(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ statusCode: 429, code: 'rateLimited' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('abuse limits of the public routes (decision 0016)', () => {
  it('limits sign-in attempts per source address', async () => {
    const source = '198.51.100.1';
    for (let i = 0; i < LIMITS.signinPerMinute; i++) {
      const res = await post(
        '/api/user/signin',
        { email: `n${i}@example.com`, password: 'x' },
        source,
      );
      expect(res.statusCode).toBe(401);
    }
    expectRateLimited(
      await post('/api/user/signin', { email: 'n@example.com', password: 'x' }, source),
    );
    const elsewhere = await post(
      '/api/user/signin',
      { email: 'n@example.com', password: 'x' },
      '198.51.100.2',
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it('limits reset mails per e-mail address, whatever the source', async () => {
    const u = await createUser(t.app, 'user');
    for (let i = 0; i < LIMITS.mailsPerAddressPerHour; i++) {
      const res = await post('/api/user/password/forgot', { email: u.email }, `192.0.2.${i + 1}`);
      expect(res.statusCode).toBe(200);
    }
    expectRateLimited(await post('/api/user/password/forgot', { email: u.email }, '192.0.2.99'));
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mailbox.countTo(u.email)).toBe(LIMITS.mailsPerAddressPerHour);
  });

  it('limits sign-ups and reset mails per source address', async () => {
    const source = '192.0.2.200';
    for (let i = 0; i < LIMITS.mailsPerHour; i++) {
      const res = await post('/api/user/password/forgot', { email: `f${i}@example.com` }, source);
      expect(res.statusCode).toBe(200);
    }
    expectRateLimited(await post('/api/user/password/forgot', { email: 'g@example.com' }, source));
    const signupSource = '192.0.2.201';
    const signup = (i: number) =>
      post(
        '/api/user/signup',
        { email: `s${i}@example.com`, password: 'Str0ng!pass' },
        signupSource,
      );
    for (let i = 0; i < LIMITS.mailsPerHour; i++) expect((await signup(i)).statusCode).toBe(201);
    expectRateLimited(await signup(LIMITS.mailsPerHour));
  });

  it('limits licence key checks per user', async () => {
    const call = callAs(t.app);
    const guesser = await createUser(t.app, 'user');
    for (let i = 0; i < LIMITS.licenceChecksPerMinute; i++) {
      const res = await call(guesser, 'GET', `/api/licences/verify/GUESS-${i}`);
      expect(res.statusCode).toBe(404);
    }
    const over = await call(guesser, 'GET', '/api/licences/verify/GUESS-X');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rateLimited' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const other = await createUser(t.app, 'user');
    expect((await call(other, 'GET', '/api/licences/verify/GUESS-X')).statusCode).toBe(404);
  });

  it('limits graph queries per user', async () => {
    const call = callAs(t.app);
    // A team's supervisor and its project, where 1/1/1 is not monitored: 404 after the lists.
    const reader = await createUser(t.app, 'supervisor');
    const project = await createProject(t.app, reader.team);
    const graph = (user: typeof reader) =>
      call(user, 'POST', `/api/project/timeseries/${project.id}`, {
        measurements: ['1/1/1'],
        start: 0,
        stop: 86_400_000,
      });
    for (let i = 0; i < LIMITS.graphsPerMinute; i++) {
      const res = await graph(reader);
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([
        404,
        'cannotFindAddress',
      ]);
    }
    const over = await graph(reader);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rateLimited' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const colleague = await createUser(t.app, 'supervisor', reader.team);
    expect((await graph(colleague)).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, tokenIn } from '../../../test/mailbox';
import { bearer, createUser, startTestServer, type TestServer } from '../../../test/test-server';
import { LOCK_AFTER, THROTTLE_AFTER } from './signin-throttle';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

/** Signs in through the one-time code; returns the token and the device cookie. */
async function signinWithOtp(email: string, password: string) {
  const before = t.mailbox.countTo(email);
  const first = await post('/api/user/signin', { email, password });
  expect(first.statusCode).toBe(403);
  expect(first.json()).toMatchObject({ code: 3 });
  const id = first.json<{ _id: string }>()._id;
  const code = codeIn(await t.mailbox.waitFor(email, before + 1));
  const res = await post('/api/user/verify/otp', { _id: id, code });
  expect(res.statusCode).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
  return { token: res.json<{ token: string }>().token, cookie, id };
}

describe(`sign-up and sign-in (${process.env.ATRIUM_TEST_DB ?? 'sqlite'})`, () => {
  it('registers, verifies the e-mail by link, and signs in with a one-time code', async () => {
    const email = 'New.User@Example.COM';
    const signup = await post('/api/user/signup', { email, password: 'Str0ng!pass' });
    expect(signup.statusCode).toBe(201);
    const mail = await t.mailbox.waitFor('new.user@example.com');
    const token = tokenIn(mail, 'verifyEmail');
    expect((await post('/api/user/verify/email', { token })).statusCode).toBe(200);
    // A link works once.
    expect((await post('/api/user/verify/email', { token })).json()).toMatchObject({
      statusCode: 400,
      code: 'invalidToken',
    });

    const { token: session, cookie } = await signinWithOtp('new.user@example.com', 'Str0ng!pass');
    const me = await t.app.inject({ url: '/api/user/me', headers: bearer(session) });
    expect(me.json()).toMatchObject({
      email: 'new.user@example.com',
      rank: 'supervisor',
      name: 'new.user',
    });
    const claims = JSON.parse(
      Buffer.from(session.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({
      email: 'new.user@example.com',
      rank: 'supervisor',
      name: 'new.user',
    });
    expect(claims.team).toEqual(expect.any(String));
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);

    // The same browser is known now: no code asked.
    const again = await post(
      '/api/user/signin',
      { email: 'NEW.user@example.com', password: 'Str0ng!pass' },
      { cookie },
    );
    expect(again.statusCode).toBe(200);
    // Another browser is asked for a code.
    const other = await post('/api/user/signin', {
      email: 'new.user@example.com',
      password: 'Str0ng!pass',
    });
    expect(other.json()).toMatchObject({ statusCode: 403, code: 3 });
  });

  it('refuses a second sign-up with the same e-mail in another case', async () => {
    await post('/api/user/signup', { email: 'dup@example.com', password: 'Str0ng!pass' });
    const res = await post('/api/user/signup', {
      email: '  DUP@example.com ',
      password: 'Str0ng!pass',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'alreadyUsedEmail' });
  });

  it('asks an admin for a code even from a known browser', async () => {
    const admin = await createUser(t.app, 'admin');
    const { cookie } = await signinWithOtp(admin.email, admin.password);
    const res = await post(
      '/api/user/signin',
      { email: admin.email, password: admin.password },
      { cookie },
    );
    expect(res.json()).toMatchObject({ code: 3 });
  });

  it('rejects wrong codes, limits attempts and resends', async () => {
    const u = await createUser(t.app, 'user');
    const first = await post('/api/user/signin', { email: u.email, password: u.password });
    const id = first.json<{ _id: string }>()._id;
    const code = codeIn(await t.mailbox.waitFor(u.email));
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post('/api/user/verify/otp', { _id: id, code: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'otp.invalid' });
    // Resend is throttled right after a send...
    const early = await t.app.inject({ url: `/api/user/verify/otp?_id=${id}` });
    expect(early.statusCode).toBe(429);
    // ...and works later; the new code replaces the old one.
    await t.app.db.updateTable('otp_codes').set({ sent_at: 0 }).where('user_id', '=', id).execute();
    expect((await t.app.inject({ url: `/api/user/verify/otp?_id=${id}` })).statusCode).toBe(200);
    const fresh = codeIn(await t.mailbox.waitFor(u.email, 2));
    for (let i = 0; i < 5; i++)
      await post('/api/user/verify/otp', {
        _id: id,
        code: fresh === '000000' ? '111111' : '000000',
      });
    // After five wrong tries even the right code is refused.
    expect((await post('/api/user/verify/otp', { _id: id, code: fresh })).statusCode).toBe(400);
  });

  it('throttles, then locks after repeated failures, and unlocks through the mailed link', async () => {
    const u = await createUser(t.app, 'manager');
    const codes: number[] = [];
    for (let i = 0; i < LOCK_AFTER; i++) {
      const r = await post('/api/user/signin', { email: u.email, password: 'Wrong-pass-1!' });
      codes.push(r.statusCode * 10 + r.json<{ code: number }>().code);
    }
    expect(codes.slice(0, THROTTLE_AFTER)).toEqual(Array(THROTTLE_AFTER).fill(4011));
    expect(codes.slice(THROTTLE_AFTER, LOCK_AFTER - 1)).toEqual(
      Array(LOCK_AFTER - 1 - THROTTLE_AFTER).fill(4012),
    );
    expect(codes[LOCK_AFTER - 1]).toBe(4032);
    // Even the right password is refused while locked.
    const locked = await post('/api/user/signin', { email: u.email, password: u.password });
    expect(locked.json()).toMatchObject({ statusCode: 403, code: 2 });
    const token = tokenIn(await t.mailbox.waitFor(u.email), 'forgotPassword');
    expect(
      (await post('/api/user/password/reset', { token, password: 'New-Str0ng!pw' })).statusCode,
    ).toBe(200);
    const after = await post('/api/user/signin', { email: u.email, password: 'New-Str0ng!pw' });
    expect([200, 403]).toContain(after.statusCode);
    expect(after.json<{ code?: number }>().code ?? 0).not.toBe(2);
  });
});

describe('forgotten password', () => {
  it('answers the same for unknown e-mails and sends nothing', async () => {
    const before = t.mailbox.mails.length;
    const res = await post('/api/user/password/forgot', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'forgotPwdEmailSent' });
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mailbox.mails.length).toBe(before);
  });

  it('resets once with the link and revokes older session tokens', async () => {
    const u = await createUser(t.app, 'user');
    expect((await t.app.inject({ url: '/api/user/me', headers: bearer(u.token) })).statusCode).toBe(
      200,
    );
    const res = await post('/api/user/password/forgot', { email: u.email.toUpperCase() });
    expect(res.json()).toEqual({ message: 'forgotPwdEmailSent' });
    const token = tokenIn(await t.mailbox.waitFor(u.email), 'forgotPassword');
    expect((await post('/api/user/password/reset', { token, password: 'Weak' })).statusCode).toBe(
      400,
    );
    expect(
      (await post('/api/user/password/reset', { token, password: 'An0ther!pass' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/user/password/reset', { token, password: 'An0ther!pass' })).json(),
    ).toMatchObject({ code: 'invalidToken' });
    expect((await t.app.inject({ url: '/api/user/me', headers: bearer(u.token) })).statusCode).toBe(
      401,
    );
    const old = await post('/api/user/signin', { email: u.email, password: u.password });
    expect(old.json()).toMatchObject({ statusCode: 401, code: 1 });
  });

  it('refuses an expired link', async () => {
    const u = await createUser(t.app, 'user');
    await post('/api/user/password/forgot', { email: u.email });
    const token = tokenIn(await t.mailbox.waitFor(u.email), 'forgotPassword');
    await t.app.db
      .updateTable('user_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', u.id)
      .execute();
    const res = await post('/api/user/password/reset', { token, password: 'An0ther!pass' });
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'invalidToken' });
  });
});

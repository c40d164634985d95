import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, tokenIn } from '../../../test/mailbox';
import { createUser, startTestServer, type TestServer } from '../../../test/test-server';
import { LOCK_AFTER } from './signin-throttle';
import { OTP_LOCK_AFTER, OTP_MAX_ATTEMPTS } from './signin.service';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const post = (url: string, payload: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('one-time codes (decision 0016)', () => {
  it('keeps the pending code for 30 s: a sign-in loop mails nothing more and gives no fresh tries', async () => {
    const u = await createUser(t.app, 'admin');
    const first = await post('/api/user/signin', { email: u.email, password: u.password });
    const id = first.json<{ _id: string }>()._id;
    const code = codeIn(await t.mailbox.waitFor(u.email));
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      await post('/api/user/verify/otp', { _id: id, code: wrongOf(code) });
    }
    for (let i = 0; i < 3; i++) {
      const again = await post('/api/user/signin', { email: u.email, password: u.password });
      expect(again.json()).toMatchObject({ statusCode: 403, code: 3 });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mailbox.countTo(u.email)).toBe(1);
    // The tries of the pending code are spent: even the right code is refused.
    expect((await post('/api/user/verify/otp', { _id: id, code })).statusCode).toBe(400);
  });

  it('locks the account after wrong codes across codes, and mails the unlock link', async () => {
    const u = await createUser(t.app, 'admin');
    let wrong = 0;
    let mail = 0;
    while (wrong < OTP_LOCK_AFTER) {
      mail++;
      // Thirty seconds later, as far as the pending code knows.
      await t.app.db.updateTable('otp_codes').set({ sent_at: 0 }).execute();
      const res = await post('/api/user/signin', { email: u.email, password: u.password });
      expect(res.json()).toMatchObject({ code: 3 });
      const id = res.json<{ _id: string }>()._id;
      const code = codeIn(await t.mailbox.waitFor(u.email, mail));
      for (let i = 0; i < OTP_MAX_ATTEMPTS && wrong < OTP_LOCK_AFTER; i++, wrong++) {
        const bad = await post('/api/user/verify/otp', { _id: id, code: wrongOf(code) });
        expect(bad.json()).toMatchObject({ statusCode: 400, code: 'otp.invalid' });
      }
    }
    const locked = await post('/api/user/signin', { email: u.email, password: u.password });
    expect(locked.json()).toMatchObject({ statusCode: 403, code: 2 });
    // The codes' mails, then the unlock mail.
    const token = tokenIn(await t.mailbox.waitFor(u.email, mail + 1), 'forgotPassword');
    const reset = await post('/api/user/password/reset', { token, password: 'New-Str0ng!pw' });
    expect(reset.statusCode).toBe(200);
    const after = await post('/api/user/signin', { email: u.email, password: 'New-Str0ng!pw' });
    expect(after.json()).toMatchObject({ statusCode: 403, code: 3 });
  });
});

describe('wrong passwords lock per account and source (decision 0016)', () => {
  it('locks the account for the failing source only', async () => {
    const u = await createUser(t.app, 'admin');
    const stranger = '203.0.113.7';
    let last = 0;
    for (let i = 0; i < LOCK_AFTER; i++) {
      const res = await post(
        '/api/user/signin',
        { email: u.email, password: 'Wr0ng!pass' },
        stranger,
      );
      last = res.statusCode;
    }
    expect(last).toBe(403);
    const fromStranger = await post(
      '/api/user/signin',
      { email: u.email, password: u.password },
      stranger,
    );
    expect(fromStranger.json()).toMatchObject({ statusCode: 403, code: 2 });
    // The administrator, elsewhere, still signs in (an admin is always asked for a code).
    const fromAdmin = await post('/api/user/signin', { email: u.email, password: u.password });
    expect(fromAdmin.json()).toMatchObject({ statusCode: 403, code: 3 });
    // Another address of the stranger's IPv6 /64 counts as the same source.
    const v6 = '2001:db8:1:2::5';
    for (let i = 0; i < LOCK_AFTER; i++) {
      await post('/api/user/signin', { email: u.email, password: 'Wr0ng!pass' }, v6);
    }
    const sameNet = await post(
      '/api/user/signin',
      { email: u.email, password: u.password },
      '2001:db8:1:2:abcd::9',
    );
    expect(sameNet.json()).toMatchObject({ statusCode: 403, code: 2 });
  });
});

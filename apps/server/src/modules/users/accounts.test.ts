import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenIn } from '../../../test/mailbox';
import { bearer, createUser, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('team accounts', () => {
  it('creates, lists (managers first), updates and deletes accounts of the caller’s team only', async () => {
    const boss = await createUser(t.app, 'supervisor');
    const stranger = await createUser(t.app, 'supervisor');
    const created = await call('POST', '/api/user/accounts/create', boss.token, {
      email: 'Zed@Example.com',
      rank: 'user',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      account: { email: 'zed@example.com', rank: 'user', team: boss.team },
    });
    await call('POST', '/api/user/accounts/create', boss.token, {
      email: 'amy@example.com',
      rank: 'user',
    });
    await call('POST', '/api/user/accounts/create', boss.token, {
      email: 'mo@example.com',
      rank: 'manager',
    });

    // The invite mail lets the new account choose its password.
    const token = tokenIn(await t.mailbox.waitFor('zed@example.com'), 'forgotPassword');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/password/reset',
          payload: { token, password: 'Zed-Str0ng!' },
        })
      ).statusCode,
    ).toBe(200);

    const list = await call('GET', '/api/user/accounts', boss.token);
    expect(list.json<{ accounts: { email: string }[] }>().accounts.map((a) => a.email)).toEqual([
      'mo@example.com',
      'amy@example.com',
      'zed@example.com',
    ]);
    expect((await call('GET', '/api/user/accounts', stranger.token)).json()).toEqual({
      accounts: [],
    });

    const dup = await call('POST', '/api/user/accounts/create', boss.token, {
      email: 'AMY@example.com',
      rank: 'user',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'alreadyusedEmail' });
    const noRank = await call('POST', '/api/user/accounts/create', boss.token, {
      email: 'x@example.com',
    });
    expect(noRank.statusCode).toBe(400);

    // Save: amy becomes manager, zed is left out and so deleted.
    const saved = await call('POST', '/api/user/accounts/update', boss.token, {
      accounts: [
        { email: 'amy@example.com', rank: 'manager' },
        { email: 'mo@example.com', rank: 'manager' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      accounts: [{ email: 'amy@example.com' }, { email: 'mo@example.com' }],
    });
    const zed = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: 'zed@example.com', password: 'Zed-Str0ng!' },
    });
    expect(zed.json()).toMatchObject({ statusCode: 401, code: 1 });

    // Another team's e-mail cannot be touched.
    const foreign = await call('POST', '/api/user/accounts/update', stranger.token, {
      accounts: [{ email: 'amy@example.com', rank: 'user' }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call('GET', '/api/user/accounts', boss.token)).json<{ accounts: unknown[] }>()
        .accounts,
    ).toHaveLength(2);
  });

  it('never deletes the caller’s own account', async () => {
    const manager = await createUser(t.app, 'manager');
    const res = await call('POST', '/api/user/accounts/update', manager.token, { accounts: [] });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/user/accounts', manager.token)).json()).toMatchObject({
      accounts: [{ email: manager.email }],
    });
  });
});

describe('viewer accounts', () => {
  it('creates, lists and deletes viewers of the team', async () => {
    const boss = await createUser(t.app, 'manager');
    const res = await call('POST', '/api/user/viewers/create', boss.token, {
      email: 'eye@example.com',
      password: 'V1ewer!pass',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ account: { rank: 'viewer', email: 'eye@example.com' } });
    expect((await call('GET', '/api/user/viewers', boss.token)).json()).toMatchObject({
      accounts: [{ email: 'eye@example.com' }],
    });
    const other = await createUser(t.app, 'manager');
    expect(
      (await call('POST', '/api/user/viewers/delete', other.token, { emails: ['eye@example.com'] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/user/viewers/delete', boss.token, { emails: ['eye@example.com'] }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/user/viewers', boss.token)).json()).toEqual({ accounts: [] });
  });
});

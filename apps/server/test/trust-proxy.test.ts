import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_AFTER } from '../src/modules/users/signin-throttle';
import { createUser, startTestServer, type TestServer } from './test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** A wrong password sent by `peer`, claiming to forward for `forwardedFor`. */
const wrongSignin = (email: string, peer: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/signin',
    payload: { email, password: 'Wr0ng!pass' },
    remoteAddress: peer,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY (default: private-network peers only)', () => {
  it('counts a client on the Internet by its own address, whatever X-Forwarded-For it sends', async () => {
    const u = await createUser(t.app, 'manager');
    const codes: unknown[] = [];
    for (let i = 0; i <= THROTTLE_AFTER; i++) {
      const res = await wrongSignin(u.email, '203.0.113.9', `198.51.100.${i + 1}`);
      codes.push(res.json<{ code: unknown }>().code);
    }
    // Each forged address would start afresh; the peer's own address is throttled (code 2).
    expect(codes.at(-1)).toBe(2);
  });

  it('believes a balancer on the private network about the client it forwards for', async () => {
    const u = await createUser(t.app, 'manager');
    const codes: unknown[] = [];
    for (let i = 0; i <= THROTTLE_AFTER; i++) {
      const res = await wrongSignin(u.email, '10.0.0.5', `198.51.100.${i + 1}`);
      codes.push(res.json<{ code: unknown }>().code);
    }
    expect(codes.every((code) => code === 1)).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import type { UserRow } from './users.repository';
import { SessionTokens } from './session-tokens';

const SECRET = 's'.repeat(40);

const user = (id: string): UserRow => ({
  id,
  email: `${id}@example.com`,
  name: id,
  password_hash: null,
  rank: 'user',
  team_id: 'team-1',
  email_verified: 1,
  failed_attempts: 0,
  last_failed_at: null,
  locked: 0,
  token_version: 3,
  created_at: 0,
  otp_failures: 0,
});

/** The same token with its signature's first character changed. */
const forged = (token: string) => {
  const [h, p, sig = ''] = token.split('.');
  return `${h}.${p}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionTokens', () => {
  it('verifies a token it signed, keeps it, and answers the same claims again', async () => {
    const tokens = new SessionTokens(SECRET, 3_600);
    const token = await tokens.sign(user('u1'));
    const claims = { sub: 'u1', ver: 3, email: 'u1@example.com', rank: 'user', team: 'team-1' };
    expect(await tokens.verify(token)).toEqual(claims);
    expect(tokens.isKept(token)).toBe(true);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(tokens.keptCount).toBe(1);
  });

  it('refuses a forged signature, another secret and other algorithms, and keeps none of them', async () => {
    const tokens = new SessionTokens(SECRET, 3_600);
    const token = await tokens.sign(user('u1'));
    expect(await tokens.verify(token)).toBeDefined();
    // The kept token does not vouch for a string that differs from it.
    expect(await tokens.verify(forged(token))).toBeUndefined();
    const other = await new SessionTokens('o'.repeat(40), 3_600).sign(user('u1'));
    expect(await tokens.verify(other)).toBeUndefined();
    const [, payload] = token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(await tokens.verify(unsigned)).toBeUndefined();
    expect(await tokens.verify('not a token')).toBeUndefined();
    expect(tokens.keptCount).toBe(1);
  });

  it('refuses a kept token once it has expired, as a fresh check does', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z'), toFake: ['Date'] });
    const tokens = new SessionTokens(SECRET, 60);
    const token = await tokens.sign(user('u1'));
    expect(await tokens.verify(token)).toBeDefined();
    vi.setSystemTime(new Date('2026-11-27T10:00:59Z'));
    expect(await tokens.verify(token)).toBeDefined();
    vi.setSystemTime(new Date('2026-11-27T10:01:00Z'));
    expect(await new SessionTokens(SECRET, 60).verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
    expect(tokens.isKept(token)).toBe(false);
  });

  it('does not keep a valid token without an expiry', async () => {
    const tokens = new SessionTokens(SECRET, 3_600);
    const token = await new SignJWT({ email: 'u1@example.com', rank: 'user', team: 't', ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(token)).toBeDefined();
    expect(tokens.isKept(token)).toBe(false);
  });

  it('keeps at most its maximum, dropping the least recently used first', async () => {
    const tokens = new SessionTokens(SECRET, 3_600, 2);
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((id) => tokens.sign(user(id))));
    for (const t of [a, b, a, c]) expect(await tokens.verify(t ?? '')).toBeDefined();
    expect(tokens.keptCount).toBe(2);
    // a was used after b: b went.
    expect([a, b, c].map((t) => tokens.isKept(t ?? ''))).toEqual([true, false, true]);
    // A dropped token is still valid: it is checked again, and kept again.
    expect(await tokens.verify(b ?? '')).toMatchObject({ sub: 'b' });
    expect([a, b, c].map((t) => tokens.isKept(t ?? ''))).toEqual([false, true, true]);
  });
});

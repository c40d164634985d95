import { describe, expect, it } from 'vitest';
import { sessionClaims } from '@atrium/contracts/user';
import { decodeToken, isExpired, isSessionClaims, readValidClaims } from './token';

const claims = {
  sub: 'u1',
  email: 'jeanne@example.com',
  name: 'Jeanne Dupré',
  rank: 'admin',
  team: 't1',
  iat: 1_700_000_000,
  exp: 1_700_003_600,
};

function jwt(payload: unknown): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

describe('decodeToken', () => {
  it('reads the claims, including non-ASCII names', () => {
    expect(decodeToken(jwt(claims))).toEqual(claims);
  });

  it('returns null for unreadable tokens', () => {
    expect(decodeToken('')).toBeNull();
    expect(decodeToken('not-a-jwt')).toBeNull();
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(decodeToken(`a.${Buffer.from('{nope').toString('base64url')}.c`)).toBeNull();
  });

  it('returns null when the claims do not match the contract', () => {
    expect(decodeToken(jwt({ ...claims, rank: 'emperor' }))).toBeNull();
    expect(decodeToken(jwt({ ...claims, exp: undefined }))).toBeNull();
  });
});

describe('isSessionClaims', () => {
  it("agrees with the contract's sessionClaims schema", () => {
    const samples: unknown[] = [
      claims,
      { ...claims, extra: 'kept out' },
      ...['admin', 'supervisor', 'manager', 'user', 'viewer', 'emperor', 3, null].map((rank) => ({
        ...claims,
        rank,
      })),
      ...['sub', 'email', 'name', 'team', 'exp', 'iat', 'rank'].flatMap((key) => [
        { ...claims, [key]: undefined },
        { ...claims, [key]: 12 },
        { ...claims, [key]: '12' },
      ]),
      { ...claims, exp: Number.POSITIVE_INFINITY },
      null,
      'claims',
      [],
    ];
    for (const sample of samples) {
      expect(isSessionClaims(sample), JSON.stringify(sample)).toBe(
        sessionClaims.safeParse(sample).success,
      );
    }
  });

  it('keeps only the claims of the contract', () => {
    expect(decodeToken(jwt({ ...claims, extra: 'x' }))).toEqual(claims);
  });
});

describe('expiry', () => {
  const expMs = claims.exp * 1000;

  it('is valid before exp and expired from exp on', () => {
    expect(isExpired(claims as never, expMs - 1)).toBe(false);
    expect(isExpired(claims as never, expMs)).toBe(true);
  });

  it('readValidClaims needs a token that exists, decodes and is unexpired', () => {
    expect(readValidClaims(null, 0)).toBeNull();
    expect(readValidClaims('garbage', 0)).toBeNull();
    expect(readValidClaims(jwt(claims), expMs + 1000)).toBeNull();
    expect(readValidClaims(jwt(claims), expMs - 1000)?.email).toBe('jeanne@example.com');
  });
});

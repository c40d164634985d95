import { RANKS } from '@atrium/contracts/limits';
import type { SessionClaims } from '@atrium/contracts/user';

const STRING_CLAIMS = ['sub', 'email', 'name', 'team'] as const;
const NUMBER_CLAIMS = ['exp', 'iat'] as const;

/**
 * The contract's `sessionClaims` check, written without zod: the session is read on every page,
 * the sign-in page included, which does not load zod (issue 16). token.test.ts holds it to
 * the contract's schema.
 */
export function isSessionClaims(value: unknown): value is SessionClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    STRING_CLAIMS.every((key) => typeof claims[key] === 'string') &&
    NUMBER_CLAIMS.every((key) => Number.isFinite(claims[key])) &&
    (RANKS as readonly unknown[]).includes(claims.rank)
  );
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of a session token, or null when the token cannot be read. */
export function decodeToken(token: string): SessionClaims | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (!isSessionClaims(claims)) return null;
    const { sub, email, name, rank, team, exp, iat } = claims;
    return { sub, email, name, rank, team, exp, iat };
  } catch {
    return null;
  }
}

/** `exp` is in seconds (JWT); a token is expired from that second on. */
export function isExpired(claims: SessionClaims, nowMs: number): boolean {
  return claims.exp * 1000 <= nowMs;
}

/** The claims when the token exists, decodes and is unexpired; otherwise null. */
export function readValidClaims(token: string | null, nowMs: number): SessionClaims | null {
  if (!token) return null;
  const claims = decodeToken(token);
  return claims && !isExpired(claims, nowMs) ? claims : null;
}

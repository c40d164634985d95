import { sessionClaims, type SessionClaims } from '@atrium/contracts/user';

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
    const parsed = sessionClaims.safeParse(JSON.parse(decodeBase64Url(payload)));
    return parsed.success ? parsed.data : null;
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

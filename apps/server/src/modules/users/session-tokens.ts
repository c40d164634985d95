import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { rankSchema } from '@atrium/contracts/user';
import type { UserRow } from './users.repository';

const verifiedClaims = z.object({
  sub: z.string(),
  ver: z.number().int(),
  email: z.string(),
  rank: rankSchema,
  team: z.string(),
});

type Claims = z.infer<typeof verifiedClaims>;

/** Verified tokens kept, at most (about 1 KiB each): the sessions active on one node. */
export const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Signs and checks session tokens (HS256 JWT holding email, name, rank, team).
 *
 * Every API request and socket handshake checks its token. jose checks an HS256 signature with
 * WebCrypto, about 150–250 µs of CPU per call on the reference machine: a third of a core at
 * 1,000 requests a second. A token that verified is kept with its claims until it expires (at
 * most `VERIFIED_TOKENS_MAX`, the least recently used dropped first), so the same string
 * is not checked again. Only verified tokens are kept: a forged one is checked each time and
 * cannot fill the cache. Revocation does not depend on this: the session resolver compares
 * `ver` with the user's row at every request.
 */
export class SessionTokens {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: Claims; expiresAtMs: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly keptMax = VERIFIED_TOKENS_MAX,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** Verified tokens kept now, and whether this one is (tests). */
  get keptCount(): number {
    return this.verified.size;
  }
  isKept(token: string): boolean {
    return this.verified.has(token);
  }

  sign(user: UserRow): Promise<string> {
    return new SignJWT({
      email: user.email,
      name: user.name,
      rank: user.rank,
      team: user.team_id,
      ver: user.token_version,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The token's claims, or undefined when it is forged, expired or malformed. */
  async verify(token: string): Promise<Claims | undefined> {
    const kept = this.verified.get(token);
    if (kept) {
      this.verified.delete(token);
      if (Date.now() >= kept.expiresAtMs) return undefined;
      // Most recently used last: the first entry is the one to drop.
      this.verified.set(token, kept);
      return kept.claims;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const parsed = verifiedClaims.safeParse(payload);
      if (!parsed.success) return undefined;
      // Tokens this class signs always carry `exp`; one without it is not kept.
      if (typeof payload.exp === 'number') this.keep(token, parsed.data, payload.exp * 1000);
      return parsed.data;
    } catch {
      return undefined;
    }
  }

  private keep(token: string, claims: Claims, expiresAtMs: number) {
    if (this.verified.size >= this.keptMax) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { claims, expiresAtMs });
  }
}

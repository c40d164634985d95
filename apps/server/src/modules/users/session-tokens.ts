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

/** Signs and checks session tokens (HS256 JWT holding email, name, rank, team). */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
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
  async verify(token: string) {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const parsed = verifiedClaims.safeParse(payload);
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
}

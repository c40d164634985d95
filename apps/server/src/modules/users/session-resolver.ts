import type { SessionUser } from '../../lib/session-user';
import type { SessionTokens } from './session-tokens';
import type { UsersRepository } from './users.repository';

/**
 * The one check of a session token, for HTTP bearer tokens (plugins/auth.ts) and socket.io
 * handshakes (realtime) alike: the JWT must verify, and its `ver` must still be the user's
 * `token_version` (a password change revokes every earlier token).
 */
export class SessionResolver {
  constructor(
    private readonly tokens: SessionTokens,
    private readonly users: Pick<UsersRepository, 'findById'>,
  ) {}

  /** The token's user, or null when the token is forged, expired, revoked or of a deleted user. */
  async resolve(token: string): Promise<SessionUser | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const row = await this.users.findById(claims.sub);
    if (!row || row.token_version !== claims.ver) return null;
    return { id: row.id, email: row.email, name: row.name, rank: row.rank, team: row.team_id };
  }
}

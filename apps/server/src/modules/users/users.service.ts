import type { FastifyBaseLogger } from 'fastify';
import type { RecordActivity } from '../../lib/activity';
import type { Rank } from '@atrium/contracts/limits';
import { AppError } from '../../lib/errors';
import { newId, newSecretToken, sha256 } from '../../lib/ids';
import type { Mailer } from '../mail/mailer';
import { mails } from './mail-templates';
import { hashPassword } from './passwords';
import type { SessionRevocations } from './session-revocations';
import type { UserRow, UsersRepository } from './users.repository';

const HOUR = 3600_000;
export const TOKEN_TTL = {
  verifyEmail: 24 * HOUR,
  reset: HOUR,
  unlock: 24 * HOUR,
  invite: 72 * HOUR,
};

export interface UsersDeps {
  repo: UsersRepository;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Ends the revoked users' live connections (sockets). */
  revocations: SessionRevocations;
  /** The team activity log (audit module). */
  record: RecordActivity;
}

/** A display name from an e-mail's local part: "jean.dupont@x" → "jean.dupont". */
const nameFromEmail = (email: string) => email.split('@')[0] ?? email;

/** Sign-up, e-mail verification, forgotten and reset passwords. */
export class UsersService {
  constructor(private readonly d: UsersDeps) {}

  /** Creates a supervisor in a new team of their own, and mails a verification link. */
  async signup(email: string, password: string): Promise<void> {
    if (await this.d.repo.findByEmail(email)) {
      throw new AppError('alreadyUsedEmail', 'This e-mail is already used');
    }
    const user = await this.newUserRow(email, 'supervisor', newId(), password);
    try {
      await this.d.repo.createTeamWithUser({ id: user.team_id, name: email }, user);
    } catch (err) {
      // Two sign-ups racing for one address: the unique index decides.
      if (await this.d.repo.findByEmail(email)) {
        throw new AppError('alreadyUsedEmail', 'This e-mail is already used');
      }
      throw err;
    }
    await this.sendLink(user, 'verifyEmail', TOKEN_TTL.verifyEmail);
  }

  async verifyEmail(token: string): Promise<void> {
    const row = await this.d.repo.consumeToken(sha256(token), ['verifyEmail']);
    if (!row) throw new AppError('invalidToken', 'This link is invalid or has expired');
    await this.d.repo.updateUser(row.user_id, { email_verified: 1 });
  }

  /** Always succeeds from the caller's view, so it tells nothing about which e-mails exist. */
  async forgotPassword(email: string): Promise<void> {
    const user = await this.d.repo.findByEmail(email);
    if (!user) {
      this.d.log.info('password reset asked for an unknown e-mail');
      return;
    }
    await this.sendLink(user, 'reset', TOKEN_TTL.reset);
  }

  /** Sets the new password, unlocks the account and revokes every older session token. */
  async resetPassword(token: string, password: string): Promise<void> {
    const row = await this.d.repo.consumeToken(sha256(token), ['reset', 'unlock']);
    if (!row) throw new AppError('invalidToken', 'This link is invalid or has expired');
    const user = await this.d.repo.findById(row.user_id);
    if (!user) throw new AppError('invalidToken', 'This link is invalid or has expired');
    await this.d.repo.updateUser(user.id, {
      password_hash: await hashPassword(password),
      token_version: user.token_version + 1,
      failed_attempts: 0,
      last_failed_at: null,
      locked: 0,
      otp_failures: 0,
      // The link was received by mail, which proves the address.
      email_verified: 1,
    });
    await this.d.repo.clearSigninFailures(user.id);
    await this.d.repo.invalidateTokens(user.id, ['reset', 'unlock']);
    await this.d.revocations.revoke([user.id]);
  }

  /** A new user row; without a password the user sets one through an invite link. */
  async newUserRow(email: string, rank: Rank, teamId: string, password?: string): Promise<UserRow> {
    return {
      id: newId(),
      email,
      name: nameFromEmail(email),
      password_hash: password ? await hashPassword(password) : null,
      rank,
      team_id: teamId,
      email_verified: 0,
      failed_attempts: 0,
      last_failed_at: null,
      locked: 0,
      token_version: 0,
      created_at: Date.now(),
      otp_failures: 0,
    };
  }

  /** Stores a single-use token and mails its link. */
  async sendLink(
    user: UserRow,
    kind: 'verifyEmail' | 'reset' | 'unlock' | 'invite',
    ttlMs: number,
  ) {
    const { token, hash } = newSecretToken();
    const stored = kind === 'invite' ? 'reset' : kind;
    await this.d.repo.insertToken({ hash, user_id: user.id, kind: stored, ttlMs });
    const base = this.d.publicUrl;
    const link =
      kind === 'verifyEmail'
        ? `${base}/welcome/verifyEmail/${token}`
        : `${base}/welcome/forgotPassword/${token}`;
    await this.d.mailer.send(mails[kind](user.email, link));
  }
}

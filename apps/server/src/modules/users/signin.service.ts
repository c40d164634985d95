import { randomBytes, randomInt } from 'node:crypto';
import { LIMITS } from '@atrium/contracts/limits';
import { AppError } from '../../lib/errors';
import { sha256 } from '../../lib/ids';
import { mails } from './mail-templates';
import { verifyPassword } from './passwords';
import type { SessionTokens } from './session-tokens';
import type { SigninThrottle } from './signin-throttle';
import type { UserRow } from './users.repository';
import { TOKEN_TTL, type UsersDeps, type UsersService } from './users.service';

export const OTP_MAX_ATTEMPTS = 5;
/** At most one code mailed per account in this time: a sign-in meanwhile keeps the pending one. */
export const OTP_RESEND_GAP_MS = 30_000;
/** Wrong codes in a row, across codes, before the account locks (decision 0016). */
export const OTP_LOCK_AFTER = 10;

export type SigninResult = { token: string; deviceId?: string };

const otpRequired = (userId: string) =>
  new AppError('otpRequired', 'A one-time code was sent by mail', { _id: userId });
const invalidOtp = () => new AppError('otp.invalid', 'Invalid or expired code');

/**
 * Sign-in with the one-time-code step. A code is asked when the account is an
 * admin, when its e-mail is not yet verified, or when the browser's device
 * cookie is not one this user confirmed before (docs/decisions/0002).
 */
export class SigninService {
  constructor(
    private readonly d: UsersDeps,
    private readonly users: UsersService,
    private readonly tokens: SessionTokens,
    private readonly throttle: SigninThrottle,
  ) {}

  /** `source` is the caller's address (see sourceOf): failures are counted per account and source. */
  async signin(
    email: string,
    password: string,
    deviceId: string | undefined,
    source: string,
  ): Promise<SigninResult> {
    const user = await this.d.repo.findByEmail(email);
    // Locked for every source: too many wrong one-time codes (the password was right).
    if (user?.locked) throw new AppError('unlockAccount', 'Account locked');
    if (user) await this.throttle.check(user.id, source);
    const ok = await verifyPassword(user?.password_hash ?? null, password);
    if (!user || !ok) {
      if (user) await this.throttle.fail(user.id, source);
      throw new AppError('invalidIds', 'Wrong e-mail or password');
    }
    await this.throttle.succeed(user.id, source);
    if (await this.needsOtp(user, deviceId)) {
      await this.issueOtp(user);
      throw otpRequired(user.id);
    }
    return { token: await this.tokens.sign(user) };
  }

  /** Mails a fresh code again, at most once every 30 s. */
  async resendOtp(userId: string): Promise<void> {
    const user = await this.d.repo.findById(userId);
    const otp = user ? await this.d.repo.findOtp(user.id) : undefined;
    if (!user || !otp) throw invalidOtp();
    if (Date.now() - otp.sent_at < OTP_RESEND_GAP_MS) {
      throw new AppError('rateLimited', 'Wait a little before asking for another code');
    }
    await this.sendOtp(user);
  }

  /** Checks the code; success verifies the e-mail and remembers this browser. */
  async verifyOtp(
    userId: string,
    code: string,
    deviceId: string | undefined,
    browser = '',
  ): Promise<SigninResult> {
    const otp = await this.d.repo.findOtp(userId);
    if (!otp || otp.expires_at < Date.now()) throw invalidOtp();
    if (!(await this.d.repo.claimOtpAttempt(userId, OTP_MAX_ATTEMPTS))) throw invalidOtp();
    if (otp.code_hash !== sha256(`${userId}:${code}`)) {
      await this.recordOtpFailure(userId);
      throw invalidOtp();
    }
    await this.d.repo.deleteOtp(userId);
    const user = await this.d.repo.findById(userId);
    if (!user || user.locked) throw invalidOtp();
    await this.d.repo.updateUser(user.id, { email_verified: 1, otp_failures: 0 });
    const known = deviceId ? await this.d.repo.isKnownDevice(user.id, sha256(deviceId)) : false;
    const device = deviceId ?? randomBytes(24).toString('base64url');
    await this.d.repo.rememberDevice(user.id, sha256(device));
    if (!known) await this.noteNewBrowser(user, browser);
    return { token: await this.tokens.sign(user), deviceId: device };
  }

  /** The team activity log: a sign-in from a browser this account had not confirmed before. */
  private noteNewBrowser(user: UserRow, browser: string) {
    return this.d.record({
      team: user.team_id,
      actor: user,
      action: 'signin.newBrowser',
      target: { kind: 'account', id: user.id, name: user.email },
      ...(browser ? { details: { browser: browser.slice(0, 200) } } : {}),
    });
  }

  private async needsOtp(user: UserRow, deviceId: string | undefined) {
    if (user.rank === 'admin' || !user.email_verified || !deviceId) return true;
    return !(await this.d.repo.isKnownDevice(user.id, sha256(deviceId)));
  }

  /**
   * Mails a code, unless one was mailed in the last 30 s and is still pending: that one stays
   * valid (with its count of tries), so sign-ins in a loop neither flood the mailbox nor give
   * fresh tries (decision 0016).
   */
  private async issueOtp(user: UserRow) {
    const pending = await this.d.repo.findOtp(user.id);
    const now = Date.now();
    if (pending && pending.expires_at > now && now - pending.sent_at < OTP_RESEND_GAP_MS) return;
    await this.sendOtp(user);
  }

  private async sendOtp(user: UserRow) {
    const code = String(randomInt(0, 10 ** LIMITS.otpDigits)).padStart(LIMITS.otpDigits, '0');
    await this.d.repo.saveOtp(user.id, sha256(`${user.id}:${code}`), LIMITS.otpTtlMs);
    await this.d.mailer.send(mails.otp(user.email, code));
  }

  /** Too many wrong codes across codes lock the account, as wrong passwords do (one mail). */
  private async recordOtpFailure(userId: string) {
    if ((await this.d.repo.countOtpFailure(userId)) < OTP_LOCK_AFTER) return;
    await this.d.repo.deleteOtp(userId);
    const user = await this.d.repo.findById(userId);
    if (user && (await this.d.repo.lockUser(userId))) {
      await this.users.sendLink(user, 'unlock', TOKEN_TTL.unlock);
    }
  }
}

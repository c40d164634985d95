import { randomBytes, randomInt } from 'node:crypto';
import { LIMITS } from '@atrium/contracts/limits';
import { AppError } from '../../lib/errors';
import { sha256 } from '../../lib/ids';
import { mails } from './mail-templates';
import { verifyPassword } from './passwords';
import type { SessionTokens } from './session-tokens';
import type { UserRow } from './users.repository';
import { TOKEN_TTL, type UsersDeps, type UsersService } from './users.service';

/** Failures in a row before sign-in is throttled (401 code 2), and before the account locks. */
export const THROTTLE_AFTER = 5;
export const LOCK_AFTER = 10;
/** Failures older than this are forgotten. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_GAP_MS = 30_000;

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
  ) {}

  async signin(
    email: string,
    password: string,
    deviceId: string | undefined,
  ): Promise<SigninResult> {
    const found = await this.d.repo.findByEmail(email);
    const user = found ? await this.forgetOldFailures(found) : undefined;
    if (user?.locked) throw new AppError('unlockAccount', 'Account locked');
    if (user && user.failed_attempts >= THROTTLE_AFTER) {
      // Throttled: the password is not even checked, but the attempt counts toward the lock.
      await this.recordFailure(user);
      throw new AppError('tooManyAttempts', 'Too many attempts');
    }
    const ok = await verifyPassword(user?.password_hash ?? null, password);
    if (!user || !ok) {
      if (user) await this.recordFailure(user);
      throw new AppError('invalidIds', 'Wrong e-mail or password');
    }
    if (user.failed_attempts > 0) {
      await this.d.repo.updateUser(user.id, { failed_attempts: 0, last_failed_at: null });
    }
    if (await this.needsOtp(user, deviceId)) {
      await this.sendOtp(user);
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
  ): Promise<SigninResult> {
    const otp = await this.d.repo.findOtp(userId);
    if (!otp || otp.expires_at < Date.now() || otp.attempts >= OTP_MAX_ATTEMPTS) throw invalidOtp();
    if (otp.code_hash !== sha256(`${userId}:${code}`)) {
      await this.d.repo.countOtpAttempt(userId);
      throw invalidOtp();
    }
    await this.d.repo.deleteOtp(userId);
    const user = await this.d.repo.findById(userId);
    if (!user || user.locked) throw invalidOtp();
    await this.d.repo.updateUser(user.id, { email_verified: 1 });
    const device = deviceId ?? randomBytes(24).toString('base64url');
    await this.d.repo.rememberDevice(user.id, sha256(device));
    return { token: await this.tokens.sign(user), deviceId: device };
  }

  private async needsOtp(user: UserRow, deviceId: string | undefined) {
    if (user.rank === 'admin' || !user.email_verified || !deviceId) return true;
    return !(await this.d.repo.isKnownDevice(user.id, sha256(deviceId)));
  }

  private async sendOtp(user: UserRow) {
    const code = String(randomInt(0, 10 ** LIMITS.otpDigits)).padStart(LIMITS.otpDigits, '0');
    await this.d.repo.saveOtp(user.id, sha256(`${user.id}:${code}`), LIMITS.otpTtlMs);
    await this.d.mailer.send(mails.otp(user.email, code));
  }

  private async forgetOldFailures(user: UserRow): Promise<UserRow> {
    const stale =
      user.last_failed_at !== null && Date.now() - user.last_failed_at > FAILURE_WINDOW_MS;
    if (!stale || user.locked) return user;
    await this.d.repo.updateUser(user.id, { failed_attempts: 0, last_failed_at: null });
    return { ...user, failed_attempts: 0, last_failed_at: null };
  }

  private async recordFailure(user: UserRow) {
    const failed = user.failed_attempts + 1;
    const lock = failed >= LOCK_AFTER;
    await this.d.repo.updateUser(user.id, {
      failed_attempts: failed,
      last_failed_at: Date.now(),
      locked: lock ? 1 : 0,
    });
    if (lock) {
      await this.users.sendLink(user, 'unlock', TOKEN_TTL.unlock);
      throw new AppError('unlockAccount', 'Account locked; an unlock mail was sent');
    }
  }
}

import { AppError } from '../../lib/errors';
import { TOKEN_TTL, type UsersDeps, type UsersService } from './users.service';

/** Failures in a row before sign-in is throttled (401 code 2), and before the account locks. */
export const THROTTLE_AFTER = 5;
export const LOCK_AFTER = 10;
/** Failures older than this are forgotten. */
export const FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Wrong passwords, counted per account and source (docs/decisions/0003, 0016): a stranger's
 * failures throttle and lock the account for that stranger's address only, so nobody can
 * lock an administrator out from elsewhere.
 */
export class SigninThrottle {
  constructor(
    private readonly d: UsersDeps,
    private readonly users: UsersService,
  ) {}

  /** Refuses a locked or throttled source; a throttled attempt still counts toward the lock. */
  async check(userId: string, source: string): Promise<void> {
    const failures = await this.failuresOf(userId, source);
    if (failures.locked) throw new AppError('unlockAccount', 'Account locked');
    if (failures.count >= THROTTLE_AFTER) {
      await this.recordFailure(userId, source, failures.count);
      throw new AppError('tooManyAttempts', 'Too many attempts');
    }
  }

  /** A wrong password from `source`; locking sends the unlock mail (and throws). */
  async fail(userId: string, source: string): Promise<void> {
    const failures = await this.failuresOf(userId, source);
    await this.recordFailure(userId, source, failures.count);
  }

  succeed(userId: string, source: string): Promise<void> {
    return this.d.repo.clearSigninFailures(userId, source);
  }

  private async failuresOf(userId: string, source: string) {
    const row = await this.d.repo.findSigninFailures(userId, source);
    if (!row) return { count: 0, locked: false };
    const locked = Number(row.locked) === 1;
    const stale = Date.now() - Number(row.last_failed_at) > FAILURE_WINDOW_MS;
    return { count: stale && !locked ? 0 : row.failures, locked };
  }

  private async recordFailure(userId: string, source: string, before: number) {
    const count = before + 1;
    const lock = count >= LOCK_AFTER;
    await this.d.repo.saveSigninFailures({
      user_id: userId,
      source,
      failures: count,
      last_failed_at: Date.now(),
      locked: lock ? 1 : 0,
    });
    if (lock) {
      const user = await this.d.repo.findById(userId);
      if (user) await this.users.sendLink(user, 'unlock', TOKEN_TTL.unlock);
      throw new AppError('unlockAccount', 'Account locked; an unlock mail was sent');
    }
  }
}

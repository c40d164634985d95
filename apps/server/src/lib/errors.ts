import { errorStatus, wireCode, type ErrorCode } from '@atrium/contracts/errors';

/**
 * A failure the client can act on, raised by its catalogue code only: the HTTP status comes
 * from the catalogue (packages/contracts/src/errors.ts), never from the call site.
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** Sent as the reply's Retry-After header (seconds) when set: when to try again. */
  retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? code);
    this.name = 'AppError';
    this.statusCode = errorStatus(code);
  }

  /** This error, telling the client to try again in `seconds` (Retry-After). */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }

  /** What the reply carries as `code` (a number for the spec's sign-in codes). */
  get wireCode(): string | number {
    return wireCode(this.code);
  }
}

export const notFound = (what = 'notFound') => new AppError('notFound', `${what} not found`);
export const forbidden = () => new AppError('forbidden', 'Not allowed');
export const unauthorized = () => new AppError('unauthorized', 'Sign-in required');

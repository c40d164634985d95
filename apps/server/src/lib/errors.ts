import type { ErrorCode } from '@atrium/contracts/errors';

/** A failure the client can act on: HTTP status plus a code from the catalogue. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | number,
    message?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? String(code));
    this.name = 'AppError';
  }
}

export const notFound = (what = 'notFound') => new AppError(404, 'notFound', `${what} not found`);
export const forbidden = () => new AppError(403, 'forbidden', 'Not allowed');
export const unauthorized = () => new AppError(401, 'unauthorized', 'Sign-in required');

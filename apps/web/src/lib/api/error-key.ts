import { ERROR_CATALOGUE, errorCodeOfReply, type ErrorCode } from '@atrium/contracts/errors';
import { ApiError } from './api-error';

/** Generic message key when nothing more precise applies (spec §8). */
export const GENERIC_ERROR_KEY = 'error';

/** A screen's own message for some codes (spec §8 gives some screens their own wording). */
export type ErrorMessages = Partial<Record<ErrorCode, string>>;

/** The catalogue code of a failed call, read from the reply's status and `code`. */
export function apiErrorCode(error: unknown): ErrorCode | undefined {
  return error instanceof ApiError ? errorCodeOfReply(error.status, error.code) : undefined;
}

/**
 * The one mapping from a failed call to its message key: the screen's own message for the
 * code, else the catalogue's key for it, else the generic `error`.
 */
export function errorMessageKey(error: unknown, messages: ErrorMessages = {}): string {
  const code = apiErrorCode(error);
  if (code === undefined) return GENERIC_ERROR_KEY;
  return messages[code] ?? ERROR_CATALOGUE[code].key;
}

export const SIGNIN_ERROR_KEYS = [
  'invalidIds',
  'tooManyAttempts',
  'unlockAccount',
  'error',
] as const;
type SigninErrorKey = (typeof SIGNIN_ERROR_KEYS)[number];

type SigninFailure = { kind: 'otp'; userId: string } | { kind: 'message'; key: SigninErrorKey };

/** What a failed sign-in means (spec §8 Login). */
export function signinFailure(error: unknown): SigninFailure {
  const code = apiErrorCode(error);
  const userId = error instanceof ApiError ? error.reply?._id : undefined;
  if (code === 'invalidIds' || code === 'tooManyAttempts' || code === 'unlockAccount') {
    return { kind: 'message', key: code };
  }
  if (code === 'otpRequired' && userId) return { kind: 'otp', userId };
  return { kind: 'message', key: 'error' };
}

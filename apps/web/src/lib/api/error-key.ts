import { SIGNIN_CODES } from '@atrium/contracts/errors';
import { ApiError } from './api-error';

/** Generic message key when nothing more precise applies (spec §8). */
export const GENERIC_ERROR_KEY = 'error';

/**
 * The message key for a failed call: the reply's `code` when it is a message key
 * the console knows, else the generic `error`.
 */
export function errorMessageKey(error: unknown, hasKey: (key: string) => boolean): string {
  const code = error instanceof ApiError ? error.code : undefined;
  return typeof code === 'string' && code.length > 0 && hasKey(code) ? code : GENERIC_ERROR_KEY;
}

export const SIGNIN_ERROR_KEYS = [
  'invalidIds',
  'tooManyAttempts',
  'unlockAccount',
  'error',
] as const;
export type SigninErrorKey = (typeof SIGNIN_ERROR_KEYS)[number];

export type SigninFailure =
  { kind: 'otp'; userId: string } | { kind: 'message'; key: SigninErrorKey };

/** What a failed sign-in means (spec §8 Login). */
export function signinFailure(error: unknown): SigninFailure {
  if (!(error instanceof ApiError)) return { kind: 'message', key: 'error' };
  const { status, code } = error;
  if (status === 401 && code === SIGNIN_CODES.invalidIds)
    return { kind: 'message', key: 'invalidIds' };
  if (status === 401 && code === SIGNIN_CODES.tooManyAttempts)
    return { kind: 'message', key: 'tooManyAttempts' };
  if (status === 403 && code === SIGNIN_CODES.accountLocked)
    return { kind: 'message', key: 'unlockAccount' };
  const userId = error.reply?._id;
  if (status === 403 && code === SIGNIN_CODES.otpRequired && userId) return { kind: 'otp', userId };
  return { kind: 'message', key: 'error' };
}

import { ApiError } from '../../lib/api/api-error';

/** Register failure (spec §8): 409 alreadyUsedEmail, otherwise null (the generic rule applies). */
export function registerConflictKey(error: unknown): 'alreadyUsedEmail' | null {
  return error instanceof ApiError && error.status === 409 ? 'alreadyUsedEmail' : null;
}

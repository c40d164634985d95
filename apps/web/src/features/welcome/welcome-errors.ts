import { apiErrorCode } from '../../lib/api/error-key';

/** Register failure (spec §8): alreadyUsedEmail, otherwise null (the generic rule applies). */
export function registerConflictKey(error: unknown): 'alreadyUsedEmail' | null {
  return apiErrorCode(error) === 'alreadyUsedEmail' ? 'alreadyUsedEmail' : null;
}

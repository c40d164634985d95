import { z } from 'zod';
import { ApiError } from './api-error';
import { errorMessageKey, GENERIC_ERROR_KEY } from './error-key';
import { hasTranslation } from '../i18n/i18n';

const refusal = z.object({ reason: z.string() });

/**
 * The message key of a failed gateway command: the gateway's own code when it
 * refused (422 gatewayRefused, `reason` firmwareChecksumMismatch…), else the
 * catalogue's message for the reply's code (gatewayOffline, gatewayTimeout…).
 */
export function commandErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return GENERIC_ERROR_KEY;
  const reason = refusal.safeParse(error.reply).data?.reason;
  if (reason && hasTranslation(reason)) return reason;
  return errorMessageKey(error);
}

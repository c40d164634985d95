import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  ERROR_CODE_LIST,
  errorCodeOfReply,
  errorStatus,
  wireCode,
} from './errors';

describe('the error catalogue', () => {
  it('gives every code one HTTP error status and a message key', () => {
    for (const code of ERROR_CODE_LIST) {
      const { status, key } = ERROR_CATALOGUE[code];
      expect(status >= 400 && status <= 599, `${code} → ${status}`).toBe(true);
      expect(key, code).toMatch(/^[a-zA-Z][\w.]*$/);
    }
  });

  it('reads back every code from the reply the server sends for it', () => {
    for (const code of ERROR_CODE_LIST) {
      expect(errorCodeOfReply(errorStatus(code), wireCode(code))).toBe(code);
    }
  });

  it('keeps the spec numbers of the sign-in codes (document 1 §8)', () => {
    expect([wireCode('invalidIds'), errorStatus('invalidIds')]).toEqual([1, 401]);
    expect([wireCode('tooManyAttempts'), errorStatus('tooManyAttempts')]).toEqual([2, 401]);
    expect([wireCode('unlockAccount'), errorStatus('unlockAccount')]).toEqual([2, 403]);
    expect([wireCode('otpRequired'), errorStatus('otpRequired')]).toEqual([3, 403]);
    expect(errorCodeOfReply(403, 'unlockAccount')).toBeUndefined();
  });

  it('answers the gateway commands with one status each', () => {
    expect(errorStatus('gatewayOffline')).toBe(409);
    expect(errorStatus('gatewayRefused')).toBe(422);
    expect(errorStatus('gatewayTimeout')).toBe(504);
  });
});

import { describe, expect, it } from 'vitest';
import type { ErrorReply } from '@atrium/contracts/errors';
import { ApiError, endsSession, parseErrorReply } from './api-error';
import { apiErrorCode, errorMessageKey, signinFailure } from './error-key';

const reply = (statusCode: number, code: string | number, extra: Partial<ErrorReply> = {}) =>
  new ApiError(statusCode, { statusCode, code, message: 'x', ...extra });

describe('errorMessageKey', () => {
  it("gives the catalogue's message key of the reply's code", () => {
    expect(errorMessageKey(reply(409, 'alreadyUsedEmail'))).toBe('alreadyUsedEmail');
    expect(errorMessageKey(reply(400, 'otp.invalid'))).toBe('otp.invalid');
    expect(errorMessageKey(reply(403, 3))).toBe('checkMails');
    expect(errorMessageKey(reply(415, 'unsupportedMediaType'))).toBe('validation');
  });

  it("prefers the screen's own message for a code", () => {
    const messages = { projectNameAlreadyInUse: 'projectNameAlreadyUsed' };
    expect(errorMessageKey(reply(409, 'projectNameAlreadyInUse'), messages)).toBe(
      'projectNameAlreadyUsed',
    );
    expect(errorMessageKey(reply(404, 'notFound'), messages)).toBe('notFound');
  });

  it('falls back to error for unknown codes, numbers under another status, or no reply', () => {
    expect(errorMessageKey(reply(500, 'somethingNew'))).toBe('error');
    expect(errorMessageKey(reply(500, 1))).toBe('error');
    expect(errorMessageKey(new ApiError(0, null))).toBe('error');
    expect(errorMessageKey(new TypeError('boom'))).toBe('error');
  });

  it('reads a numeric sign-in code with its status (code 2 is 401 or 403)', () => {
    expect(apiErrorCode(reply(401, 2))).toBe('tooManyAttempts');
    expect(apiErrorCode(reply(403, 2))).toBe('unlockAccount');
    expect(apiErrorCode(reply(409, 2))).toBeUndefined();
  });
});

describe('signinFailure (spec §8 Login)', () => {
  it('maps the sign-in codes', () => {
    expect(signinFailure(reply(401, 1))).toEqual({ kind: 'message', key: 'invalidIds' });
    expect(signinFailure(reply(401, 2))).toEqual({ kind: 'message', key: 'tooManyAttempts' });
    expect(signinFailure(reply(403, 2))).toEqual({ kind: 'message', key: 'unlockAccount' });
  });

  it('starts the one-time-code step on 403 code 3 with the user id', () => {
    expect(signinFailure(reply(403, 3, { _id: 'u42' }))).toEqual({ kind: 'otp', userId: 'u42' });
    expect(signinFailure(reply(403, 3))).toEqual({ kind: 'message', key: 'error' });
  });

  it('gives the generic error otherwise', () => {
    expect(signinFailure(reply(401, 3))).toEqual({ kind: 'message', key: 'error' });
    expect(signinFailure(reply(500, 'error'))).toEqual({ kind: 'message', key: 'error' });
    expect(signinFailure(new Error('offline'))).toEqual({ kind: 'message', key: 'error' });
  });
});

describe('endsSession', () => {
  it('signs out on 401 and 403 unless the caller handles them', () => {
    expect(endsSession(401, true)).toBe(true);
    expect(endsSession(403, true)).toBe(true);
    expect(endsSession(403, false)).toBe(false);
    expect(endsSession(404, true)).toBe(false);
    expect(endsSession(500, true)).toBe(false);
  });
});

describe('parseErrorReply', () => {
  it('accepts the server error shape and rejects anything else', () => {
    expect(parseErrorReply({ statusCode: 403, code: 3, message: 'otp', _id: 'u1' })?._id).toBe(
      'u1',
    );
    expect(parseErrorReply('Bad Gateway')).toBeNull();
    expect(parseErrorReply({ statusCode: 400, message: 'no code' })).toBeNull();
  });
});

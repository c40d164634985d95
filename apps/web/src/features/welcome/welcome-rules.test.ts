import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { emailField, newPasswordFields, otpCodeField } from './form-fields';
import { strengthLevel, strengthPercent } from './password-strength';
import { registerConflictKey } from './welcome-errors';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('welcome form rules (spec §5)', () => {
  it('e-mail: required, then valid', () => {
    expect(firstMessage(emailField.safeParse(''))).toBe('requiredField');
    expect(firstMessage(emailField.safeParse('jeanne@'))).toBe('invalidFormat');
    expect(firstMessage(emailField.safeParse(' Jeanne@Example.com '))).toBeNull();
  });

  it('password and confirmation', () => {
    const parse = (password: string, confirmPassword: string) =>
      newPasswordFields.safeParse({ password, confirmPassword });
    expect(firstMessage(parse('', 'x'))).toBe('requiredField');
    expect(firstMessage(parse('abcdefgh', 'abcdefgh'))).toBe('weakPassword');
    expect(firstMessage(parse('Abcdef1!', ''))).toBe('requiredField');
    expect(firstMessage(parse('Abcdef1!', 'Abcdef1?'))).toBe('unmatchedPasswords');
    expect(firstMessage(parse('Abcdef1!', 'Abcdef1!'))).toBeNull();
  });

  it('one-time code: exactly six digits', () => {
    expect(firstMessage(otpCodeField.safeParse(''))).toBe('otp.invalid');
    expect(firstMessage(otpCodeField.safeParse('12345'))).toBe('otp.invalid');
    expect(firstMessage(otpCodeField.safeParse('12345a'))).toBe('otp.invalid');
    expect(firstMessage(otpCodeField.safeParse('123456'))).toBeNull();
  });
});

describe('strength meter', () => {
  it('is strong only when every criterion is met', () => {
    expect([0, 1, 2, 3, 4, 5].map(strengthLevel)).toEqual([
      'weak',
      'weak',
      'weak',
      'fair',
      'fair',
      'strong',
    ]);
    expect(strengthPercent(5)).toBe(100);
    expect(strengthPercent(0)).toBe(0);
  });
});

describe('registerConflictKey', () => {
  it('maps the alreadyUsedEmail code only', () => {
    const reply = (statusCode: number, code: string) =>
      new ApiError(statusCode, { statusCode, code, message: 'x' });
    expect(registerConflictKey(reply(409, 'alreadyUsedEmail'))).toBe('alreadyUsedEmail');
    expect(registerConflictKey(reply(409, 'projectNameAlreadyInUse'))).toBeNull();
    expect(registerConflictKey(new ApiError(409, null))).toBeNull();
  });
});

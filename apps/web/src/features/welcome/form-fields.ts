import { z } from 'zod';
import { LIMITS } from '@atrium/contracts/limits';
import { emailSchema, failedPasswordCriteria, otpVerifyBody } from '@atrium/contracts/user';

// Form fields built on the contracts' rules; messages are i18n keys (spec §5).

export const emailField = z
  .string()
  .trim()
  .min(1, 'requiredField')
  .refine((value) => emailSchema.safeParse(value).success, 'invalidFormat');

export const requiredPasswordField = z
  .string()
  .min(1, 'requiredField')
  .max(LIMITS.passwordMax, 'invalidFormat');

const strongPasswordField = requiredPasswordField.refine(
  (value) => failedPasswordCriteria(value).length === 0,
  'weakPassword',
);

export const otpCodeField = z
  .string()
  .trim()
  .refine((value) => otpVerifyBody.shape.code.safeParse(value).success, 'otp.invalid');

/** password + confirmPassword, the confirmation required and equal (unmatchedPasswords). */
export const newPasswordFields = z
  .object({ password: strongPasswordField, confirmPassword: z.string().min(1, 'requiredField') })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'unmatchedPasswords',
    path: ['confirmPassword'],
  });

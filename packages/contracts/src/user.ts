import { z } from 'zod';
import { LIMITS, RANKS } from './limits';

/** Special characters accepted as the "special" class of a password (document 1 §5). */
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';

/** E-mails are trimmed and lowercased everywhere (document 1 §5). */
export const emailSchema = z
  .string()
  .trim()
  .max(LIMITS.emailMax)
  .pipe(z.email())
  .transform((e) => e.toLowerCase());

/** Checks of the register rule; each returns true when satisfied. */
export const PASSWORD_CRITERIA = {
  minLength: (p: string) => p.length >= LIMITS.passwordMin,
  upper: (p: string) => /[A-Z]/.test(p),
  lower: (p: string) => /[a-z]/.test(p),
  digit: (p: string) => /\d/.test(p),
  special: (p: string) => [...p].some((c) => PASSWORD_SPECIALS.includes(c)),
} as const;
export type PasswordCriterion = keyof typeof PASSWORD_CRITERIA;

/** Which criteria a password fails (empty when strong enough). */
export function failedPasswordCriteria(password: string): PasswordCriterion[] {
  return (Object.keys(PASSWORD_CRITERIA) as PasswordCriterion[]).filter(
    (k) => !PASSWORD_CRITERIA[k](password),
  );
}

/** 0..5: number of satisfied criteria, for the strength meter. */
export function passwordStrength(password: string): number {
  return 5 - failedPasswordCriteria(password).length;
}

export const strongPasswordSchema = z
  .string()
  .max(LIMITS.passwordMax)
  .refine((p) => failedPasswordCriteria(p).length === 0, { message: 'weakPassword' });

export const rankSchema = z.enum(RANKS);

export const signinBody = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(LIMITS.passwordMax),
});
export const signupBody = z.strictObject({ email: emailSchema, password: strongPasswordSchema });
export const otpResendQuery = z.strictObject({ _id: z.string().min(1).max(64) });
export const otpVerifyBody = z.strictObject({
  _id: z.string().min(1).max(64),
  code: z.string().regex(/^\d{6}$/),
});
export const tokenBody = z.strictObject({ token: z.string().min(1).max(512) });
export const forgotBody = z.strictObject({ email: emailSchema });
export const resetBody = z.strictObject({
  token: z.string().min(1).max(512),
  password: strongPasswordSchema,
});

export const tokenReply = z.object({ token: z.string() });
export const messageReply = z.object({ message: z.string() });

/** The claims of a session token, as the console decodes them. */
export const sessionClaims = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  rank: rankSchema,
  team: z.string(),
  exp: z.number(),
  iat: z.number(),
});
export type SessionClaims = z.infer<typeof sessionClaims>;

/** Ranks a manager or supervisor may give to accounts they create (document 2 §6). */
export const ACCOUNT_RANKS = ['manager', 'user'] as const;

export const account = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  rank: rankSchema,
  team: z.string(),
  verified: z.boolean(),
});
export type Account = z.infer<typeof account>;

export const accountsReply = z.object({ accounts: z.array(account) });
export const createAccountBody = z.strictObject({
  email: emailSchema,
  rank: z.enum(ACCOUNT_RANKS, { message: 'noRank' }),
});
export const updateAccountsBody = z.strictObject({
  accounts: z.array(z.strictObject({ email: emailSchema, rank: z.enum(ACCOUNT_RANKS) })).max(1000),
});
export const createViewerBody = z.strictObject({
  email: emailSchema,
  password: strongPasswordSchema,
});
export const deleteViewersBody = z.strictObject({ emails: z.array(emailSchema).min(1).max(1000) });

import * as user from '@atrium/contracts/user';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';

// Sign-in pages handle 401/403 themselves (spec §8), so they never trigger the sign-out.
const own = { signOutOnAuthError: false } as const;

/** The calls of spec §7 "User"; bodies go through the contracts' schemas (lowercased e-mail). */
export const welcomeApi = {
  signin: (input: z.input<typeof user.signinBody>) =>
    api.post('/api/user/signin', user.signinBody.parse(input), { ...own, schema: user.tokenReply }),
  verifyOtp: (input: z.input<typeof user.otpVerifyBody>) =>
    api.post('/api/user/verify/otp', user.otpVerifyBody.parse(input), {
      ...own,
      schema: user.tokenReply,
    }),
  resendOtp: (userId: string) =>
    api.get('/api/user/verify/otp', { ...own, query: user.otpResendQuery.parse({ _id: userId }) }),
  signup: (input: z.input<typeof user.signupBody>) =>
    api.post('/api/user/signup', user.signupBody.parse(input), own),
  forgotPassword: (email: string) =>
    api.post('/api/user/password/forgot', user.forgotBody.parse({ email }), own),
  resetPassword: (input: z.input<typeof user.resetBody>) =>
    api.post('/api/user/password/reset', user.resetBody.parse(input), own),
  verifyEmail: (token: string) =>
    api.post('/api/user/verify/email', user.tokenBody.parse({ token }), own),
};

/**
 * Confirming an e-mail address on arrival. A query, not an effect: it runs once per token even
 * under StrictMode's double mount; never retried, refetched or forgotten.
 */
export const verifyEmailQuery = (token: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.verifyEmail(token),
    queryFn: () => welcomeApi.verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

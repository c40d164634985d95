import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotBody,
  messageReply,
  otpResendQuery,
  otpVerifyBody,
  resetBody,
  signinBody,
  signupBody,
  tokenBody,
  tokenReply,
} from '@atrium/contracts/user';
import { sourceOf, type AbuseLimits } from '../../lib/abuse-limits';
import { errorReply } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { keyedLimit } from '../../plugins/rate-limit';
import { DEVICE_COOKIE, readDeviceCookie, deviceCookieHeader } from './device-cookie';
import type { SigninService } from './signin.service';
import type { UsersService } from './users.service';

interface Options {
  users: UsersService;
  signin: SigninService;
  secureCookies: boolean;
  limits: AbuseLimits;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const tags = ['user'];

/** Sign-up, sign-in with its one-time code, e-mail verification, password reset. */
export const userRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { users, signin, secureCookies, limits },
) => {
  // Per source address (the plugin's key); sign-ups and reset mails also per e-mail address.
  const signinLimit = { rateLimit: { max: limits.signinPerMinute, timeWindow: MINUTE } };
  const mailLimit = { rateLimit: { max: limits.mailsPerHour, timeWindow: HOUR } };
  const perAddress = { max: limits.mailsPerAddressPerHour, timeWindow: HOUR };
  const signupsTo = keyedLimit(app, 'signup', perAddress);
  const resetMailsTo = keyedLimit(app, 'forgot', perAddress);

  app.post(
    '/api/user/signin',
    {
      schema: {
        tags,
        summary: 'Sign in',
        description:
          '401 code 1: wrong credentials; 401 code 2: too many attempts; 403 code 2: account locked ' +
          '(an unlock mail was sent); 403 code 3: a one-time code was mailed, `_id` is the user id.',
        security: [],
        body: signinBody,
        response: { 200: tokenReply, 401: errorReply, 403: errorReply, 429: errorReply },
      },
      config: signinLimit,
    },
    async (req) => {
      const { token } = await signin.signin(
        req.body.email,
        req.body.password,
        readDeviceCookie(req.headers.cookie),
        sourceOf(req.ip),
      );
      return { token };
    },
  );

  app.post(
    '/api/user/signup',
    {
      schema: {
        tags,
        summary: 'Create a supervisor account in a new team; mails a verification link',
        security: [],
        body: signupBody,
        response: { 201: messageReply, 409: errorReply, 429: errorReply },
      },
      config: mailLimit,
    },
    async (req, reply) => {
      await signupsTo(req, req.body.email);
      await users.signup(req.body.email, req.body.password);
      return reply.status(201).send({ message: 'registerEmailSent' });
    },
  );

  app.get(
    '/api/user/verify/otp',
    {
      schema: {
        tags,
        summary: 'Mail a new one-time code',
        security: [],
        querystring: otpResendQuery,
        response: { 200: messageReply, 400: errorReply, 429: errorReply },
      },
      config: signinLimit,
    },
    async (req) => {
      await signin.resendOtp(req.query._id);
      return { message: 'checkMails' };
    },
  );

  app.post(
    '/api/user/verify/otp',
    {
      schema: {
        tags,
        summary: 'Check the one-time code; returns the session token',
        description: `Sets the \`${DEVICE_COOKIE}\` cookie that marks this browser as known.`,
        security: [],
        body: otpVerifyBody,
        response: { 200: tokenReply, 400: errorReply, 429: errorReply },
      },
      config: signinLimit,
    },
    async (req, reply) => {
      const result = await signin.verifyOtp(
        req.body._id,
        req.body.code,
        readDeviceCookie(req.headers.cookie),
        req.headers['user-agent'],
      );
      if (result.deviceId) {
        void reply.header('set-cookie', deviceCookieHeader(result.deviceId, secureCookies));
      }
      return { token: result.token };
    },
  );

  app.post(
    '/api/user/verify/email',
    {
      schema: {
        tags,
        summary: 'Confirm an e-mail address with the mailed token',
        security: [],
        body: tokenBody,
        response: { 200: messageReply, 400: errorReply },
      },
    },
    async (req) => {
      await users.verifyEmail(req.body.token);
      return { message: 'emailVerified' };
    },
  );

  app.post(
    '/api/user/password/forgot',
    {
      schema: {
        tags,
        summary: 'Mail a password-reset link (same reply whether the address exists or not)',
        security: [],
        body: forgotBody,
        response: { 200: messageReply, 429: errorReply },
      },
      config: mailLimit,
    },
    async (req) => {
      await resetMailsTo(req, req.body.email);
      await users.forgotPassword(req.body.email);
      return { message: 'forgotPwdEmailSent' };
    },
  );

  app.post(
    '/api/user/password/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with a single-use token; revokes older sessions',
        security: [],
        body: resetBody,
        response: { 200: messageReply, 400: errorReply },
      },
    },
    async (req) => {
      await users.resetPassword(req.body.token, req.body.password);
      return { message: 'passwordModified' };
    },
  );

  app.get(
    '/api/user/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        response: {
          200: z.object({
            _id: z.string(),
            email: z.string(),
            name: z.string(),
            rank: z.string(),
            team: z.string(),
          }),
        },
      },
    },
    (req) => {
      const u = requireUser(req);
      return { _id: u.id, email: u.email, name: u.name, rank: u.rank, team: u.team };
    },
  );
};

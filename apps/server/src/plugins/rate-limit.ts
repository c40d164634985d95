import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sourceOf } from '../lib/abuse-limits';
import { AppError } from '../lib/errors';
import { redisRateLimitStore } from '../lib/redis-rate-limit-store';
import { requireUser } from './auth';

interface RateLimitOptions {
  /** With several nodes the counts live in Redis, so a limit holds across nodes. */
  redisUrl?: string | undefined;
}

/**
 * @fastify/rate-limit, off by default: the few public routes that need it set
 * `config.rateLimit` (counted per source address, see sourceOf), or check a limit of their
 * own with `keyedLimit`. Over the limit: 429 `rateLimited` with Retry-After (decision 0016).
 */
export const rateLimitPlugin = fp<RateLimitOptions>(async (app, opts) => {
  const redis = opts.redisUrl ? await redisRateLimitStore(opts.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redis.store } : {}),
    keyGenerator: (req) => sourceOf(req.ip),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('rateLimited', `Too many requests; retry in ${ctx.after}`),
  });
});

/**
 * A limit on a key of the request's own (an e-mail address, a user), checked where the
 * handler knows the key: at most `max` calls per `timeWindow` ms, else 429 with Retry-After.
 */
export function keyedLimit(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
) {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (req) => `${name}:${keys.get(req) ?? ''}`,
  });
  return async (req: FastifyRequest, key: string) => {
    keys.set(req, key);
    const result = await check(req);
    if (result.isAllowed || !result.isExceeded) return;
    throw new AppError(
      'rateLimited',
      `Too many requests; retry in ${result.ttlInSeconds} s`,
    ).retryAfter(result.ttlInSeconds);
  };
}

/**
 * A route's `config` that allows each signed-in user `perMinute` calls a minute, counted
 * once the auth hook has named them (`name` keeps the counts of different limits apart).
 */
export function perUserLimit(name: string, perMinute: number) {
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (req: FastifyRequest) => `${name}:${requireUser(req).id}`,
    },
  };
}

import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Rank } from '@atrium/contracts/limits';
import { AppError, unauthorized } from '../lib/errors';
import { accessFor, type Access } from '../permissions';
import type { SessionTokens } from '../modules/users/session-tokens';
import type { UsersRepository } from '../modules/users/users.repository';

/** The signed-in caller, read fresh from the database on every request. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  rank: Rank;
  team: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every guarded route and its rule, for the permissions matrix test. */
    guardedRoutes: { method: string; url: string; access: Access }[];
  }
}

interface AuthOptions {
  tokens: SessionTokens;
  repo: UsersRepository;
}

/** Resolves the bearer token to a user; a revoked or stale token counts as none. */
async function authenticate(req: FastifyRequest, o: AuthOptions): Promise<SessionUser | null> {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await o.tokens.verify(header.slice(7));
  if (!claims) return null;
  const user = await o.repo.findById(claims.sub);
  if (!user || user.token_version !== claims.ver) return null;
  return { id: user.id, email: user.email, name: user.name, rank: user.rank, team: user.team_id };
}

function enforce(access: Access, user: SessionUser | null) {
  if (access.kind === 'public') return;
  if (!user) throw unauthorized();
  if (!access.ranks.includes(user.rank)) throw new AppError(403, 'forbidden', 'Not allowed');
}

/**
 * Hooks every route to its entry in the permissions table; a route without
 * one makes registration fail, so nothing ships unguarded.
 */
export const authPlugin = fp<AuthOptions>((app, opts, done) => {
  app.decorateRequest('user', null);
  const guarded: FastifyInstance['guardedRoutes'] = [];
  app.decorate('guardedRoutes', guarded);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const access = accessFor(method, route.url);
      if (!access) throw new Error(`No permissions entry for ${method} ${route.url}`);
      guarded.push({ method, url: route.url, access });
      const check = async (req: FastifyRequest) => {
        req.user = await authenticate(req, opts);
        enforce(access, req.user);
      };
      const existing = route.onRequest;
      route.onRequest = existing
        ? [check, ...(Array.isArray(existing) ? existing : [existing])]
        : [check];
    }
  });
  done();
});

/** The caller of a route whose permission entry requires sign-in. */
export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

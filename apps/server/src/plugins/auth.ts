import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Rank } from '@atrium/contracts/limits';
import type { ProjectRole } from '@atrium/contracts/project';
import { AppError, forbidden, notFound, unauthorized } from '../lib/errors';
import { accessFor, type Access, type Scope } from '../permissions';
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

/**
 * The caller's role on a project (by id) or a gateway (by id or MAC), or null
 * when the caller has none. Given by the projects module, so this file has no SQL.
 */
export type ScopeResolver = (user: SessionUser, ref: string) => Promise<ProjectRole | null>;
export type ScopeResolvers = Record<Scope['kind'], ScopeResolver>;

interface AuthOptions {
  tokens: SessionTokens;
  repo: UsersRepository;
  scopes?: ScopeResolvers;
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
  if (!access.ranks.includes(user.rank)) throw new AppError('forbidden', 'Not allowed');
}

/** A path parameter as the router matched it (before schema validation). */
function routeParam(params: unknown, name: string): string | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const value: unknown = Reflect.get(params, name);
  return typeof value === 'string' ? value : undefined;
}

/** No role on the project or gateway: 404, as if it did not exist; a viewer editing: 403. */
async function enforceScope(
  scope: Scope,
  req: FastifyRequest,
  user: SessionUser,
  resolvers: ScopeResolvers,
) {
  const ref = routeParam(req.params, scope.param);
  const role = ref === undefined ? null : await resolvers[scope.kind](user, ref);
  if (!role) throw notFound(scope.kind);
  if (scope.need === 'edit' && role !== 'owner') throw forbidden();
}

/** Fails registration when a scope names no parameter of the route, or cannot be checked. */
function checkScope(access: Access, url: string, resolvers: ScopeResolvers | undefined) {
  if (access.kind !== 'signedIn' || !access.scope) return;
  if (!url.split('/').includes(`:${access.scope.param}`)) {
    throw new Error(`Permissions entry for ${url} scopes a missing parameter`);
  }
  if (!resolvers) throw new Error(`No scope resolvers for ${url}`);
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
      if (method === 'OPTIONS') continue;
      // Fastify answers HEAD with the GET handler: the GET entry guards it too.
      const entry = method === 'HEAD' ? 'GET' : method;
      const access = accessFor(entry, route.url);
      if (!access) throw new Error(`No permissions entry for ${entry} ${route.url}`);
      checkScope(access, route.url, opts.scopes);
      if (method !== 'HEAD') guarded.push({ method, url: route.url, access });
      const check = async (req: FastifyRequest) => {
        req.user = await authenticate(req, opts);
        enforce(access, req.user);
        if (access.kind === 'signedIn' && access.scope && req.user && opts.scopes) {
          await enforceScope(access.scope, req, req.user, opts.scopes);
        }
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

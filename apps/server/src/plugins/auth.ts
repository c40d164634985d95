import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, notFound, unauthorized } from '../lib/errors';
import type { SessionUser } from '../lib/session-user';
import type { ScopeResolvers } from '../lib/tenancy/project-access';
import { accessFor, type Access, type Scope } from '../permissions';
import type { SessionResolver } from '../modules/users/session-resolver';

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
  /** The users module's session resolver (the socket.io handshake uses the same one). */
  sessions: Pick<SessionResolver, 'resolve'>;
  /** Tenancy's role look-ups for route scopes (lib/tenancy/project-access.ts). */
  scopes?: ScopeResolvers;
}

/** Resolves the bearer token to a user; a revoked or stale token counts as none. */
async function authenticate(req: FastifyRequest, o: AuthOptions): Promise<SessionUser | null> {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return o.sessions.resolve(header.slice(7));
}

function enforce(access: Access, user: SessionUser | null) {
  if (access.kind === 'public') return;
  if (!user) throw unauthorized();
  if (!access.ranks.includes(user.rank)) throw new AppError('forbidden', 'Not allowed');
}

/** A path or query parameter as the router parsed it (before schema validation). */
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
  const ref = routeParam(scope.in === 'query' ? req.query : req.params, scope.param);
  const role = ref === undefined ? null : await resolvers[scope.kind](user, ref);
  if (!role) throw notFound(scope.kind);
  if (scope.need === 'edit' && role !== 'owner') throw forbidden();
}

/** Fails registration when a scope names no parameter of the route, or cannot be checked. */
function checkScope(access: Access, url: string, resolvers: ScopeResolvers | undefined) {
  if (access.kind !== 'signedIn' || !access.scope) return;
  if (access.scope.in !== 'query' && !url.split('/').includes(`:${access.scope.param}`)) {
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

import type { Rank } from '@atrium/contracts/limits';

/**
 * Who may call each route: the one permissions table (ARCHITECTURE.md,
 * "Security model"). Every route registered on the server must have an entry;
 * the server refuses to start otherwise, and a test walks the whole table.
 */
export type Access = { kind: 'public' } | { kind: 'signedIn'; ranks: readonly Rank[] };

const PUBLIC: Access = { kind: 'public' };
const ranks = (...r: Rank[]): Access => ({ kind: 'signedIn', ranks: r });
const ANY_RANK = ranks('admin', 'supervisor', 'manager', 'user', 'viewer');
const TEAM_ADMINS = ranks('admin', 'supervisor', 'manager');

export const PERMISSIONS: Record<string, Access> = {
  // system
  'GET /api/health': PUBLIC,
  'GET /assets/i18n/:lang': PUBLIC,
  'GET /*': PUBLIC,
  // user service (document 3 §7)
  'POST /api/user/signin': PUBLIC,
  'POST /api/user/signup': PUBLIC,
  'GET /api/user/verify/otp': PUBLIC,
  'POST /api/user/verify/otp': PUBLIC,
  'POST /api/user/verify/email': PUBLIC,
  'POST /api/user/password/forgot': PUBLIC,
  'POST /api/user/password/reset': PUBLIC,
  'GET /api/user/me': ANY_RANK,
  'GET /api/user/accounts': TEAM_ADMINS,
  'POST /api/user/accounts/create': TEAM_ADMINS,
  'POST /api/user/accounts/update': TEAM_ADMINS,
  'GET /api/user/viewers': TEAM_ADMINS,
  'POST /api/user/viewers/create': TEAM_ADMINS,
  'POST /api/user/viewers/delete': TEAM_ADMINS,
};

export const routeKey = (method: string, url: string) => `${method} ${url}`;

/** The OpenAPI viewer registers its own asset routes; all of them are public reads. */
const PUBLIC_GET_PREFIX = '/api/docs';

/** The access rule of a route, or undefined when the table has no entry for it. */
export function accessFor(method: string, url: string): Access | undefined {
  if (method === 'GET' && (url === PUBLIC_GET_PREFIX || url.startsWith(`${PUBLIC_GET_PREFIX}/`))) {
    return PUBLIC;
  }
  return PERMISSIONS[routeKey(method, url)];
}

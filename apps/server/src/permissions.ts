import type { Rank } from '@atrium/contracts/limits';

/**
 * Who may call each route: the one permissions table (ARCHITECTURE.md,
 * "Security model"). Every route registered on the server must have an entry;
 * the server refuses to start otherwise, and a test walks the whole table.
 */
export type Access =
  { kind: 'public' } | { kind: 'signedIn'; ranks: readonly Rank[]; scope?: Scope };

/**
 * Tenancy of a route: its path parameter `param` names a project (its id) or
 * a gateway (its id or MAC, in any accepted form), and the caller needs the
 * role `need` on it: `read` for any role, `edit` for the owner role. No role
 * at all answers 404 notFound, never data; a viewer asking to edit gets 403.
 * The plugin in plugins/auth.ts checks it with the resolvers it is given.
 */
export interface Scope {
  param: string;
  kind: 'project' | 'gateway';
  need: 'read' | 'edit';
  /** Where `param` is: the path (default) or the query string (`?mac=`, the pool calls). */
  in?: 'path' | 'query';
}

type SignedIn = Extract<Access, { kind: 'signedIn' }>;

const PUBLIC: Access = { kind: 'public' };
const ranks = (...r: Rank[]): SignedIn => ({ kind: 'signedIn', ranks: r });
const ANY_RANK = ranks('admin', 'supervisor', 'manager', 'user', 'viewer');
const TEAM_ADMINS = ranks('admin', 'supervisor', 'manager');
/** Every rank but viewer: viewers never change anything (document 1 §1). */
const EDITORS = ranks('admin', 'supervisor', 'manager', 'user');
const ADMIN = ranks('admin');
/** Document 1 §6 and document 2 §6. */
const PROJECT_CREATORS = ranks('supervisor', 'manager', 'user');
const PROJECT_DELETERS = TEAM_ADMINS;

const onProject = (a: SignedIn, need: Scope['need'], param = 'id'): Access => ({
  ...a,
  scope: { kind: 'project', param, need },
});
const onGateway = (a: SignedIn, need: Scope['need'], param = 'id'): Access => ({
  ...a,
  scope: { kind: 'gateway', param, need },
});

/** A gateway named by the query string's `mac` (document 2 §7, Pool API). */
const onGatewayQuery = (a: SignedIn, need: Scope['need'], param = 'mac'): Access => ({
  ...a,
  scope: { kind: 'gateway', param, need, in: 'query' },
});

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
  // project service (document 3 §7)
  'GET /api/project': ANY_RANK,
  'GET /api/project/features': ANY_RANK,
  'GET /api/project/:id': onProject(ANY_RANK, 'read'),
  'POST /api/project/create': PROJECT_CREATORS,
  'DELETE /api/project/delete/:id': onProject(PROJECT_DELETERS, 'edit'),
  'POST /api/project/rename/:id': onProject(EDITORS, 'edit'),
  'GET /api/project/viewers/:id': onProject(EDITORS, 'edit'),
  'POST /api/project/viewer/add/:id': onProject(EDITORS, 'edit'),
  'POST /api/project/viewer/remove/:id': onProject(EDITORS, 'edit'),
  'POST /api/project/link/:id': onProject(EDITORS, 'edit'),
  'POST /api/project/unlink/:id': onProject(EDITORS, 'edit'),
  'GET /api/project/gateways/name/:id': onProject(ANY_RANK, 'read'),
  // gateway service (document 3 §7); body-carried project ids are checked by the services
  'POST /api/gateway/create': EDITORS,
  'POST /api/gateway/virtual': EDITORS,
  'POST /api/gateway/add': ADMIN,
  'DELETE /api/gateway/delete/:id': onGateway(ADMIN, 'edit'),
  'GET /api/gateway/waiting': EDITORS,
  'GET /api/gateway': ANY_RANK,
  'GET /api/gateway/:projectId': onProject(ANY_RANK, 'read', 'projectId'),
  'GET /api/gateway/gateway/:id': onGateway(ANY_RANK, 'read'),
  'GET /api/gateway/details/:id': onGateway(ANY_RANK, 'read'),
  'POST /api/gateway/rename/:id': onGateway(EDITORS, 'edit'),
  'POST /api/gateway/share/:id': onGateway(EDITORS, 'edit'),
  'GET /api/gateway/init/:id': onGateway(EDITORS, 'edit'),
  // licences (document 2 §7, document 3 §7)
  'GET /api/licences/verify/:key': EDITORS,
  'POST /api/licences/use/:key': EDITORS,
  'POST /api/licences/add': ADMIN,
  // information (document 1 §7)
  'GET /api/information/version': ANY_RANK,
  'POST /api/information/version': ADMIN,
  'GET /api/information/message': ANY_RANK,
  'POST /api/information/message': ADMIN,
  'DELETE /api/information/message/:id': ADMIN,
  // remote access (document 3 §7, VPN service; decision 0017): the owner team only, viewers
  // never (document 1 §6); the custom proxy's version rule is the service's.
  'GET /api/vpn/status/:mac': onGateway(EDITORS, 'edit', 'mac'),
  'POST /api/vpn/open/:mac': onGateway(EDITORS, 'edit', 'mac'),
  'GET /api/vpn/disconnect/:mac': onGateway(EDITORS, 'edit', 'mac'),
  'GET /api/vpn/proxy/id/:id': onGateway(EDITORS, 'edit'),
  'GET /api/vpn/proxy/ets/create/:id': onGateway(EDITORS, 'edit'),
  'GET /api/vpn/proxy/ets/port/:id': onGateway(EDITORS, 'edit'),
  'GET /api/vpn/custom-proxy/:id': onGateway(EDITORS, 'edit'),
  'POST /api/vpn/custom-proxy/:id': onGateway(EDITORS, 'edit'),
  'GET /api/vpn/log/:id': onGateway(EDITORS, 'edit'),
  // gateway hub (document 3 §7, Gateway service): commands to the device. Viewers change
  // nothing, GETs included. Beta updates and end-of-life updates are for administrators:
  // the branch and the version are not known to this table, so GatewayActions.update checks them.
  'GET /api/gateway/reboot/:id': onGateway(EDITORS, 'edit'),
  'POST /api/gateway/initpasswords/:id': onGateway(EDITORS, 'edit'),
  'POST /api/gateway/config/password/:id': onGateway(EDITORS, 'edit'),
  'POST /api/gateway/nodered/password/:id': onGateway(EDITORS, 'edit'),
  'GET /api/gateway/nodered/restart/:id': onGateway(EDITORS, 'edit'),
  'GET /api/gateway/nodered/update/:id': onGateway(EDITORS, 'edit'),
  'POST /api/gateway/pool/type/:id': onGateway(EDITORS, 'edit'),
  // pool controllers (document 2 §7, issue 19): the gateway is `?mac=`
  'GET /api/poolnx/config': onGatewayQuery(ANY_RANK, 'read'),
  'POST /api/poolnx/update': onGatewayQuery(EDITORS, 'edit'),
  'GET /api/poolnx/statusKeys': ANY_RANK,
  'POST /api/poolnx/init/type': onGatewayQuery(EDITORS, 'edit'),
  'POST /api/poolnx/auth': onGatewayQuery(EDITORS, 'edit'),
  // asks the vendor with the stored credentials: the owner's call
  'GET /api/poolnx/klereo/poollist': onGatewayQuery(EDITORS, 'edit'),
  'GET /api/gateway/update/:id/:branch': onGateway(EDITORS, 'edit'),
  'POST /api/gateway/export/config': EDITORS,
  'POST /api/gateway/token/generate/:id': onGateway(EDITORS, 'edit'),
  // link and emergency dialogs: viewers may open the dashboards, owners manage permanent links
  'GET /api/klocknx/token/:a/:b': onGateway(ANY_RANK, 'read', 'b'),
  'GET /api/klocknx/permaToken/:a/:b': onGateway(ANY_RANK, 'read', 'b'),
  'POST /api/klocknx/permaToken/generate/:a/:b': onGateway(EDITORS, 'edit', 'b'),
  'DELETE /api/klocknx/permaToken/:a/:b': onGateway(EDITORS, 'edit', 'b'),
  'GET /api/emergynx/token/:a/:b': onGateway(ANY_RANK, 'read', 'b'),
  'GET /api/emergynx/permaToken/:a/:b': onGateway(ANY_RANK, 'read', 'b'),
  'POST /api/emergynx/permaToken/generate/:a/:b': onGateway(EDITORS, 'edit', 'b'),
  'DELETE /api/emergynx/permaToken/:a/:b': onGateway(EDITORS, 'edit', 'b'),
  // firmware (document 1 §7): upload by administrators; gateways download with a signed URL
  'POST /api/information/update': ADMIN,
  'GET /api/hub/firmware/:id': PUBLIC,
  'GET /api/hub/stats': ADMIN,
  // monitoring (document 2 §7, document 3 §7): viewers read, owners change
  'GET /api/project/monitored/count/:id': onProject(ANY_RANK, 'read'),
  'GET /api/project/monitored/:id': onProject(ANY_RANK, 'read'),
  'DELETE /api/project/monitored/:id': onProject(EDITORS, 'edit'),
  'POST /api/project/ets/verify': EDITORS,
  'GET /api/project/ets/:id': onProject(ANY_RANK, 'read'),
  'GET /api/project/ets/simplified/:id': onProject(ANY_RANK, 'read'),
  'GET /api/project/ets/infos/:id': onProject(ANY_RANK, 'read'),
  'POST /api/project/ets/update/:id': onProject(EDITORS, 'edit'),
  'DELETE /api/project/ets/delete/:id': onProject(EDITORS, 'edit'),
  'POST /api/project/logs/pause/:id': onProject(EDITORS, 'edit'),
  'GET /api/project/logs/options/:id': onProject(ANY_RANK, 'read'),
  'POST /api/project/voltage/options/:id': onProject(EDITORS, 'edit'),
  // subscriptions (document 3 §7; issue 17, decision 0026): the team's supervisors and managers
  // (document 2 §6; the service refuses the custhome team); a project's plan: whoever reads it
  'GET /api/subscriptions': TEAM_ADMINS,
  'POST /api/subscriptions': TEAM_ADMINS,
  'GET /api/subscriptions/hasFreeTrial': TEAM_ADMINS,
  'GET /api/subscriptions/portal': TEAM_ADMINS,
  'GET /api/subscriptions/status/:id': TEAM_ADMINS,
  'GET /api/subscriptions/unsubscribe/:id': TEAM_ADMINS,
  'GET /api/subscriptions/startTrial/:id': onProject(TEAM_ADMINS, 'edit'),
  'GET /api/subscriptions/:id': onProject(ANY_RANK, 'read'),
  'POST /api/subscriptions/:projectId': onProject(TEAM_ADMINS, 'edit', 'projectId'),
  // manual billing: administrators grant, extend and cancel (the admin console)
  'GET /api/admin/subscriptions': ADMIN,
  'POST /api/admin/subscriptions': ADMIN,
  'POST /api/admin/subscriptions/:id': ADMIN,
  'POST /api/admin/subscriptions/:id/cancel': ADMIN,
  // Stripe's webhook: no session, its signature is checked (decision 0026)
  'POST /api/billing/stripe/webhook': PUBLIC,
  // fleet home (issue 16, decision 0023): scoped to what the caller sees
  'GET /api/fleet/summary': ANY_RANK,
  // flow-editor modules page (decision 0036): the gateways the caller owns
  'GET /api/fleet/flow-editors': EDITORS,
  // administrator's console (issue 17 §5, decision 0028): every team's rows, administrators only
  'GET /api/admin/gateways': ADMIN,
  'GET /api/admin/teams': ADMIN,
  'GET /api/admin/users': ADMIN,
  'GET /api/admin/fleet-stats': ADMIN,
  'GET /api/admin/firmware': ADMIN,
  // alerts and notifications (document 2 §5, issue 14)
  'POST /api/project/logs/thresholds/:id': onProject(EDITORS, 'edit'),
  'POST /api/project/notifications/:id': onProject(EDITORS, 'edit'),
  // team activity log (issue 16, decision 0022): the team's managers and supervisors
  'GET /api/activity': TEAM_ADMINS,
  'GET /api/activity/export.csv': TEAM_ADMINS,
  'GET /api/alerts/open': ANY_RANK,
  'GET /api/alerts/project/:id': onProject(ANY_RANK, 'read'),
  'POST /api/alerts/mute/:id': onProject(EDITORS, 'edit'),
  'DELETE /api/alerts/mute/:id/:muteId': onProject(EDITORS, 'edit'),
  'GET /api/alerts/settings/:id': onProject(ANY_RANK, 'read'),
  'POST /api/alerts/settings/:id': onProject(EDITORS, 'edit'),
  'POST /api/project/timeseries/:id': onProject(ANY_RANK, 'read'),
  'GET /api/project/timeseries/favorites/:id': onProject(ANY_RANK, 'read'),
  'POST /api/project/timeseries/favorites/add/:id': onProject(EDITORS, 'edit'),
  'POST /api/project/timeseries/favorites/remove/:id': onProject(EDITORS, 'edit'),
  'GET /api/gateway/monitored/:id': onGateway(ANY_RANK, 'read'),
  'POST /api/gateway/monitored/:id': onGateway(EDITORS, 'edit'),
  'GET /api/gateway/monitored/count/:id': onGateway(ANY_RANK, 'read'),
  'GET /api/gateway/ets/:id': onGateway(ANY_RANK, 'read'),
  // Modbus configuration (document 3 §7, issue 15): viewers read, owners change
  'GET /api/project/monitored/modbus/meters/:id': onProject(ANY_RANK, 'read'),
  'POST /api/project/modbus/meter/:id': onProject(EDITORS, 'edit'),
  'PUT /api/project/modbus/meter/:id': onProject(EDITORS, 'edit'),
  'DELETE /api/project/modbus/meter/:id/:meterId': onProject(EDITORS, 'edit'),
  'GET /api/project/monitored/modbus/values/:id': onProject(ANY_RANK, 'read'),
  'POST /api/project/monitored/modbus/values/:id': onProject(EDITORS, 'edit'),
  'POST /api/project/modbus/value/:id': onProject(EDITORS, 'edit'),
  'PUT /api/project/modbus/value/:id': onProject(EDITORS, 'edit'),
  'DELETE /api/project/modbus/value/:id/:valueId': onProject(EDITORS, 'edit'),
  'GET /api/gateway/monitored/modbus/:id': onGateway(ANY_RANK, 'read'),
  'POST /api/gateway/monitored/modbus/:id': onGateway(EDITORS, 'edit'),
  'POST /api/project/importCsv/:id': onProject(EDITORS, 'edit'),
  // gateway event history and uptime (issue 16, decision 0021): whoever reads the gateway
  'GET /api/gateway-events': ANY_RANK,
  'GET /api/gateway-events/:mac': onGateway(ANY_RANK, 'read', 'mac'),
  'GET /api/gateway-events/:mac/uptime': onGateway(ANY_RANK, 'read', 'mac'),
  // dashboards (document 1 §7, document 3 §7 "Chart service"; issue 20, decision 0032): whoever
  // reads the project reads its dashboards, owners change them; the licences (chartnx count,
  // bossnx) are the service's, as is the project of a body (token) or of a link (revoke).
  'GET /api/chartnx/dashboard/:x': onProject(ANY_RANK, 'read', 'x'),
  'POST /api/chartnx/dashboard/:x': onProject(EDITORS, 'edit', 'x'),
  'PUT /api/chartnx/dashboard/:x/:id': onProject(EDITORS, 'edit', 'x'),
  'DELETE /api/chartnx/dashboard/:x/:id': onProject(EDITORS, 'edit', 'x'),
  'GET /api/chartnx/form/:a/:b': onProject(ANY_RANK, 'read', 'a'),
  'POST /api/chartnx/token': EDITORS,
  'DELETE /api/chartnx/token/:id': EDITORS,
  'GET /api/chartnx/series/:projectId': onProject(ANY_RANK, 'read', 'projectId'),
  'GET /api/chartnx/data/:projectId/:dashboardId': onProject(ANY_RANK, 'read', 'projectId'),
  'POST /api/chartnx/data/:projectId': onProject(ANY_RANK, 'read', 'projectId'),
  'GET /api/bossnx/projects/:id': onProject(ANY_RANK, 'read'),
  'POST /api/bossnx/projects/:id': onProject(EDITORS, 'edit'),
  'PUT /api/bossnx/projects/:id': onProject(EDITORS, 'edit'),
  'GET /api/bossnx/data/:id': onProject(ANY_RANK, 'read'),
  'GET /api/grafnx/export/:projectId/:dashboardId': onProject(ANY_RANK, 'read', 'projectId'),
  'POST /api/grafnx/import/:projectId': onProject(EDITORS, 'edit', 'projectId'),
  // a share link's page: no session; the x-dashboard-token header is checked by the service
  'GET /api/shared/dashboard': PUBLIC,
  'GET /api/shared/dashboard/data': PUBLIC,
};

export const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * POST routes that change nothing: a graph query sends its selection in a body.
 * Viewers may call them; every other write stays closed to viewers (a test checks it).
 */
export const READ_ONLY_POSTS: ReadonlySet<string> = new Set([
  'POST /api/project/timeseries/:id',
  // the dashboard generator's preview: the data of a form, nothing saved
  'POST /api/chartnx/data/:projectId',
]);

/** The OpenAPI viewer registers its own asset routes; all of them are public reads. */
const PUBLIC_GET_PREFIX = '/api/docs';

/** The access rule of a route, or undefined when the table has no entry for it. */
export function accessFor(method: string, url: string): Access | undefined {
  if (method === 'GET' && (url === PUBLIC_GET_PREFIX || url.startsWith(`${PUBLIC_GET_PREFIX}/`))) {
    return PUBLIC;
  }
  return PERMISSIONS[routeKey(method, url)];
}

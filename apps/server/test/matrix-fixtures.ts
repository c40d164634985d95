import type { FastifyInstance } from 'fastify';
import { newId } from '../src/lib/ids';
import type { Scope } from '../src/permissions';
import { createGateway, createProject, randomMac, randomSerial } from './fixtures';
import { ETS_XML, seedMonitoring } from './monitoring-fixtures';
import { HUB_SAMPLES, seedHubDemos, type HubFixture } from './hub-matrix-samples';
import { MODBUS_SAMPLES, seedModbus, type ModbusFixture } from './modbus-matrix-samples';
import { POOL_SAMPLES, seedPool } from './pool-matrix-samples';
import { modulesOf, type TestUser } from './test-server';
import { seedVpnSession, VPN_SAMPLES, type VpnFixture } from './vpn-matrix-samples';
import { seedSubscription, SUBSCRIPTION_SAMPLES } from './subscription-matrix-samples';
import {
  DASHBOARD_SAMPLES,
  seedDashboards,
  type DashboardFixture,
} from './dashboard-matrix-samples';

/**
 * What one matrix call targets: a fresh project of the "own" team with a
 * gateway in it, a loose gateway of the team, a waiting gateway, an unused
 * licence key, a granted viewer and an information message.
 */
export interface MatrixFixture {
  project: { id: string; name: string };
  gateway: { id: string; mac: string; name: string };
  loose: { mac: string };
  waiting: { mac: string; sn: string };
  licence: string;
  message: string;
  guest: TestUser;
  hub: HubFixture;
  vpn: VpnFixture;
  /** A running mute of the project (alerts). */
  mute: string;
  /** A meter with one value on the project's gateway. */
  modbus: ModbusFixture;
  /** An active subscription of the team (issue 17). */
  subscription: string;
  /** A chart dashboard, the boss dashboard and a share link of the project (issue 20). */
  dashboards: DashboardFixture;
}

export async function matrixFixture(
  app: FastifyInstance,
  ownTeam: string,
  guest: TestUser,
  viewers: TestUser[],
): Promise<MatrixFixture> {
  const tag = newId().slice(0, 10);
  const project = await createProject(app, ownTeam, `PA-${tag}`);
  const gateway = await createGateway(app, {
    team_id: ownTeam,
    project_id: project.id,
    name: `GA-${tag}`,
  });
  const loose = await createGateway(app, { team_id: ownTeam });
  const waiting = await createGateway(app, { waiting: 1 });
  const licence = `LIC-${tag}`.toUpperCase();
  await app.db
    .insertInto('licences')
    .values({
      key: licence,
      type: 'chartnx',
      value: 1,
      project_id: null,
      used_by: null,
      used_at: null,
      created_at: Date.now(),
    })
    .execute();
  const message = newId();
  await app.db
    .insertInto('information_messages')
    .values({ id: message, color: 'info', text: 'hi', created_at: 0 })
    .execute();
  for (const v of [guest, ...viewers])
    await modulesOf(app).projects.repo.addViewer(project.id, v.id);
  await seedMonitoring(app, project.id, gateway.mac);
  const hub = await seedHubDemos(app, ownTeam, project.id);
  await seedPool(app, hub.demoPool.mac);
  const vpn = await seedVpnSession(app, ownTeam, project.id);
  const mute = newId();
  await app.db
    .insertInto('alert_mutes')
    .values({
      id: mute,
      project_id: project.id,
      mac: null,
      until: Date.now() + 3_600_000,
      created_by: guest.id,
      created_at: Date.now(),
    })
    .execute();
  const modbus = await seedModbus(app, project.id, gateway.mac);
  const subscription = await seedSubscription(app, ownTeam);
  const dashboards = await seedDashboards(app, project.id, gateway.mac);
  return {
    project,
    gateway,
    loose,
    waiting,
    licence,
    message,
    guest,
    hub,
    vpn,
    mute,
    modbus,
    subscription,
    dashboards,
  };
}

/** A request that should succeed when the caller is allowed. */
export interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  payload?: object;
  csv?: string;
  /** An ETS export sent as the multipart file `matrix.xml`. */
  xml?: string;
  /** A project id carried in the body, checked by the service like a route scope. */
  bodyScope?: Scope['need'];
  /**
   * The route names a row of the fixture's team: callers of other teams get 404 with this
   * code (e.g. subNotFound), as if it did not exist.
   */
  teamRow?: string;
}

const csvGateway = () => `mac,sn,type\n${randomMac()},${randomSerial()},kloudnx\n`;

const onProject = (f: MatrixFixture, payload?: object): Sample => ({
  params: { id: f.project.id },
  ...(payload ? { payload } : {}),
});
const onGateway = (f: MatrixFixture, payload?: object): Sample => ({
  params: { id: f.gateway.mac },
  ...(payload ? { payload } : {}),
});

/** Samples of the monitoring routes: the fixture has an ETS file, 1/1/1 recorded and favorite Matrix. */
const MONITORING_SAMPLES: Record<string, (f: MatrixFixture) => Sample> = {
  'GET /api/project/monitored/count/:id': (f) => onProject(f),
  'GET /api/project/monitored/:id': (f) => onProject(f),
  'DELETE /api/project/monitored/:id': (f) => onProject(f),
  'POST /api/project/ets/verify': () => ({ xml: ETS_XML }),
  'GET /api/project/ets/:id': (f) => onProject(f),
  'GET /api/project/ets/simplified/:id': (f) => onProject(f),
  'GET /api/project/ets/infos/:id': (f) => onProject(f),
  'POST /api/project/ets/update/:id': (f) => ({ ...onProject(f), xml: ETS_XML }),
  'DELETE /api/project/ets/delete/:id': (f) => onProject(f),
  'POST /api/project/logs/pause/:id': (f) => onProject(f, { pause: true }),
  'GET /api/project/logs/options/:id': (f) => ({
    ...onProject(f),
    query: { projections: 'pause' },
  }),
  'POST /api/project/voltage/options/:id': (f) =>
    onProject(f, { activate: true, minimum: 22, maximum: 30 }),
  'POST /api/project/logs/thresholds/:id': (f) =>
    onProject(f, {
      thresholds: [
        {
          name: 'Matrix',
          gateway: f.gateway.mac,
          address: '1/1/1',
          dpt: '9.001',
          type: '>',
          value: 26,
          enabled: true,
        },
      ],
    }),
  'POST /api/project/notifications/:id': (f) =>
    onProject(f, {
      email: {
        enabled: true,
        options: { mails: ['matrix@example.com'] },
        events: { status: true, voltage: true, thresholds: true },
      },
      pushover: {
        enabled: false,
        options: { user: '', token: '' },
        events: { status: true, voltage: true, thresholds: true },
      },
    }),
  'GET /api/alerts/open': () => ({}),
  'GET /api/gateway-events': () => ({ query: { limit: '10' } }),
  'GET /api/gateway-events/:mac': (f) => ({ params: { mac: f.gateway.mac } }),
  'GET /api/gateway-events/:mac/uptime': (f) => ({ params: { mac: f.gateway.mac } }),
  'GET /api/fleet/summary': () => ({}),
  'GET /api/fleet/flow-editors': () => ({ query: { pageSize: '10' } }),
  'GET /api/alerts/project/:id': (f) => ({ ...onProject(f), query: { state: 'open' } }),
  'POST /api/alerts/mute/:id': (f) => onProject(f, { gateway: f.gateway.mac, minutes: 60 }),
  'DELETE /api/alerts/mute/:id/:muteId': (f) => ({
    params: { id: f.project.id, muteId: f.mute },
  }),
  'GET /api/alerts/settings/:id': (f) => onProject(f),
  'POST /api/alerts/settings/:id': (f) =>
    onProject(f, {
      offlineDelaySeconds: 120,
      stale: [{ gateway: f.gateway.mac, address: '1/1/1', minutes: 30 }],
      busload: { enabled: true, percent: 70, minutes: 5 },
    }),
  'POST /api/project/timeseries/:id': (f) =>
    onProject(f, { measurements: ['1/1/1', 'voltage'], start: 0, stop: 86_400_000 }),
  'GET /api/project/timeseries/favorites/:id': (f) => onProject(f),
  'POST /api/project/timeseries/favorites/add/:id': (f) =>
    onProject(f, { favorites: { name: 'Other', list: ['1/1/1'], display: 'x' } }),
  'POST /api/project/timeseries/favorites/remove/:id': (f) => onProject(f, { favorite: 'Matrix' }),
  'GET /api/gateway/monitored/:id': (f) => onGateway(f),
  'POST /api/gateway/monitored/:id': (f) => onGateway(f, { monitor: [{ address: '1/1/2' }] }),
  'GET /api/gateway/monitored/count/:id': (f) => onGateway(f),
  'GET /api/gateway/ets/:id': (f) => onGateway(f),
};

/** One sample per route of the projects, gateways, licences and information areas. */
export const SAMPLES: Record<string, (f: MatrixFixture) => Sample> = {
  'GET /api/project': () => ({}),
  'GET /api/project/features': () => ({}),
  'GET /api/project/:id': (f) => ({ params: { id: f.project.id } }),
  'POST /api/project/create': () => ({ payload: { name: `New ${newId()}` } }),
  'DELETE /api/project/delete/:id': (f) => ({ params: { id: f.project.id } }),
  'POST /api/project/rename/:id': (f) => ({
    params: { id: f.project.id },
    payload: { name: `R ${newId()}` },
  }),
  'GET /api/project/viewers/:id': (f) => ({ params: { id: f.project.id } }),
  'POST /api/project/viewer/add/:id': (f) => ({
    params: { id: f.project.id },
    payload: { email: f.guest.email },
  }),
  'POST /api/project/viewer/remove/:id': (f) => ({
    params: { id: f.project.id },
    payload: { emails: [f.guest.email] },
  }),
  'POST /api/project/link/:id': (f) => ({
    params: { id: f.project.id },
    payload: { macs: [f.loose.mac] },
  }),
  'POST /api/project/unlink/:id': (f) => ({
    params: { id: f.project.id },
    payload: { macs: [f.gateway.mac] },
  }),
  'GET /api/project/gateways/name/:id': (f) => ({ params: { id: f.project.id } }),
  'POST /api/gateway/create': (f) => ({
    payload: { name: 'Claimed', mac: f.waiting.mac, sn: f.waiting.sn, id: f.project.id },
    bodyScope: 'edit',
  }),
  'POST /api/gateway/virtual': (f) => ({ payload: { project: f.project.id }, bodyScope: 'edit' }),
  'POST /api/gateway/add': () => ({ csv: csvGateway() }),
  'DELETE /api/gateway/delete/:id': (f) => ({ params: { id: f.gateway.id } }),
  'GET /api/gateway/waiting': (f) => ({ query: { mac: f.waiting.mac, sn: f.waiting.sn } }),
  'GET /api/gateway': () => ({}),
  'GET /api/gateway/:projectId': (f) => ({ params: { projectId: f.project.id } }),
  'GET /api/gateway/gateway/:id': (f) => ({ params: { id: f.gateway.id } }),
  'GET /api/gateway/details/:id': (f) => ({ params: { id: f.gateway.mac } }),
  'POST /api/gateway/rename/:id': (f) => ({
    params: { id: f.gateway.id },
    payload: { name: 'Renamed' },
  }),
  'POST /api/gateway/share/:id': (f) => ({
    params: { id: f.gateway.mac },
    payload: { email: f.guest.email },
  }),
  'GET /api/gateway/init/:id': (f) => ({ params: { id: f.gateway.id } }),
  'GET /api/licences/verify/:key': (f) => ({ params: { key: f.licence } }),
  'POST /api/licences/use/:key': (f) => ({
    params: { key: f.licence },
    payload: { projectId: f.project.id },
    bodyScope: 'edit',
  }),
  'POST /api/licences/add': () => ({ csv: `key,type\nK-${newId()},bossnx\n` }),
  'GET /api/information/version': () => ({}),
  'POST /api/information/version': () => ({ payload: { type: 'grafnx', version: '1.3.0' } }),
  'GET /api/information/message': () => ({}),
  'GET /api/activity': () => ({ query: { actions: 'project.create', limit: '5' } }),
  'GET /api/activity/export.csv': () => ({ query: { actor: 'a' } }),
  'POST /api/information/message': () => ({ payload: { color: 'info', text: 'Hello' } }),
  'DELETE /api/information/message/:id': (f) => ({ params: { id: f.message } }),
  ...MONITORING_SAMPLES,
  ...HUB_SAMPLES,
  ...VPN_SAMPLES,
  ...MODBUS_SAMPLES,
  ...SUBSCRIPTION_SAMPLES,
  ...DASHBOARD_SAMPLES,
  ...POOL_SAMPLES,
};

/** The areas whose every route must have a sample. */
export const SAMPLED_PREFIXES = [
  '/api/project',
  '/api/gateway',
  '/api/licences',
  '/api/information',
  '/api/activity',
  '/api/klocknx',
  '/api/emergynx',
  '/api/hub',
  '/api/vpn',
  '/api/alerts',
  '/api/fleet',
  '/api/subscriptions/status',
  '/api/subscriptions/unsubscribe',
  '/api/admin/subscriptions',
  '/api/chartnx',
  '/api/bossnx',
  '/api/grafnx',
  '/api/poolnx',
];

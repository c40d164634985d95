import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { LIMITS } from '@atrium/contracts/limits';
import type { ActivityDetails } from '@atrium/contracts/activity';
import type { Config } from './config';
import { openDatabase, migrateToLatest, type Db } from './db/database';
import { createTenancy } from './lib/tenancy/tenancy';
import { createAlertsModule } from './modules/alerts/alerts.module';
import { createAuditModule, type AuditModule } from './modules/audit/audit.module';
import { createFleetModule } from './modules/fleet/fleet.module';
import { createSubscriptionsModule } from './modules/subscriptions/subscriptions.module';
import { createAdminModule } from './modules/admin/admin.module';
import { createDashboardsModule } from './modules/dashboards/dashboards.module';
import { createGatewaysModule, type GatewaysModule } from './modules/gateways/gateways.module';
import { createGatewayEventsModule } from './modules/gateway-events/gateway-events.module';
import {
  monthsBefore,
  planOfSubscription,
  retentionCutoff,
} from './modules/timeseries/timeseries.retention';
import { createHubModule, type HubModule } from './modules/hub/hub.module';
import { createInformationModule } from './modules/information/information.module';
import { createLicencesModule } from './modules/licences/licences.module';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { createModbusModule } from './modules/modbus/modbus.module';
import { createPoolModule } from './modules/pool/pool.module';
import { MonitoredRepository } from './modules/monitoring/monitored.repository';
import { createMonitoringModule } from './modules/monitoring/monitoring.module';
import { createProjectsModule } from './modules/projects/projects.module';
import { createRealtimeModule } from './modules/realtime/realtime.module';
import { createSystemModule } from './modules/system/system.module';
import { createTimeSeriesModule } from './modules/timeseries/timeseries.module';
import { createUsersModule } from './modules/users/users.module';
import { createVpnModule } from './modules/vpn/vpn.module';
import { authPlugin } from './plugins/auth';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { httpLimitsPlugin, httpServerOptions } from './plugins/http-limits';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { rateLimitPlugin } from './plugins/rate-limit';
import { roomAccessPlugin } from './plugins/room-access';
import { webPlugin } from './plugins/web';
import { DEMO_LIVE_MACS } from './seed/demo-projects';
import { applyHeapGrowing } from './lib/heap-growing';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

// Never log secrets: passwords, tokens and cookies are redacted wherever they appear.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  // pool vendor credentials (decision 0031)
  '*.apikey',
  '*.credentials',
];

/** The server's modules, each built by its factory from the modules it depends on. */
export type AppModules = ReturnType<typeof createModules>;

function createFastify(config: Config): FastifyInstance {
  const app = Fastify({
    logger: { level: config.logLevel, redact: REDACT },
    bodyLimit: LIMITS.bodyMaxBytes,
    trustProxy: config.trustProxy,
    ...httpServerOptions(config.http),
    ajv: undefined,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** Accounts and tenancy: users, projects, gateways, licences, information. */
function createAccountModules(db: Db, mailer: Mailer, config: Config, log: FastifyBaseLogger) {
  // First: the modules below record what their users do in the team activity log.
  const audit = createAuditModule({ db, log });
  const record = audit.record;
  const users = createUsersModule({
    db,
    mailer,
    jwtSecret: config.jwtSecret,
    jwtTtlSeconds: config.jwtTtlSeconds,
    publicUrl: config.publicUrl,
    log,
    abuseLimits: config.abuseLimits,
    record,
  });
  const tenancy = createTenancy(db);
  const information = createInformationModule({ db });
  const gateways = createGatewaysModule({
    db,
    tenancy,
    users: users.repo,
    latestVersion: information.latestVersion,
    record,
  });
  const projects = createProjectsModule({
    db,
    tenancy,
    gateways: gateways.repo,
    users: users.repo,
    record,
  });
  const licences = createLicencesModule({
    db,
    access: tenancy.access,
    projects: projects.projects,
    checksPerMinute: config.abuseLimits.licenceChecksPerMinute,
    record,
  });
  return { audit, users, tenancy, information, gateways, projects, licences };
}

/**
 * Every module, in dependency order: each is given what it needs. The hub is built before
 * monitoring, which sends commands through it; monitoring then gives the hub, once, the list
 * a connecting gateway is sent.
 */
function createModules(app: FastifyInstance, db: Db, mailer: Mailer, config: Config) {
  const log = app.log;
  const accounts = createAccountModules(db, mailer, config, log);
  const { users, tenancy, information, gateways, projects } = accounts;
  const timeseries = createTimeSeriesModule({
    db,
    log,
    subscriptions: () => projects.repo.listSubscriptions(),
    graphCacheBytes: config.graphCacheBytes,
  });
  const hub = createHubModule({
    db,
    config,
    log,
    timeseries,
    gateways: gateways.repo,
    access: tenancy.access,
    latestVersion: information.latestVersion,
    // Outside production, the seeded demo's live gateways run on the simulator's agent too.
    demoLiveMacs: config.seedDemo ? DEMO_LIVE_MACS : [],
  });
  const monitoring = createMonitoringModule({
    db,
    projects: projects.repo,
    gateways: gateways.repo,
    timeseries: timeseries.store,
    writer: timeseries.writer,
    log,
    commands: hub.service,
    events: hub.events,
    // Voltage limits changed: the alert engine reads the project's rules again.
    onLoggerChange: (projectId) => void alerts.engine.reloadProject(projectId),
    graphsPerMinute: config.abuseLimits.graphsPerMinute,
  });
  hub.useMonitorLists(monitoring);
  const alerts = createAlertsModule({
    db,
    projects: projects.repo,
    gateways: gateways.repo,
    mailer,
    config: config.alerts,
    publicUrl: config.publicUrl,
    log,
    events: hub.events,
    addressNames: async (projectId) =>
      new Map((await monitoring.ets.simplified(projectId)).map((a) => [a.address, a.name])),
    modbusValues: (projectId) => modbus.valuesOf(projectId),
  });
  const modbus = createModbusModule({ db, gateways: gateways.repo, commands: hub.service, log });
  // A gateway that connects is sent the Modbus configuration it has not acknowledged yet.
  hub.service.whenArrived((gw) => void modbus.onArrival(gw));
  monitoring.useModbusValues((projectId) => modbus.valuesOf(projectId));
  // Pool controllers (issue 19, decision 0031): configurations queued for offline gateways.
  const pool = createPoolModule({
    db,
    gateways: gateways.repo,
    commands: hub.service,
    events: hub.events,
    secretsKey: config.secretsKey,
    log,
  });
  hub.service.whenArrived((gw) => void pool.onArrival(gw));
  const gatewayEvents = createGatewayEventsModule({
    db,
    gateways: gateways.repo,
    events: hub.events,
    subscriptions: () => projects.repo.listSubscriptions(),
    // The same retention as the recorded data's (a subscription that is no plan: the longest).
    retention: {
      planCutoff: (subscription, now) => {
        const plan = planOfSubscription(subscription);
        return plan ? retentionCutoff(plan, now) : undefined;
      },
      monthsBefore,
    },
    log,
  });
  // Chart and boss dashboards, share links, grafnx export/import (issue 20, decision 0032).
  const dashboards = createDashboardsModule({
    db,
    access: tenancy.access,
    gateways: gateways.repo,
    monitored: new MonitoredRepository(db),
    modbusValues: (projectId) => modbus.valuesOf(projectId),
    store: timeseries.store,
    partnerDomains: config.partnerDomains,
  });
  const realtime = createRealtimeModule({
    dashboards: dashboards.service,
    httpServer: app.server,
    sessions: users.sessions,
    access: tenancy.access,
    events: hub.events,
    modbusRead: hub.modbusRead,
    pool: {
      refresh: (mac) => pool.service.refresh(mac),
      data: (mac) => pool.service.dataOf(mac),
    },
    redisUrl: config.redisUrl,
    backlog: config.socketBacklog,
    everyNodeHearsPresence: Boolean(config.mqttUrl),
    log,
  });
  dashboards.service.useLive(realtime);
  // A revoked session (password reset, rank change, deleted account) closes its sockets.
  users.revocations.on((userIds) => realtime.disconnectUsers(userIds));
  const vpn = createVpnModule({
    db,
    config,
    log,
    gateways: gateways.repo,
    hub: hub.service,
    projects: () => projects.repo.listSubscriptions(),
    demoLiveMacs: config.seedDemo ? DEMO_LIVE_MACS : [],
  });
  const system = createSystemModule({ db, i18nDir: config.i18nDir });
  logGatewayCommands(hub, gateways, accounts.audit);
  // Reads the gateway event history's table for failed updates (decision 0021).
  const fleet = createFleetModule({ db, latestVersions: information.latestVersions });
  // Plans and billing (issue 17, decision 0026): manual billing unless Stripe is configured.
  const subscriptions = createSubscriptionsModule({
    db,
    sweepMs: config.billing.sweepMs,
    ...(config.billing.stripe
      ? { stripe: { ...config.billing.stripe, publicUrl: config.publicUrl } }
      : {}),
  });
  // The administrator's console reads every team's rows (decision 0028).
  const admin = createAdminModule({ db, latestVersions: information.latestVersions });
  return {
    db,
    ...accounts,
    timeseries,
    hub,
    monitoring,
    alerts,
    modbus,
    pool,
    gatewayEvents,
    realtime,
    vpn,
    system,
    fleet,
    subscriptions,
    admin,
    dashboards,
  };
}

/**
 * The commands users send to gateways (reboot, firmware update, remote access…) go to the team's
 * activity log too, under the gateway's name; refused ones stay in the gateway's history only.
 */
function logGatewayCommands(
  hub: HubModule,
  gateways: GatewaysModule,
  audit: Pick<AuditModule, 'record'>,
) {
  hub.events.on('command', (e) => {
    const { user, teamId } = e;
    if (!user || !teamId || e.error) return;
    const { from, to } = e.data ?? {};
    const details: ActivityDetails = { command: e.command };
    if (from && to) Object.assign(details, { from, to });
    void gateways.repo
      .findByMacs([e.mac])
      .then(([gw]) =>
        audit.record({
          team: teamId,
          actor: user,
          action: 'gateway.command',
          target: { kind: 'gateway', id: e.mac, name: gw?.name ?? e.mac },
          details,
        }),
      )
      .catch(() => undefined);
  });
}

/** Stops what the modules run, in order: live connections first, the database last. */
function addLifecycleHooks(app: FastifyInstance, m: AppModules, mailer: Mailer, config: Config) {
  app.addHook('onClose', () => mailer.close());
  app.addHook('onClose', () => m.timeseries.store.close());
  // onClose hooks run last-added first: the waiting points are committed before the database closes.
  app.addHook('onClose', () => m.timeseries.writer.close());
  // Before it: the supply voltages still waiting for their series reach the writer.
  app.addHook('onClose', () => m.monitoring.settle());
  // Started once the app is ready; stopped (and awaited) before the database closes.
  app.addHook('onReady', async () => m.timeseries.sweep.start(config.retentionSweepMs));
  app.addHook('onClose', () => m.timeseries.sweep.stop());
  app.addHook('onReady', async () => m.audit.start(config.retentionSweepMs));
  app.addHook('onClose', () => m.audit.stop());
  app.addHook('onReady', async () => m.subscriptions.start());
  app.addHook('onClose', () => m.subscriptions.stop());
  // Before the HTTP server closes: open sockets and MQTT connections would keep it waiting.
  app.addHook('preClose', async () => {
    await m.vpn.close();
    await m.alerts.stop();
    await m.gatewayEvents.stop();
    await m.realtime.close();
    await m.hub.close();
  });
}

/** App-wide plugins, then each module's routes (in this order, the OpenAPI document's), then the console. */
async function registerPlugins(app: FastifyInstance, m: AppModules, config: Config) {
  await app.register(httpLimitsPlugin, { limits: config.http });
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl });
  await app.register(authPlugin, {
    sessions: m.users.sessions,
    scopes: m.tenancy.access.resolvers(),
  });
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl });
  await app.register(roomAccessPlugin, {
    reauthorizeProject: (projectId) => m.realtime.reauthorizeProject(projectId),
  });
  await app.register(openApiPlugin);
  await app.register(m.system.routes);
  await app.register(m.users.routes);
  await app.register(m.projects.routes);
  await app.register(m.hub.routes);
  await app.register(m.gateways.routes, { afterInit: m.hub.initIfOnline });
  await app.register(m.licences.routes);
  await app.register(m.information.routes);
  await app.register(m.monitoring.routes);
  await app.register(m.alerts.routes);
  await app.register(m.modbus.routes);
  await app.register(m.pool.routes);
  await app.register(m.gatewayEvents.routes);
  await app.register(m.vpn.routes);
  await app.register(m.audit.routes);
  await app.register(m.fleet.routes);
  await app.register(m.subscriptions.routes);
  await app.register(m.admin.routes);
  await app.register(m.dashboards.routes);
  await app.register(webPlugin, { webDist: config.webDist });
}

/**
 * Assembles the server: the database and mailer, every module (createModules), the
 * plugins; then starts the gateway hub and the console's sockets.
 */
export async function buildApp(config: Config) {
  applyHeapGrowing(config.heapGrowingPercent);
  const app = createFastify(config);
  const db = openDatabase(config.database);
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  const applied = await migrateToLatest(db);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log: app.log,
  });
  const modules = createModules(app, db, mailer, config);
  addLifecycleHooks(app, modules, mailer, config);
  await registerPlugins(app, modules, config);
  if (config.hubRuns) {
    await modules.hub.start(app.server);
    await modules.realtime.start();
    await modules.alerts.start();
    modules.gatewayEvents.start(config.retentionSweepMs);
    // Last: its proxy hosts go in front of the listeners the hub and the sockets attached.
    await modules.vpn.start(app.server);
  }
  return { app, modules };
}

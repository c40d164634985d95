import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { LIMITS } from '@atrium/contracts/limits';
import type { Config } from './config';
import { openDatabase, migrateToLatest, type Db } from './db/database';
import { createTenancy } from './lib/tenancy/tenancy';
import { createGatewaysModule } from './modules/gateways/gateways.module';
import { createHubModule } from './modules/hub/hub.module';
import { createInformationModule } from './modules/information/information.module';
import { createLicencesModule } from './modules/licences/licences.module';
import { createMailer } from './modules/mail/mailer';
import { createMonitoringModule } from './modules/monitoring/monitoring.module';
import { createProjectsModule } from './modules/projects/projects.module';
import { createRealtimeModule } from './modules/realtime/realtime.module';
import { createSystemModule } from './modules/system/system.module';
import { createTimeSeriesModule } from './modules/timeseries/timeseries.module';
import { createUsersModule } from './modules/users/users.module';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { webPlugin } from './plugins/web';
import { DEMO_LIVE_MACS } from './seed/demo-projects';

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
];

/** The server's modules, each built by its factory from the modules it depends on. */
export type AppModules = Awaited<ReturnType<typeof buildApp>>['modules'];

/**
 * Assembles the server: the database and mailer, then every module in dependency order
 * (each gets what it needs as arguments), then the plugins: app-wide ones, the modules'
 * routes, the console. The hub and the console's sockets start last.
 */
export async function buildApp(config: Config) {
  const app: FastifyInstance = Fastify({
    logger: { level: config.logLevel, redact: REDACT },
    bodyLimit: LIMITS.bodyMaxBytes,
    trustProxy: true,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const log = app.log;

  const db = openDatabase(config.database);
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log,
  });
  app.addHook('onClose', () => mailer.close());

  const users = createUsersModule({
    db,
    mailer,
    jwtSecret: config.jwtSecret,
    jwtTtlSeconds: config.jwtTtlSeconds,
    publicUrl: config.publicUrl,
    log,
  });
  const tenancy = createTenancy(db);
  const information = createInformationModule({ db });
  const gateways = createGatewaysModule({
    db,
    tenancy,
    users: users.repo,
    latestVersion: information.latestVersion,
  });
  const projects = createProjectsModule({
    db,
    tenancy,
    gateways: gateways.repo,
    users: users.repo,
  });
  const timeseries = createTimeSeriesModule({
    db,
    log,
    subscriptions: () => projects.repo.listSubscriptions(),
  });
  app.addHook('onClose', () => timeseries.store.close());
  // onClose hooks run last-added first: the waiting points are committed before the database closes.
  app.addHook('onClose', () => timeseries.writer.close());
  // Started once the app is ready; stopped (and awaited) before the database closes.
  app.addHook('onReady', async () => timeseries.sweep.start(config.retentionSweepMs));
  app.addHook('onClose', () => timeseries.sweep.stop());
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
    commands: hub.hub,
    events: hub.events,
  });
  // Built after the hub it sends commands through, monitoring gives the hub the list a
  // connecting gateway is sent.
  hub.useMonitorLists(monitoring);
  const licences = createLicencesModule({
    db,
    access: tenancy.access,
    projects: projects.projects,
  });
  const system = createSystemModule({ db, i18nDir: config.i18nDir });
  const realtime = createRealtimeModule({
    httpServer: app.server,
    sessions: users.sessions,
    access: tenancy.access,
    events: hub.events,
    redisUrl: config.redisUrl,
    everyNodeHearsPresence: Boolean(config.mqttUrl),
    log,
  });

  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, { sessions: users.sessions, scopes: tenancy.access.resolvers() });
  await app.register(openApiPlugin);
  // In this order, the paths of the OpenAPI document.
  await app.register(system.routes);
  await app.register(users.routes);
  await app.register(projects.routes);
  await app.register(hub.routes);
  await app.register(gateways.routes, { afterInit: hub.initIfOnline });
  await app.register(licences.routes);
  await app.register(information.routes);
  await app.register(monitoring.routes);
  await app.register(webPlugin, { webDist: config.webDist });

  if (config.hubRuns) {
    await hub.start(app.server);
    await realtime.start();
  }
  // Before the HTTP server closes: open sockets and MQTT connections would keep it waiting.
  app.addHook('preClose', async () => {
    await realtime.close();
    await hub.close();
  });
  return { app, modules: { db, users, projects, gateways, timeseries, hub, monitoring } };
}

import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { LIMITS } from '@atrium/contracts/limits';
import type { Config } from './config';
import { openDatabase, migrateToLatest, type Db } from './db/database';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { systemRoutes } from './modules/system/system.routes';
import { BatchingWriter } from './modules/timeseries/batching-writer';
import { createTimeSeriesStore } from './modules/timeseries/create-timeseries-store';
import { RetentionSweep } from './modules/timeseries/retention-sweep';
import type { TimeSeriesStore } from './modules/timeseries/timeseries.types';
import { AccountsService } from './modules/users/accounts.service';
import { accountRoutes } from './modules/users/accounts.routes';
import { SessionTokens } from './modules/users/session-tokens';
import { SigninService } from './modules/users/signin.service';
import { UsersRepository } from './modules/users/users.repository';
import { userRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { webPlugin } from './plugins/web';
import { GatewayImportService } from './modules/gateways/gateway-import.service';
import { gatewayRoutes } from './modules/gateways/gateways.routes';
import { GatewaysRepository } from './modules/gateways/gateways.repository';
import { GatewaysService } from './modules/gateways/gateways.service';
import { registerHub } from './modules/hub/hub.plugin';
import { InformationRepository } from './modules/information/information.repository';
import { informationRoutes } from './modules/information/information.routes';
import { InformationService } from './modules/information/information.service';
import {
  createMonitoring,
  monitoringRoutes,
  type MonitoringServices,
} from './modules/monitoring/monitoring.module';
import { LicenceImportService } from './modules/licences/licence-import.service';
import { licenceRoutes } from './modules/licences/licences.routes';
import { LicencesRepository } from './modules/licences/licences.repository';
import { LicencesService } from './modules/licences/licences.service';
import { RevisionCache } from './modules/projects/list-cache';
import { ProjectAccess } from './modules/projects/project-access';
import { ProjectGatewaysService } from './modules/projects/project-gateways.service';
import { ProjectViewersService } from './modules/projects/project-viewers.service';
import { projectRoutes } from './modules/projects/projects.routes';
import { ProjectsRepository } from './modules/projects/projects.repository';
import { ProjectsService } from './modules/projects/projects.service';
import { join } from 'node:path';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbPing(): Promise<void>;
    services: AppServices;
  }
}

export interface AppServices {
  users: UsersService;
  signin: SigninService;
  accounts: AccountsService;
  usersRepo: UsersRepository;
  tokens: SessionTokens;
  mailer: Mailer;
  timeseries: TimeSeriesStore;
  timeseriesWriter: BatchingWriter;
  retentionSweep: RetentionSweep;
  projects: ProjectsService;
  projectsRepo: ProjectsRepository;
  gateways: GatewaysService;
  gatewaysRepo: GatewaysRepository;
  projectAccess: ProjectAccess;
  information: InformationService;
  monitoring: MonitoringServices;
}

// Never log secrets: passwords, tokens and cookies are redacted wherever they appear.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
];

/** Assembles the server: database, plugins, then feature modules. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: REDACT },
    bodyLimit: LIMITS.bodyMaxBytes,
    trustProxy: true,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = openDatabase(config.database);
  app.decorate('db', db);
  app.decorate('dbPing', async () => {
    await sql`select 1`.execute(db);
  });
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
  app.addHook('onClose', () => mailer.close());

  const timeseries = createTimeSeriesStore(db, app.log, { writerThread: true });
  app.addHook('onClose', () => timeseries.close());
  const timeseriesWriter = new BatchingWriter(timeseries);
  // onClose hooks run last-added first: the waiting points are committed before the database closes.
  app.addHook('onClose', () => timeseriesWriter.close());

  const usersRepo = new UsersRepository(db);
  const tokens = new SessionTokens(config.jwtSecret, config.jwtTtlSeconds);
  const deps = { repo: usersRepo, mailer, publicUrl: config.publicUrl, log: app.log };
  const users = new UsersService(deps);
  const signin = new SigninService(deps, users, tokens);
  const accounts = new AccountsService(deps, users);

  const projectsRepo = new ProjectsRepository(db);
  const retentionSweep = new RetentionSweep({
    store: timeseries,
    subscriptions: () => projectsRepo.listSubscriptions(),
    log: app.log,
  });
  // Started once the app is ready; stopped (and awaited) before the database closes.
  app.addHook('onReady', async () => retentionSweep.start(config.retentionSweepMs));
  app.addHook('onClose', () => retentionSweep.stop());
  const gatewaysRepo = new GatewaysRepository(db);
  const projectAccess = new ProjectAccess(projectsRepo, gatewaysRepo);
  const listCache = new RevisionCache();
  const projectDeps = {
    projects: projectsRepo,
    gateways: gatewaysRepo,
    users: usersRepo,
    access: projectAccess,
    cache: listCache,
  };
  const projects = new ProjectsService(projectDeps);
  const information = new InformationService(new InformationRepository(db));
  const gateways = new GatewaysService({
    ...projectDeps,
    latestVersion: (type) => information.latestVersion(type),
  });
  const licencesRepo = new LicencesRepository(db);
  const monitoring = createMonitoring({
    db,
    projects: projectsRepo,
    gateways: gatewaysRepo,
    timeseries,
    writer: timeseriesWriter,
    log: app.log,
    // The hub is registered below; a gateway it cannot reach gets its list on connect.
    sendMonitor: async (gw, addresses) => {
      if (!app.hub.reachable(gw)) return false;
      await app.hub.command(gw, 'monitor', { addresses });
      return true;
    },
  });
  app.decorate('services', {
    users,
    signin,
    accounts,
    usersRepo,
    tokens,
    mailer,
    timeseries,
    timeseriesWriter,
    retentionSweep,
    projects,
    projectsRepo,
    gateways,
    gatewaysRepo,
    projectAccess,
    information,
    monitoring,
  });

  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, { tokens, repo: usersRepo, scopes: projectAccess.resolvers() });
  await app.register(openApiPlugin);
  await app.register(systemRoutes, { i18nDir: config.i18nDir });
  await app.register(userRoutes, {
    users,
    signin,
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  await app.register(accountRoutes, { accounts });
  await app.register(projectRoutes, {
    projects,
    links: new ProjectGatewaysService(projectDeps, projects),
    viewers: new ProjectViewersService(projectDeps),
  });
  const hub = await registerHub(app, config);
  await app.register(gatewayRoutes, {
    gateways,
    importer: new GatewayImportService(gatewaysRepo),
    afterInit: (ref) => hub.actions.initIfOnline(ref),
  });
  await app.register(licenceRoutes, {
    licences: new LicencesService(licencesRepo, projectAccess, projects),
    importer: new LicenceImportService(licencesRepo),
  });
  await app.register(informationRoutes, { information });
  await app.register(monitoringRoutes, monitoring);
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}

import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import type { ProjectsRepository } from '../projects/projects.repository';
import type { BatchingWriter } from '../timeseries/batching-writer';
import type { TimeSeriesStore } from '../timeseries/timeseries.types';
import { EtsRepository } from './ets.repository';
import { etsRoutes } from './ets.routes';
import { EtsService } from './ets.service';
import { FavoritesRepository } from './favorites.repository';
import { FavoritesService } from './favorites.service';
import { graphRoutes } from './graph.routes';
import { GraphService } from './graph.service';
import { loggerRoutes } from './logger.routes';
import { LoggerService } from './logger.service';
import { MonitoredRepository } from './monitored.repository';
import { monitoredRoutes } from './monitored.routes';
import { MonitoredService, type MonitorTarget, type SendMonitor } from './monitored.service';
import { VoltageRecorder } from './voltage-recorder';

/** What the monitoring module is built from (see app.ts). */
export interface MonitoringDeps {
  db: Db;
  projects: ProjectsRepository;
  gateways: GatewaysRepository;
  timeseries: TimeSeriesStore;
  writer: BatchingWriter;
  log: FastifyBaseLogger;
  /** The hub's `monitor` command; without it, gateways fetch their list on connect. */
  sendMonitor?: SendMonitor;
}

/** The monitoring services, and the two entry points the gateway hub calls. */
export interface MonitoringServices {
  ets: EtsService;
  monitored: MonitoredService;
  logger: LoggerService;
  graph: GraphService;
  favorites: FavoritesService;
  /** Hub, on a gateway's info message: records its supply voltage (false when paused). */
  recordVoltage(projectId: string, mac: string, t: number, volt: number): Promise<boolean>;
  /** Hub, on a gateway's connect: the `monitor` list to send it (empty when paused). */
  monitorListFor(mac: string): Promise<MonitorTarget[]>;
}

/** Builds the monitoring services (issue 4): ETS files, monitored addresses, logger, graph. */
export function createMonitoring(d: MonitoringDeps): MonitoringServices {
  const monitoredRepo = new MonitoredRepository(d.db);
  const ets = new EtsService(new EtsRepository(d.db));
  const monitored = new MonitoredService({
    repo: monitoredRepo,
    ets,
    gateways: d.gateways,
    projects: d.projects,
    log: d.log,
    ...(d.sendMonitor ? { sendMonitor: d.sendMonitor } : {}),
  });
  const recorder = new VoltageRecorder({
    store: d.timeseries,
    writer: d.writer,
    projects: d.projects,
  });
  return {
    ets,
    monitored,
    logger: new LoggerService({ projects: d.projects, monitored, recorder }),
    graph: new GraphService({
      store: d.timeseries,
      monitored: monitoredRepo,
      gateways: d.gateways,
    }),
    favorites: new FavoritesService(new FavoritesRepository(d.db)),
    recordVoltage: (projectId, mac, t, volt) => recorder.recordVoltage(projectId, mac, t, volt),
    monitorListFor: (mac) => monitored.monitorListFor(mac),
  };
}

/** Every monitoring route (area `monitoring` of the spec's call catalogue). */
export const monitoringRoutes: FastifyPluginAsync<MonitoringServices> = async (app, s) => {
  await app.register(etsRoutes, { ets: s.ets, monitored: s.monitored });
  await app.register(monitoredRoutes, { monitored: s.monitored });
  await app.register(loggerRoutes, { logger: s.logger });
  await app.register(graphRoutes, { graph: s.graph, favorites: s.favorites });
};

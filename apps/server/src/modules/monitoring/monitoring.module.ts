import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import type { HubEvents } from '../hub/hub-events';
import type { Hub } from '../hub/hub.service';
import type { ProjectsRepository } from '../projects/projects.repository';
import type { LanedWriter } from '../timeseries/batching-writer';
import type { TimeSeriesStore } from '../timeseries/timeseries.types';
import { EtsRepository } from './ets.repository';
import { etsRoutes } from './ets.routes';
import { EtsService } from './ets.service';
import { FavoritesRepository } from './favorites.repository';
import { FavoritesService } from './favorites.service';
import { graphRoutes } from './graph.routes';
import { GraphService, type GraphDeps } from './graph.service';
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
  writer: LanedWriter;
  log: FastifyBaseLogger;
  /** The hub's commands, for `monitor`; without them, gateways get their list on connect. */
  commands?: Pick<Hub, 'reachable' | 'command'>;
  /** The hub's events: the supply voltage of every `info` is recorded. */
  events?: Pick<HubEvents, 'on'>;
  /** A project's logger settings changed (voltage limits): the alert engine reloads them. */
  onLoggerChange?: (projectId: string) => void;
  /** Graph queries a signed-in user may ask per minute (`ABUSE_GRAPHS_PER_MINUTE`). */
  graphsPerMinute: number;
}

/** The monitoring services, its routes, and the two entry points the gateway hub calls. */
export interface MonitoringModule {
  ets: EtsService;
  monitored: MonitoredService;
  logger: LoggerService;
  graph: GraphService;
  favorites: FavoritesService;
  /** Hub, on a gateway's info message: records its supply voltage (false when paused). */
  recordVoltage(projectId: string, mac: string, t: number, volt: number): Promise<boolean>;
  /** Closing: resolves once every voltage under way has reached the time-series writer. */
  settle(): Promise<void>;
  /** Hub, on a gateway's connect: the `monitor` list to send it (empty when paused). */
  monitorListFor(mac: string, projectId?: string | null): Promise<MonitorTarget[]>;
  /** Every monitoring route (area `monitoring` of the spec's call catalogue). */
  routes: FastifyPluginAsync;
  /** Where the graph finds a project's Modbus values (the Modbus module, built later). */
  useModbusValues(source: NonNullable<GraphDeps['modbusValues']>): void;
}

/** The hub's `monitor` command: false when the gateway cannot be reached now. */
const monitorSender =
  (commands: NonNullable<MonitoringDeps['commands']>): SendMonitor =>
  async (gw, addresses) => {
    if (!commands.reachable(gw)) return false;
    await commands.command(gw, 'monitor', { addresses });
    return true;
  };

/**
 * Builds the monitoring module (the console's logger and graphs): ETS files, monitored
 * addresses, logger, graph, favorites.
 */
export function createMonitoringModule(d: MonitoringDeps): MonitoringModule {
  const monitoredRepo = new MonitoredRepository(d.db);
  const ets = new EtsService(new EtsRepository(d.db));
  const monitored = new MonitoredService({
    repo: monitoredRepo,
    ets,
    gateways: d.gateways,
    projects: d.projects,
    log: d.log,
    ...(d.commands ? { sendMonitor: monitorSender(d.commands) } : {}),
  });
  const recorder = new VoltageRecorder({
    store: d.timeseries,
    writer: d.writer,
    projects: d.projects,
    log: d.log,
  });
  // The supply voltage of every info (the recorder honours the logger pause, logs failures).
  d.events?.on('info', (e) => {
    if (e.volt !== null) recorder.record(e.project, e.mac, Date.now(), e.volt);
  });
  const logger = new LoggerService({
    projects: d.projects,
    monitored,
    recorder,
    onChange: d.onLoggerChange ?? (() => {}),
  });
  let modbusValues: GraphDeps['modbusValues'];
  const graph = new GraphService({
    store: d.timeseries,
    monitored: monitoredRepo,
    gateways: d.gateways,
    modbusValues: async (projectId) => (modbusValues ? modbusValues(projectId) : []),
  });
  const favorites = new FavoritesService(new FavoritesRepository(d.db));
  return {
    ets,
    monitored,
    logger,
    graph,
    favorites,
    recordVoltage: (projectId, mac, t, volt) => recorder.recordVoltage(projectId, mac, t, volt),
    settle: () => recorder.settle(),
    monitorListFor: (mac, projectId) => monitored.monitorListFor(mac, projectId),
    useModbusValues(source) {
      modbusValues = source;
    },
    routes: async (app) => {
      await app.register(etsRoutes, { ets, monitored });
      await app.register(monitoredRoutes, { monitored });
      await app.register(loggerRoutes, { logger });
      await app.register(graphRoutes, { graph, favorites, graphsPerMinute: d.graphsPerMinute });
    },
  };
}

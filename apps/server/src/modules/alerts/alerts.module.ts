import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { modbusMeasurement } from '@atrium/contracts/modbus-measurement';
import type { ModbusValueRef } from '@atrium/contracts/modbus';
import type { AlertsConfig } from '../../config';
import type { Db } from '../../db/database';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import type { HubEvents } from '../hub/hub-events';
import type { Mailer } from '../mail/mailer';
import type { ProjectsRepository } from '../projects/projects.repository';
import { AlertEngine } from './alert-engine';
import { AlertOutbox } from './alert-outbox';
import { AlertsRepository } from './alerts.repository';
import { alertsRoutes } from './alerts.routes';
import { AlertsService } from './alerts.service';

/** What the alerts module is built from (see app.ts). */
export interface AlertsDeps {
  db: Db;
  projects: ProjectsRepository;
  gateways: GatewaysRepository;
  mailer: Mailer;
  config: AlertsConfig;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The hub's events: telegrams, infos and presence are evaluated; alerts are told back. */
  events: Pick<HubEvents, 'on' | 'emit'>;
  /** Address names of a project's ETS file (the monitoring module's). */
  addressNames: (projectId: string) => Promise<ReadonlyMap<string, string>>;
  /** A project's Modbus values (the Modbus module's): thresholds on them, their names and units. */
  modbusValues: (projectId: string) => Promise<readonly ModbusValueRef[]>;
}

export interface AlertsModule {
  service: AlertsService;
  engine: AlertEngine;
  outbox: AlertOutbox;
  repo: AlertsRepository;
  /** Loads the rules and starts evaluating and sending (where the hub runs). */
  start(): Promise<void>;
  stop(): Promise<void>;
  routes: FastifyPluginAsync;
}

/**
 * Builds the alerts module (issue 14): the engine on the hub's events, the notification
 * outbox, and the routes of thresholds, notifications, history, mutes and watchdog.
 */
export function createAlertsModule(d: AlertsDeps): AlertsModule {
  const repo = new AlertsRepository(d.db);
  // A Modbus value is named "meter – value" beside the ETS names, under `modbus:{id}`.
  const addressNames = async (projectId: string) => {
    const [ets, values] = await Promise.all([
      d.addressNames(projectId),
      d.modbusValues(projectId).catch(() => []),
    ]);
    const names = new Map(ets);
    for (const v of values) names.set(modbusMeasurement(v.id), `${v.meterName} – ${v.name}`);
    return names;
  };
  const outbox = new AlertOutbox({
    repo,
    mailer: d.mailer,
    pushoverUrl: d.config.pushoverUrl,
    publicUrl: d.publicUrl,
    log: d.log,
    addressNames,
    pollMs: d.config.outboxPollMs,
    retryBaseMs: d.config.retryBaseMs,
  });
  // The live history: each transition this node made goes to the project's room.
  const engine = new AlertEngine({
    repo,
    log: d.log,
    timing: { refreshMs: d.config.rulesRefreshMs, sweepMs: d.config.sweepMs },
    onQueued: () => outbox.kick(),
    modbusUnits: async (projectId) =>
      new Map((await d.modbusValues(projectId)).map((v) => [modbusMeasurement(v.id), v.unit])),
    onTransition: (row) =>
      void Promise.all([service.toAlerts(row.project_id, [row]), repo.projectOf(row.project_id)])
        .then(([[alert], project]) => {
          if (alert && project) d.events.emit('alert', { alert, team: project.team_id });
        })
        .catch((err: unknown) => d.log.warn({ err }, 'alert event not sent')),
  });
  const service = new AlertsService({
    repo,
    projects: d.projects,
    gateways: d.gateways,
    engine,
    addressNames,
    modbusValues: d.modbusValues,
  });
  let started = false;
  return {
    service,
    engine,
    outbox,
    repo,
    async start() {
      await engine.start();
      d.events.on('telegrams', (e) => engine.onTelegrams(e));
      d.events.on('modbus', (e) => engine.onModbus(e));
      d.events.on('info', (e) => engine.onInfo(e));
      d.events.on('state', (e) => engine.onState(e));
      outbox.start();
      started = true;
    },
    async stop() {
      if (!started) return;
      await engine.stop();
      await outbox.stop();
    },
    routes: async (app) => {
      await app.register(alertsRoutes, { alerts: service });
    },
  };
}

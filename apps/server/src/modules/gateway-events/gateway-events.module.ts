import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import type { HubEvents } from '../hub/hub-events';
import { GatewayEventsRepository } from './gateway-events.repository';
import { gatewayEventsRoutes } from './gateway-events.routes';
import { GatewayEventsService, type GatewayEventsRetention } from './gateway-events.service';

/** What the gateway-events module is built from (see app.ts). */
export interface GatewayEventsDeps {
  db: Db;
  gateways: Pick<GatewaysRepository, 'find'>;
  /** The hub's events: presence, updates and user commands in; new history facts out. */
  events: Pick<HubEvents, 'on' | 'emit'>;
  /** Every project's id and plan (`logger_subscription`), for the retention sweep. */
  subscriptions(): Promise<readonly { id: string; logger_subscription: string }[]>;
  /** The timeseries retention's rule, reused as is. */
  retention: GatewayEventsRetention;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

export interface GatewayEventsModule {
  service: GatewayEventsService;
  repo: GatewayEventsRepository;
  /** Records the hub's facts (where the hub runs) and sweeps every `sweepMs` (0: never). */
  start(sweepMs: number): void;
  /** Stops the sweep and waits for the facts being written. */
  stop(): Promise<void>;
  routes: FastifyPluginAsync;
}

/**
 * Builds the gateway event history (issue 16, decision 0021): what happened to each gateway,
 * who did it, and its uptime.
 */
export function createGatewayEventsModule(d: GatewayEventsDeps): GatewayEventsModule {
  const repo = new GatewayEventsRepository(d.db);
  const service = new GatewayEventsService({
    repo,
    events: d.events,
    subscriptions: () => d.subscriptions(),
    retention: d.retention,
    log: d.log,
  });
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  return {
    service,
    repo,
    start(sweepMs) {
      if (started) return;
      started = true;
      d.events.on('state', (e) => service.onState(e));
      d.events.on('update', (e) => service.onUpdate(e));
      d.events.on('command', (e) => service.onCommand(e));
      if (sweepMs > 0) {
        timer = setInterval(
          () =>
            void service.sweep().catch((err: unknown) => d.log.warn({ err }, 'event sweep failed')),
          sweepMs,
        );
        timer.unref();
      }
    },
    async stop() {
      clearInterval(timer);
      await service.settled();
    },
    routes: async (app) => {
      await app.register(gatewayEventsRoutes, { service, gateways: d.gateways });
    },
  };
}

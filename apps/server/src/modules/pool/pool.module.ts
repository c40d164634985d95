import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { PoolDataEvent } from '@atrium/contracts/pool';
import type { Db } from '../../db/database';
import { SecretBox } from '../../lib/secret-box';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import type { HubEvents } from '../hub/hub-events';
import { PoolRepository } from './pool.repository';
import { poolRoutes } from './pool.routes';
import { PoolService, type PoolCommands } from './pool.service';

/** What the pool module is built from (see app.ts). */
export interface PoolDeps {
  db: Db;
  gateways: Pick<GatewaysRepository, 'find' | 'update'>;
  commands?: PoolCommands;
  /** The hub's events: `pool` messages in, `poolData` out (relayed by the realtime module). */
  events: Pick<HubEvents, 'on' | 'emit'>;
  secretsKey: string;
  log: FastifyBaseLogger;
}

export interface PoolModule {
  service: PoolService;
  repo: PoolRepository;
  /** Hub, when a gateway says online: sends the configuration it has not acknowledged yet. */
  onArrival(gw: { id: string; mac: string; type: string }): Promise<void>;
  routes: FastifyPluginAsync;
}

/**
 * Builds the pool module (issue 19, decision 0031): the /api/poolnx calls, `pool.config` to
 * the gateways, and their `pool` messages into the live table.
 */
export function createPoolModule(d: PoolDeps): PoolModule {
  const repo = new PoolRepository(d.db);
  const service = new PoolService({
    repo,
    gateways: d.gateways,
    ...(d.commands ? { commands: d.commands } : {}),
    box: new SecretBox(d.secretsKey),
    log: d.log,
    emit: (event: PoolDataEvent) => d.events.emit('poolData', event),
    told: (event) => d.events.emit('command', event),
  });
  d.events.on('pool', ({ gateway, message, at }) => {
    service
      .onPoolMessage(gateway, message, at)
      .catch((err: unknown) =>
        d.log.warn({ mac: gateway.mac, err: (err as Error).message }, 'pool values not stored'),
      );
  });
  // The hub's own pool type change (POST /api/gateway/pool/type/{id}): the configuration follows.
  d.events.on('command', (e) => {
    const type = e.data?.detail;
    if (e.command !== 'pool.type' || e.error || (type !== 'klereo' && type !== 'poolcop')) return;
    service
      .initType(e.mac, { type })
      .catch((err: unknown) =>
        d.log.warn({ mac: e.mac, err: (err as Error).message }, 'pool type not followed'),
      );
  });
  return {
    service,
    repo,
    onArrival: (gw) => service.onArrival(gw),
    routes: async (app) => {
      await app.register(poolRoutes, { pool: service });
    },
  };
}

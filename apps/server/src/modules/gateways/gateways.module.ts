import type { FastifyPluginAsync } from 'fastify';
import type { GatewayType } from '@atrium/contracts/limits';
import type { Db } from '../../db/database';
import type { RecordActivity } from '../../lib/activity';
import type { Tenancy } from '../../lib/tenancy/tenancy';
import type { UsersRepository } from '../users/users.repository';
import { GatewayImportService } from './gateway-import.service';
import { GatewaysRepository } from './gateways.repository';
import { gatewayRoutes } from './gateways.routes';
import { GatewaysService } from './gateways.service';

/** What the gateways module is built from (see app.ts). */
export interface GatewaysModuleDeps {
  db: Db;
  tenancy: Tenancy;
  /** Sharing a gateway names the account by e-mail. */
  users: Pick<UsersRepository, 'findByEmail'>;
  /** The reference version of a type, given to new virtual gateways (information module). */
  latestVersion: (type: GatewayType) => Promise<string>;
  /** The team activity log (audit module). */
  record: RecordActivity;
}

/** What app.ts gives the routes when it registers them: the hub is built after this module. */
export interface GatewayRoutesOptions {
  /** The gateway hub sends the init command when the gateway is online. */
  afterInit?: (ref: string) => Promise<void>;
}

/** Gateway inventory of accounts and projects, CSV import (document 3 §7, gateway service). */
export function createGatewaysModule(d: GatewaysModuleDeps) {
  const repo = new GatewaysRepository(d.db);
  const gateways = new GatewaysService({
    gateways: repo,
    users: d.users,
    access: d.tenancy.access,
    cache: d.tenancy.listCache,
    latestVersion: d.latestVersion,
    record: d.record,
  });
  const importer = new GatewayImportService(repo);
  const routes: FastifyPluginAsync<GatewayRoutesOptions> = async (app, o) => {
    await app.register(gatewayRoutes, { gateways, importer, ...o });
  };
  return { repo, routes };
}

export type GatewaysModule = ReturnType<typeof createGatewaysModule>;

import type { FastifyPluginAsync } from 'fastify';
import type { LatestVersions } from '@atrium/contracts/version';
import type { Db } from '../../db/database';
import { FleetRepository } from './fleet.repository';
import { fleetRoutes } from './fleet.routes';
import { FleetService, type FailedUpdatesSource } from './fleet.service';

/** What the fleet module is built from (see app.ts). */
export interface FleetDeps {
  db: Db;
  /** Every type's reference version (the information module's). */
  latestVersions: () => Promise<LatestVersions>;
  /** Failed updates per project (the gateway events' history). */
  failedUpdates: FailedUpdatesSource;
}

/** The fleet home (issue 16): one summary of the caller's gateways and projects. */
export function createFleetModule(d: FleetDeps) {
  const repo = new FleetRepository(d.db);
  const service = new FleetService({
    repo,
    latestVersions: d.latestVersions,
    failedUpdates: d.failedUpdates,
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(fleetRoutes, { fleet: service });
  };
  return { service, repo, routes };
}

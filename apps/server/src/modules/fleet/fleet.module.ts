import type { FastifyPluginAsync } from 'fastify';
import type { LatestVersions } from '@atrium/contracts/version';
import type { Db } from '../../db/database';
import { FleetRepository } from './fleet.repository';
import { fleetRoutes } from './fleet.routes';
import { FleetService } from './fleet.service';

/** What the fleet module is built from (see app.ts). */
export interface FleetDeps {
  db: Db;
  /** Every type's reference version (the information module's). */
  latestVersions: () => Promise<LatestVersions>;
}

/** The fleet home (issue 16): one summary of the caller's gateways and projects. */
export function createFleetModule(d: FleetDeps) {
  const repo = new FleetRepository(d.db);
  const service = new FleetService({ repo, latestVersions: d.latestVersions });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(fleetRoutes, { fleet: service });
  };
  return { service, repo, routes };
}

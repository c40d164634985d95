import type { FastifyPluginAsync } from 'fastify';
import type { GatewayType } from '@atrium/contracts/limits';
import type { Db } from '../../db/database';
import { InformationRepository } from './information.repository';
import { informationRoutes } from './information.routes';
import { InformationService } from './information.service';

/** Latest versions per gateway type and the console's information messages. */
export function createInformationModule(d: { db: Db }) {
  const information = new InformationService(new InformationRepository(d.db));
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(informationRoutes, { information });
  };
  return {
    /** The reference version of a gateway type (gateways and hub modules). */
    latestVersion: (type: GatewayType) => information.latestVersion(type),
    /** Every type's reference version (the fleet home's outdated count). */
    latestVersions: () => information.latestVersions(),
    routes,
  };
}

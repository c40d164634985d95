import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import { HealthRepository } from './health.repository';
import { systemRoutes } from './system.routes';

/** The health probe and the console's translation files. */
export function createSystemModule(d: { db: Db; i18nDir: string }) {
  const health = new HealthRepository(d.db);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(systemRoutes, { health, i18nDir: d.i18nDir });
  };
  return { routes };
}

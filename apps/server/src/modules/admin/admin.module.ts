import type { FastifyPluginAsync } from 'fastify';
import type { LatestVersions } from '@atrium/contracts/version';
import type { Db } from '../../db/database';
import { AdminRepository } from './admin.repository';
import { adminRoutes } from './admin.routes';
import { AdminService } from './admin.service';

/** What the admin module is built from (see app.ts). */
export interface AdminDeps {
  db: Db;
  /** Every type's reference version (the information module's). */
  latestVersions: () => Promise<LatestVersions>;
}

/** The administrator's console (issue 17 §5, decision 0028). */
export function createAdminModule(d: AdminDeps) {
  const repo = new AdminRepository(d.db);
  const service = new AdminService({ repo, latestVersions: d.latestVersions });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(adminRoutes, { admin: service });
  };
  return { service, repo, routes };
}

import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { RecordActivity } from '../../lib/activity';
import type { ProjectAccess } from '../../lib/tenancy/project-access';
import type { ProjectsService } from '../projects/projects.service';
import { LicenceImportService } from './licence-import.service';
import { LicencesRepository } from './licences.repository';
import { licenceRoutes } from './licences.routes';
import { LicencesService } from './licences.service';

/** What the licences module is built from (see app.ts). */
export interface LicencesModuleDeps {
  db: Db;
  access: ProjectAccess;
  /** A used licence answers with the project as it now is (projects module). */
  projects: ProjectsService;
  /** Key checks and uses per user and minute: keys must not be guessed in bulk. */
  checksPerMinute: number;
  /** The team activity log (audit module). */
  record: RecordActivity;
}

/** Licence keys: check, use on a project, import (document 2 §7, document 3 §7). */
export function createLicencesModule(d: LicencesModuleDeps) {
  const repo = new LicencesRepository(d.db);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(licenceRoutes, {
      licences: new LicencesService(repo, d.access, d.projects, d.record),
      importer: new LicenceImportService(repo),
      checksPerMinute: d.checksPerMinute,
    });
  };
  return { routes };
}

import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { RecordActivity } from '../../lib/activity';
import type { Tenancy } from '../../lib/tenancy/tenancy';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import type { UsersRepository } from '../users/users.repository';
import { ProjectGatewaysService } from './project-gateways.service';
import { ProjectViewersService } from './project-viewers.service';
import { ProjectsRepository } from './projects.repository';
import { projectRoutes } from './projects.routes';
import { ProjectsService } from './projects.service';

/** What the projects module is built from (see app.ts). */
export interface ProjectsModuleDeps {
  db: Db;
  tenancy: Tenancy;
  /** A project's gateways: summaries, links (gateways module). */
  gateways: GatewaysRepository;
  /** Viewers are existing accounts, added by e-mail. */
  users: Pick<UsersRepository, 'findByEmail'>;
  /** The team activity log (audit module). */
  record: RecordActivity;
}

/** Projects of a team, their gateways and viewers (document 3 §7, project service). */
export function createProjectsModule(d: ProjectsModuleDeps) {
  const repo = new ProjectsRepository(d.db);
  const deps = {
    projects: repo,
    gateways: d.gateways,
    users: d.users,
    access: d.tenancy.access,
    cache: d.tenancy.listCache,
    record: d.record,
  };
  const projects = new ProjectsService(deps);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(projectRoutes, {
      projects,
      links: new ProjectGatewaysService(deps, projects),
      viewers: new ProjectViewersService(deps, projects),
    });
  };
  return { repo, projects, routes };
}

export type ProjectsModule = ReturnType<typeof createProjectsModule>;

import type { ProjectsModule } from '../modules/projects/projects.module';
import type { UsersModule } from '../modules/users/users.module';

export interface DemoViewersModules {
  projects: Pick<ProjectsModule, 'repo'>;
  users: Pick<UsersModule, 'repo'>;
}

/** The demo viewer account and the one project shared with it. */
export const DEMO_VIEWER = { email: 'viewer@atrium.demo', project: 'Villa Rose' } as const;

/**
 * A viewer-rank account reads only the projects it was added to (decision 0024): the demo
 * shares Villa Rose with viewer@atrium.demo, as its viewers dialog would.
 */
export async function seedDemoViewers(m: DemoViewersModules, teamId: string) {
  const viewer = await m.users.repo.findByEmail(DEMO_VIEWER.email);
  const project = (await m.projects.repo.listByTeam(teamId)).find(
    (p) => p.name === DEMO_VIEWER.project,
  );
  if (viewer && project) await m.projects.repo.addViewer(project.id, viewer.id);
}

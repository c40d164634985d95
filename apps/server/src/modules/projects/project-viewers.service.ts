import { AppError } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import type { ProjectsDeps, ProjectsService } from './projects.service';

const userNotFound = (emails: string[]) =>
  new AppError('userNotFound', 'No such account', { emails });

/**
 * Per-project viewers (document 2 §2, viewers dialog): existing accounts,
 * added by e-mail, who then read the project with the role viewer.
 */
export class ProjectViewersService {
  constructor(
    private readonly d: ProjectsDeps,
    private readonly projects: ProjectsService,
  ) {}

  async list(projectId: string) {
    const rows = await this.d.projects.listViewers(projectId);
    return rows.map((r) => ({ email: r.email, name: r.name }));
  }

  async add(caller: SessionUser, projectId: string, email: string) {
    const user = await this.d.users.findByEmail(email);
    if (!user) throw userNotFound([email]);
    await this.d.projects.addViewer(projectId, user.id);
    const project = await this.projects.mustFind(projectId);
    await this.projects.note(caller, 'projectViewer.add', project, { email: user.email });
    return this.list(projectId);
  }

  /** Removes the listed viewers; when one is not a viewer of the project, nothing is removed. */
  async remove(caller: SessionUser, projectId: string, emails: string[]) {
    const current = await this.d.projects.listViewers(projectId);
    const wanted = [...new Set(emails)];
    const missing = wanted.filter((e) => !current.some((v) => v.email === e));
    if (missing.length) throw userNotFound(missing);
    await this.d.projects.removeViewers(
      projectId,
      current.filter((v) => wanted.includes(v.email)).map((v) => v.id),
    );
    const project = await this.projects.mustFind(projectId);
    for (const email of wanted) {
      await this.projects.note(caller, 'projectViewer.remove', project, { email });
    }
    return this.list(projectId);
  }
}

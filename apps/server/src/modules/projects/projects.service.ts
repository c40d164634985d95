import { PROJECT_FEATURES, type ProjectItem, type ProjectRole } from '@atrium/contracts/project';
import type { ActivityAction, ActivityDetails } from '@atrium/contracts/activity';
import type { RecordActivity } from '../../lib/activity';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import type { UsersRepository } from '../users/users.repository';
import type { RevisionCache } from '../../lib/list-cache';
import type { ProjectAccess } from '../../lib/tenancy/project-access';
import { PreparedJson } from '../../lib/prepared-json';
import { groupSummaries, newProjectRow, toProjectItem } from './project-view';
import type { ProjectRow, ProjectsRepository } from './projects.repository';

export interface ProjectsDeps {
  projects: ProjectsRepository;
  gateways: GatewaysRepository;
  users: Pick<UsersRepository, 'findByEmail'>;
  access: ProjectAccess;
  cache: RevisionCache;
  /** The team activity log (audit module). */
  record: RecordActivity;
}

const EMPTY_LIST = Buffer.from('{"projects":[]}');

const nameInUse = () =>
  new AppError('projectNameAlreadyInUse', 'A project of the team already has this name');

/** Projects of a team: the list with the caller's role, create, rename, delete. */
export class ProjectsService {
  constructor(private readonly d: ProjectsDeps) {}

  /**
   * The caller's projects list as JSON: the team's projects (built once per
   * change of the team, see RevisionCache), then the projects the caller was
   * granted viewer on. Administrators see every project; a viewer-rank account only
   * the projects it was granted viewer on, its own team's included.
   */
  async listJson(user: SessionUser): Promise<PreparedJson> {
    if (user.rank === 'admin') {
      const items = await this.itemsJson(await this.d.projects.listAll(), 'owner');
      return new PreparedJson(Buffer.from(`{"projects":[${items}]}`), false);
    }
    if (user.rank === 'viewer') {
      // Only the projects it was added to, its team's included (decision 0024).
      const rows = await this.d.projects.listViewedBy(user.id, null);
      return new PreparedJson(
        Buffer.from(`{"projects":[${await this.itemsJson(rows, 'viewer')}]}`),
        false,
      );
    }
    const { revision, viewing } = await this.d.projects.listState(user.team, user.id);
    const team = await this.teamListJson(user, revision);
    const viewed = viewing ? await this.viewedItemsJson(user) : '';
    if (viewed === '') return team;
    // `{"projects":[...]}` with the viewed projects spliced in before the closing `]}`.
    const json = team.json;
    const sep = json.length > EMPTY_LIST.length ? ',' : '';
    const spliced = [json.subarray(0, json.length - 2), Buffer.from(`${sep}${viewed}]}`)];
    return new PreparedJson(Buffer.concat(spliced), false);
  }

  /** The team's projects as a whole `{"projects":[...]}` reply, cached per team revision and role. */
  private async teamListJson(user: SessionUser, revision: number) {
    const role: ProjectRole = 'owner';
    // Revision first, then data: a write in between only makes the entry refresh sooner.
    return this.d.cache.get(`projects:${user.team}:${role}`, revision, async () => {
      const [rows, summaries] = await Promise.all([
        this.d.projects.listByTeam(user.team),
        this.d.gateways.summariesOfTeam(user.team),
      ]);
      const byProject = groupSummaries(summaries);
      const items = rows.map((p) =>
        JSON.stringify(toProjectItem(p, byProject.get(p.id) ?? [], role)),
      );
      return new PreparedJson(Buffer.from(`{"projects":[${items.join(',')}]}`));
    });
  }

  private async viewedItemsJson(user: SessionUser) {
    return this.itemsJson(await this.d.projects.listViewedBy(user.id, user.team), 'viewer');
  }

  private async itemsJson(rows: ProjectRow[], role: ProjectRole) {
    if (rows.length === 0) return '';
    const summaries = await this.d.gateways.summariesOfProjects(rows.map((p) => p.id));
    const byProject = groupSummaries(summaries);
    return rows
      .map((p) => JSON.stringify(toProjectItem(p, byProject.get(p.id) ?? [], role)))
      .join(',');
  }

  /** One project as the caller sees it (the route's scope already checked access). */
  async get(user: SessionUser, id: string): Promise<ProjectItem> {
    const [project, role] = await Promise.all([
      this.d.projects.findById(id),
      this.d.access.projectRole(user, id),
    ]);
    if (!project || !role) throw notFound('project');
    const summaries = groupSummaries(await this.d.gateways.summariesOfProjects([id]));
    return toProjectItem(project, summaries.get(id) ?? [], role);
  }

  features() {
    return [...PROJECT_FEATURES];
  }

  /** Creates a project in the caller's team; names are unique per team, case-insensitively. */
  async create(user: SessionUser, name: string): Promise<ProjectItem> {
    const row = newProjectRow(user.team, name);
    if (await this.d.projects.findByNameKey(user.team, row.name_key)) throw nameInUse();
    try {
      await this.d.projects.insert([row]);
    } catch (err) {
      // Two creations racing for one name: the unique index decides.
      if (await this.d.projects.findByNameKey(user.team, row.name_key)) throw nameInUse();
      throw err;
    }
    await this.note(user, 'project.create', row);
    return toProjectItem(row, [], 'owner');
  }

  async rename(user: SessionUser, id: string, name: string): Promise<ProjectItem> {
    const project = await this.mustFind(id);
    const nameKey = name.toLowerCase();
    const other = await this.d.projects.findByNameKey(project.team_id, nameKey);
    if (other && other.id !== id) throw nameInUse();
    try {
      await this.d.projects.update(project, { name, name_key: nameKey });
    } catch (err) {
      const again = await this.d.projects.findByNameKey(project.team_id, nameKey);
      if (again && again.id !== id) throw nameInUse();
      throw err;
    }
    if (name !== project.name) {
      await this.note(user, 'project.rename', { ...project, name }, { from: project.name });
    }
    return this.get(user, id);
  }

  /** Deletes the project; its gateways stay on the account, unlinked. */
  async remove(user: SessionUser, id: string): Promise<void> {
    const project = await this.mustFind(id);
    await this.d.projects.delete(project);
    await this.note(user, 'project.delete', project);
  }

  /** The team activity log: `user` did `action` on the project (in the project's team). */
  note(
    user: SessionUser,
    action: ActivityAction,
    project: { id: string; team_id: string; name: string },
    details?: ActivityDetails,
  ) {
    return this.d.record({
      team: project.team_id,
      actor: user,
      action,
      target: { kind: 'project', id: project.id, name: project.name },
      ...(details ? { details } : {}),
    });
  }

  async mustFind(id: string): Promise<ProjectRow> {
    const project = await this.d.projects.findById(id);
    if (!project) throw notFound('project');
    return project;
  }
}

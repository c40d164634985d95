import { parseMac } from '@atrium/contracts/gateway';
import type { ProjectRole } from '@atrium/contracts/project';
import type { ProjectTable } from '../../db/schema';
import type { Scope } from '../../permissions';
import { forbidden, notFound } from '../errors';
import type { SessionUser } from '../session-user';
import type { GatewayRef, ProjectAccessRepository } from './project-access.repository';

/**
 * The caller's role on a project (by id) or a gateway (by id or MAC), or null
 * when the caller has none: how plugins/auth.ts checks a route's scope.
 */
export type ScopeResolver = (user: SessionUser, ref: string) => Promise<ProjectRole | null>;
export type ScopeResolvers = Record<Scope['kind'], ScopeResolver>;

/** Kysely's EXISTS is a boolean on PostgreSQL and 0/1 on SQLite. */
const truthy = (v: unknown) => v === true || v === 1 || v === '1';

/** A gateway path parameter: a MAC in any accepted form, else an id. */
export const gatewayRef = (ref: string): GatewayRef => {
  const mac = parseMac(ref);
  return mac ? { mac } : { id: ref };
};

/**
 * Whether the user owns the team's projects and gateways: every rank but viewer. A
 * viewer-rank account reads only the projects it was added to (project_viewers), like a
 * viewer of another team (docs/decisions/0024-viewer-scope.md).
 */
const ownsTeam = (user: SessionUser, ...teams: (string | null)[]): boolean =>
  user.rank !== 'viewer' && teams.includes(user.team);

/**
 * Tenancy (ARCHITECTURE.md, "Security model"): a project belongs to a team;
 * administrators act on every project; the team's members but viewer rank own it;
 * a per-project viewer (of the team or not) reads it;
 * anybody else has no role and gets 404. Used by the permissions table's
 * scope check and by services for ids carried in a body.
 */
export class ProjectAccess {
  constructor(private readonly repo: ProjectAccessRepository) {}

  async projectRole(user: SessionUser, projectId: string): Promise<ProjectRole | null> {
    const row = await this.repo.projectAccessRow(projectId, user.id);
    if (!row) return null;
    if (user.rank === 'admin') return 'owner';
    if (ownsTeam(user, row.team_id)) return 'owner';
    return truthy(row.viewer) ? 'viewer' : null;
  }

  async gatewayRole(user: SessionUser, ref: string): Promise<ProjectRole | null> {
    const row = await this.repo.gatewayAccessRow(gatewayRef(ref), user.id);
    if (!row) return null;
    if (user.rank === 'admin') return 'owner';
    if (ownsTeam(user, row.team_id, row.project_team)) return 'owner';
    return truthy(row.viewer) || truthy(row.shared) ? 'viewer' : null;
  }

  /** The resolvers the auth plugin checks route scopes with. */
  resolvers(): ScopeResolvers {
    return {
      project: (user, id) => this.projectRole(user, id),
      gateway: (user, ref) => this.gatewayRole(user, ref),
    };
  }

  /** The same check as a route scope, for a project id carried in a body. */
  async requireProject(user: SessionUser, id: string, need: Scope['need']): Promise<ProjectTable> {
    const role = await this.projectRole(user, id);
    const project = role ? await this.repo.findProject(id) : undefined;
    if (!role || !project) throw notFound('project');
    if (need === 'edit' && role !== 'owner') throw forbidden();
    return project;
  }
}

/** Whether the user owns a gateway row: the same rule as gatewayRole's owner case. */
export const ownsGateway = (
  user: SessionUser,
  gw: { team_id: string | null; project_team: string | null },
): boolean => user.rank === 'admin' || ownsTeam(user, gw.team_id, gw.project_team);

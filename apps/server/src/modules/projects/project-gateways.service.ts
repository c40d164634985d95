import { linkedGatewayName } from '@atrium/contracts/gateway';
import { LIMITS } from '@atrium/contracts/limits';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import type { GatewayView } from '../gateways/gateways.repository';
import { ownsGateway } from '../../lib/tenancy/project-access';
import { isGatewayType } from '../../lib/tenancy/stored-values';
import type { ProjectsDeps, ProjectsService } from './projects.service';

/** 404 naming the MACs that are unknown or not the caller's: nothing was changed. */
const unknownMacs = (wanted: string[], found: GatewayView[]) =>
  new AppError('notFound', 'Gateway not found', {
    macs: wanted.filter((m) => !found.some((g) => g.mac === m)),
  });

/** Which gateways a project holds: link, unlink, names (document 3 §7). */
export class ProjectGatewaysService {
  constructor(
    private readonly d: ProjectsDeps,
    private readonly projects: ProjectsService,
  ) {}

  /**
   * Links the caller's gateways to the project (moving them from another
   * project if need be); names are cut to 20 characters. All or nothing.
   */
  async link(user: SessionUser, id: string, macs: string[]) {
    const project = await this.projects.mustFind(id);
    const wanted = [...new Set(macs)];
    const rows = (await this.d.gateways.findByMacs(wanted)).filter((g) => ownsGateway(user, g));
    if (rows.length !== wanted.length) throw unknownMacs(wanted, rows);
    await this.d.gateways.link(rows, project, LIMITS.gatewayNameLinkedMax);
    for (const g of rows.filter((r) => r.project_id !== id)) {
      await this.noteGateway(user, g.project_id ? 'gateway.move' : 'gateway.link', project, g);
    }
    return this.projects.get(user, id);
  }

  /** Removes gateways from the project; they stay on the account. All or nothing. */
  async unlink(user: SessionUser, id: string, macs: string[]) {
    const project = await this.projects.mustFind(id);
    const wanted = [...new Set(macs)];
    const rows = (await this.d.gateways.findByMacs(wanted)).filter((g) => g.project_id === id);
    if (rows.length !== wanted.length) throw unknownMacs(wanted, rows);
    await this.d.gateways.unlink(
      id,
      project.team_id,
      rows.map((g) => g.id),
    );
    for (const g of rows) await this.noteGateway(user, 'gateway.unlink', project, g);
    return this.projects.get(user, id);
  }

  /** The team activity log, in the project's team: the gateway joined, left or moved to it. */
  private noteGateway(
    user: SessionUser,
    action: 'gateway.link' | 'gateway.move' | 'gateway.unlink',
    project: { id: string; team_id: string; name: string },
    g: GatewayView,
  ) {
    return this.d.record({
      team: project.team_id,
      actor: user,
      action,
      target: { kind: 'gateway', id: g.mac, name: linkedGatewayName(g.name) },
      details: {
        project: project.name,
        projectId: project.id,
        ...(action === 'gateway.move' ? { from: g.project_name } : {}),
      },
    });
  }

  /** Name, MAC and type of the project's gateways. */
  async names(id: string) {
    const rows = await this.d.gateways.namesOfProject(id);
    return rows.flatMap((g) => (isGatewayType(g.type) ? [{ ...g, type: g.type }] : []));
  }
}

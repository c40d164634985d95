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
    return this.projects.get(user, id);
  }

  /** Name, MAC and type of the project's gateways. */
  async names(id: string) {
    const rows = await this.d.gateways.namesOfProject(id);
    return rows.flatMap((g) => (isGatewayType(g.type) ? [{ ...g, type: g.type }] : []));
  }
}

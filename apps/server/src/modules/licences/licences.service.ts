import { LICENCE_TYPES, type Licence, type LicenceType } from '@atrium/contracts/licence';
import type { RecordActivity } from '../../lib/activity';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import type { ProjectAccess } from '../../lib/tenancy/project-access';
import { formatAddons, parseAddons } from '../../lib/tenancy/stored-values';
import type { ProjectRow } from '../projects/projects.repository';
import type { ProjectsService } from '../projects/projects.service';
import { increment, type LicencesRepository, type ProjectEffect } from './licences.repository';

/** Keys are compared in uppercase, however they are typed. */
export const normaliseKey = (key: string) => key.trim().toUpperCase();

export const isLicenceType = (v: string): v is LicenceType => LICENCE_TYPES.some((t) => t === v);

const alreadyUsed = () => new AppError('licenceAlreadyUsed', 'This licence key was already used');

/** What a licence does to the project it is used on (see LICENCE_TYPES). */
function effectOf(licence: Licence, project: ProjectRow): ProjectEffect {
  const type = licence.type;
  switch (type) {
    case 'bossnx':
      return { licence_bossnx: 1 };
    case 'chartnx':
      return { licence_chartnx: increment('licence_chartnx', licence.value ?? 1) };
    case 'vpn':
      return { logger_vpn_licence: increment('logger_vpn_licence', licence.value ?? 0) };
    case 'emergynx':
    case 'klocknx':
      return { addons: formatAddons([...parseAddons(project.addons), type]) };
  }
}

/** Licence keys: check, use on a project, import (document 2 §7, document 3 §7). */
export class LicencesService {
  constructor(
    private readonly repo: LicencesRepository,
    private readonly access: ProjectAccess,
    private readonly projects: ProjectsService,
    private readonly record: RecordActivity,
  ) {}

  /** The licence behind a key: 404 serialKeyNotFound, 409 licenceAlreadyUsed. */
  async verify(key: string): Promise<Licence> {
    const row = await this.repo.find(normaliseKey(key));
    if (!row || !isLicenceType(row.type)) {
      throw new AppError('serialKeyNotFound', 'No licence has this key');
    }
    if (row.used_at !== null) throw alreadyUsed();
    return { key: row.key, type: row.type, value: row.value };
  }

  /** Uses the key on a project the caller owns and returns the project as it now is. */
  async use(user: SessionUser, key: string, projectId: string) {
    const project = await this.access.requireProject(user, projectId, 'edit');
    const row = await this.repo.find(normaliseKey(key));
    if (!row || !isLicenceType(row.type)) {
      throw new AppError('licenceNotFound', 'No licence has this key');
    }
    if (row.used_at !== null) throw alreadyUsed();
    const licence: Licence = { key: row.key, type: row.type, value: row.value };
    if (!(await this.repo.use(row.key, project, user.id, effectOf(licence, project)))) {
      throw alreadyUsed();
    }
    await this.record({
      team: project.team_id,
      actor: user,
      action: 'licence.apply',
      target: { kind: 'project', id: project.id, name: project.name },
      // The key's end only: enough to find it, not to read it back whole.
      details: { type: licence.type, value: licence.value, key: `…${licence.key.slice(-4)}` },
    });
    return { licence, project: await this.projects.get(user, project.id) };
  }
}

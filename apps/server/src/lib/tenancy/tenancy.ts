import type { Db } from '../../db/database';
import { RevisionCache } from '../list-cache';
import { ProjectAccess } from './project-access';
import { ProjectAccessRepository } from './project-access.repository';

/**
 * What every module that serves projects or gateways shares: the tenancy checks, and one
 * cache of prepared lists (keys are per module and team; see list-cache.ts).
 */
export function createTenancy(db: Db) {
  return {
    access: new ProjectAccess(new ProjectAccessRepository(db)),
    listCache: new RevisionCache(),
  };
}

export type Tenancy = ReturnType<typeof createTenancy>;

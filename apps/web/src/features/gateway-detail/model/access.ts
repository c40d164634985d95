import type { ProjectRole } from '@atrium/contracts/project';
import type { SessionClaims } from '@atrium/contracts/user';
import { isAdmin, isPartner } from '../../../lib/session/permissions';

/** What the signed-in user may do on the detail screen (spec §6). */
export interface DetailAccess {
  isAdmin: boolean;
  /** Admin or a partner-domain e-mail: flow-editor modules and ID change, custom proxy. */
  isAdminOrPartner: boolean;
  /** The viewer rank, or the viewer role on the project (or the role not known yet). */
  readOnly: boolean;
}

export function detailAccess(
  user: Pick<SessionClaims, 'rank' | 'email'>,
  role: ProjectRole | undefined,
  partnerDomains: readonly string[],
): DetailAccess {
  const admin = isAdmin(user.rank);
  const partner = partnerDomains.some((domain) => isPartner(user.email, domain));
  return {
    isAdmin: admin,
    isAdminOrPartner: admin || partner,
    readOnly: user.rank === 'viewer' || role !== 'owner',
  };
}

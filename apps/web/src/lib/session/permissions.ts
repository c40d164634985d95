import type { Rank } from '@atrium/contracts/limits';
import type { ProjectRole } from '@atrium/contracts/project';

/**
 * The console side of the permissions table (spec document 1 §6, document 2 §6).
 * The server enforces the same rules; the console only hides what would be refused
 * (a refused call answers 403, which signs the user out).
 */
interface User {
  rank: Rank;
  email: string;
  team: string;
}

const ranks =
  (...allowed: Rank[]) =>
  (rank: Rank) =>
    allowed.includes(rank);

export const isAdmin = ranks('admin');
export const canAddProject = ranks('supervisor', 'manager', 'user');
export const canDeleteProject = ranks('admin', 'supervisor', 'manager');
export const canManageAccounts = ranks('supervisor', 'manager');
/** Add waiting gateways and add licences (CSV imports). */
export const canImportCsv = ranks('admin');

/** The team whose projects have no subscriptions (spec §6). */
const NO_SUBSCRIPTION_TEAM = 'custhome';

export function canManageSubscriptions(user: User): boolean {
  return canManageAccounts(user.rank) && user.team !== NO_SUBSCRIPTION_TEAM;
}

/** Changes a project or its gateways: an owner role, never the viewer rank. */
export function canEditProject(rank: Rank, role: ProjectRole): boolean {
  return rank !== 'viewer' && role === 'owner';
}

export function isPartner(email: string, partnerDomain: string | undefined): boolean {
  return !!partnerDomain && email.toLowerCase().endsWith(`@${partnerDomain.toLowerCase()}`);
}

interface Licences {
  bossnx: number;
  chartnx: number;
}

/** Boss dashboard: partner-domain e-mail, admin, or the project's bossnx licence. */
export function canOpenBoss(user: User, licences: Licences, partnerDomain?: string): boolean {
  return isPartner(user.email, partnerDomain) || isAdmin(user.rank) || licences.bossnx === 1;
}

/** Chart dashboards: the same users, or a project with chart dashboards licensed. */
export function canOpenCharts(user: User, licences: Licences, partnerDomain?: string): boolean {
  return isPartner(user.email, partnerDomain) || isAdmin(user.rank) || licences.chartnx >= 1;
}

/**
 * The flow-editor modules page, /node-red (document 1 §6): administrators, and users of a
 * partner e-mail domain who may change gateways (never the viewer rank; decision 0036).
 */
export function canOpenFlowEditorModules(user: User, partnerDomains: readonly string[]): boolean {
  if (isAdmin(user.rank)) return true;
  return user.rank !== 'viewer' && partnerDomains.some((d) => isPartner(user.email, d));
}

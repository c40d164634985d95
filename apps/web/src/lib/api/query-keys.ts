/**
 * TanStack Query keys shared by features: a change to a gateway also changes the
 * projects list (online indicator, gateways summary), so both features invalidate both.
 */
export const QUERY_KEYS = {
  projects: ['projects'] as const,
  project: (id: string) => ['projects', 'one', id] as const,
  gateways: ['gateways'] as const,
  projectGateways: (projectId: string) => ['gateways', 'project', projectId] as const,
  accountGateways: ['gateways', 'account'] as const,
  gateway: (id: string) => ['gateways', 'one', id] as const,
  latestVersions: ['latestVersions'] as const,
};

import type { GatewayType } from '@atrium/contracts/limits';

/**
 * The projects list, filtered through its query string when the filter exists there:
 * `online` takes the list's online levels (2 all, 1 some, 0 none), `types` gateway types.
 */
export function projectsListUrl(filter: { online?: string[]; types?: GatewayType[] } = {}) {
  const params = new URLSearchParams();
  if (filter.online?.length) params.set('online', filter.online.join(','));
  if (filter.types?.length) params.set('types', filter.types.join(','));
  const query = params.toString();
  return query ? `/projects/list?${query}` : '/projects/list';
}

import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { GatewayDetails, GatewayItem } from '@atrium/contracts/gateway';
import { patchDetails, patchItem, patchItems, type GatewayEvent } from './cache-patches';

/** Projects whose gateways someone looks at: an observed project or project-gateways query. */
export function watchedProjects(
  queries: readonly Pick<Query, 'queryKey' | 'getObserversCount'>[],
): Set<string> {
  const projects = new Set<string>();
  for (const query of queries) {
    if (query.getObserversCount() === 0) continue;
    const [root, kind, id] = query.queryKey;
    if (typeof id !== 'string') continue;
    if ((root === 'gateways' && kind === 'project') || (root === 'projects' && kind === 'one')) {
      projects.add(id);
    }
  }
  return projects;
}

/**
 * What an event changes in one cached query: a project's gateway table
 * (`gateways/project/{id}`), one gateway (`gateways/one/{id}`) or its info
 * (`gateways/details/{id}`); other data is returned as it is.
 */
function patchQueryData(key: QueryKey, data: unknown, e: GatewayEvent): unknown {
  if (typeof data !== 'object' || data === null || key[0] !== 'gateways') return data;
  // These keys hold what their fetchers stored, checked by zod when fetched.
  switch (key[1]) {
    case 'project':
      return key[2] === e.event.project && Array.isArray(data)
        ? patchItems(data as GatewayItem[], e)
        : data;
    case 'one':
      return patchItem(data as GatewayItem, e);
    case 'details':
      return patchDetails(data as GatewayDetails, e);
    default:
      return data;
  }
}

const isGatewayQuery = (key: QueryKey) =>
  key[0] === 'gateways' && (key[1] === 'project' || key[1] === 'one' || key[1] === 'details');

/** Patches the cached gateway table, gateway and info of the detail screen with one event. */
export function applyGatewayEvent(client: QueryClient, e: GatewayEvent): void {
  for (const query of client
    .getQueryCache()
    .findAll({ predicate: (q) => isGatewayQuery(q.queryKey) })) {
    const before = query.state.data;
    const after = patchQueryData(query.queryKey, before, e);
    if (after !== before) client.setQueryData(query.queryKey, after);
  }
}

/**
 * A poll may answer with what the server stored just before an event (it
 * commits a moment later): the events of the last moments are applied again
 * on top of what a fetch brought, so a short-lived state (booting) is not lost.
 */
export function reapplyEvents(
  client: QueryClient,
  query: Pick<Query, 'queryKey'>,
  events: readonly GatewayEvent[],
) {
  const key = query.queryKey;
  if (!isGatewayQuery(key) || events.length === 0) return;
  const before = client.getQueryData(key);
  const after = events.reduce((data, e) => patchQueryData(key, data, e), before);
  if (after !== before) client.setQueryData(key, after);
}

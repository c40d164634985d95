import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { GatewayDetails, GatewayItem } from '@atrium/contracts/gateway';
import { readQueryKey } from '../api/query-keys';
import { patchDetails, patchItem, patchItems, type GatewayEvent } from './cache-patches';

/** Projects whose gateways someone looks at: an observed project or project-gateways query. */
export function watchedProjects(
  queries: readonly Pick<Query, 'queryKey' | 'getObserversCount'>[],
): Set<string> {
  const projects = new Set<string>();
  for (const query of queries) {
    if (query.getObserversCount() === 0) continue;
    const key = readQueryKey(query.queryKey);
    if (key?.kind === 'projectGateways' || key?.kind === 'project') projects.add(key.id);
  }
  return projects;
}

/**
 * What an event changes in one cached query: a project's gateway table
 * (QUERY_KEYS.projectGateways), one gateway (QUERY_KEYS.gateway) or its info
 * (QUERY_KEYS.gatewayDetails); other data is returned as it is.
 */
function patchQueryData(key: QueryKey, data: unknown, e: GatewayEvent): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const named = readQueryKey(key);
  // These keys hold what their fetchers stored, checked by zod when fetched.
  switch (named?.kind) {
    case 'projectGateways':
      return named.id === e.event.project && Array.isArray(data)
        ? patchItems(data as GatewayItem[], e)
        : data;
    case 'gateway':
      return patchItem(data as GatewayItem, e);
    case 'gatewayDetails':
      return patchDetails(data as GatewayDetails, e);
    case 'project':
    case undefined:
      return data;
  }
}

const isGatewayQuery = (key: QueryKey) => {
  const kind = readQueryKey(key)?.kind;
  return kind === 'projectGateways' || kind === 'gateway' || kind === 'gatewayDetails';
};

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

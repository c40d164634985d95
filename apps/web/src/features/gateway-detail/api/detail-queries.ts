import { useQuery } from '@tanstack/react-query';
import { gatewayDetails, gatewayReply } from '@atrium/contracts/gateway';
import { LIMITS } from '@atrium/contracts/limits';
import { projectReply } from '@atrium/contracts/project';
import { latestVersionsReply } from '@atrium/contracts/version';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { gatewayDetailsKey } from '../../../lib/realtime/keys';

const enc = encodeURIComponent;

// Same keys and data shapes as the gateway table's queries: both screens share the cache,
// and the live updates patch it (lib/realtime).

/** The gateway (name, type, version, step…), refreshed every 5 s (spec §2). */
export function useGatewayItem(id: string) {
  return useQuery({
    queryKey: QUERY_KEYS.gateway(id),
    queryFn: ({ signal }) =>
      api
        .get(`/api/gateway/gateway/${enc(id)}`, { schema: gatewayReply, signal })
        .then((r) => r.gateway),
    refetchInterval: LIMITS.gatewayRefreshMs,
  });
}

/** The info table (spec §3, Gateway info), refreshed every 5 s. */
export function useGatewayDetails(id: string) {
  return useQuery({
    queryKey: gatewayDetailsKey(id),
    queryFn: ({ signal }) =>
      api.get(`/api/gateway/details/${enc(id)}`, { schema: gatewayDetails, signal }),
    refetchInterval: LIMITS.gatewayRefreshMs,
  });
}

/** The project, for the caller's role on it (owner or viewer). */
export function useProjectOf(id: string) {
  return useQuery({
    queryKey: QUERY_KEYS.project(id),
    queryFn: ({ signal }) =>
      api.get(`/api/project/${enc(id)}`, { schema: projectReply, signal }).then((r) => r.project),
    refetchInterval: LIMITS.projectRefreshMs,
  });
}

/** Reference firmware per gateway type. */
export function useLatestVersions() {
  return useQuery({
    queryKey: QUERY_KEYS.latestVersions,
    queryFn: ({ signal }) =>
      api.get('/api/information/version', { schema: latestVersionsReply, signal }),
    staleTime: 10 * 60_000,
  });
}

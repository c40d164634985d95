import { queryOptions } from '@tanstack/react-query';
import { gatewayDetails, gatewayReply } from '@atrium/contracts/gateway';
import { LIMITS } from '@atrium/contracts/limits';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';

const enc = encodeURIComponent;

// The live updates patch both (lib/realtime); a poll answered just before an event gets the
// event applied again (decision 0008).

/** The gateway (name, type, version, step…), refreshed every 5 s (spec §2). */
export const gatewayQuery = (id: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.gateway(id),
    queryFn: ({ signal }) =>
      api
        .get(`/api/gateway/gateway/${enc(id)}`, { schema: gatewayReply, signal })
        .then((r) => r.gateway),
    refetchInterval: LIMITS.gatewayRefreshMs,
  });

/** The info table (spec §3, Gateway info), refreshed every 5 s. */
export const gatewayDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.gatewayDetails(id),
    queryFn: ({ signal }) =>
      api.get(`/api/gateway/details/${enc(id)}`, { schema: gatewayDetails, signal }),
    refetchInterval: LIMITS.gatewayRefreshMs,
  });

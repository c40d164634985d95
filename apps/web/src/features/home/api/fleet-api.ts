import { queryOptions } from '@tanstack/react-query';
import { fleetSummaryReply } from '@atrium/contracts/fleet';
import { recentGatewayEventsReply } from '@atrium/contracts/gateway-events';
import { LIMITS } from '@atrium/contracts/limits';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';

/** How many of the latest gateway events the home shows. */
export const HOME_EVENTS = 10;

/** The fleet home's calls (issue 16). */
export const fleetApi = {
  summary: (signal?: AbortSignal) =>
    api.get('/api/fleet/summary', { schema: fleetSummaryReply, signal }),
  recentEvents: (signal?: AbortSignal) =>
    api
      .get('/api/gateway-events', {
        schema: recentGatewayEventsReply,
        query: { limit: HOME_EVENTS },
        signal,
      })
      .then((r) => r.events),
};

/** The fleet summary, refreshed every 60 s like the projects list. */
export const fleetSummaryQuery = () =>
  queryOptions({
    queryKey: QUERY_KEYS.fleetSummary,
    queryFn: ({ signal }) => fleetApi.summary(signal),
    refetchInterval: LIMITS.projectRefreshMs,
  });

/** The latest events across the caller's gateways, refreshed with the summary. */
export const fleetEventsQuery = () =>
  queryOptions({
    queryKey: QUERY_KEYS.fleetEvents,
    queryFn: ({ signal }) => fleetApi.recentEvents(signal),
    refetchInterval: LIMITS.projectRefreshMs,
  });

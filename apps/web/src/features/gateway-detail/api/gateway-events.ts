import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import {
  gatewayEventsReply,
  gatewayUptimeReply,
  type GatewayEvent,
  type GatewayEventKind,
  type GatewayEventsReply,
} from '@atrium/contracts/gateway-events';
import { api } from '../../../lib/api/client';
import { QUERY_KEYS } from '../../../lib/api/query-keys';

const enc = encodeURIComponent;

/** Events per page of a gateway's history. */
export const EVENTS_PAGE_SIZE = 30;

/** A gateway's history, newest first, a page at a time (`next` is the cursor of the next one). */
export const gatewayEventsQuery = (mac: string, kind: GatewayEventKind | null) =>
  infiniteQueryOptions({
    queryKey: QUERY_KEYS.gatewayEventList(mac, kind),
    queryFn: ({ pageParam, signal }) =>
      api.get(`/api/gateway-events/${enc(mac)}`, {
        schema: gatewayEventsReply,
        query: {
          limit: EVENTS_PAGE_SIZE,
          ...(kind ? { kinds: kind } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next ?? null,
  });

/** The uptime over 24 h, 7 and 30 days (fractions, null when unknown). */
export const gatewayUptimeQuery = (mac: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.gatewayUptime(mac),
    queryFn: ({ signal }) =>
      api.get(`/api/gateway-events/${enc(mac)}/uptime`, { schema: gatewayUptimeReply, signal }),
  });

/** Puts a live event first in the loaded history, once (its id), if the filter shows it. */
export function prependEvent<T extends InfiniteData<GatewayEventsReply, unknown>>(
  data: T | undefined,
  event: GatewayEvent,
  kind: GatewayEventKind | null,
): T | undefined {
  if (!data || (kind && event.kind !== kind)) return data;
  if (data.pages.some((p) => p.events.some((e) => e.id === event.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, events: [event, ...first.events] }, ...rest] };
}

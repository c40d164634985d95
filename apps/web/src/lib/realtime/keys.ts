import { QUERY_KEYS } from '../api/query-keys';

/**
 * Query keys the live updates patch, besides the shared QUERY_KEYS: the info
 * table of a gateway's detail screen. Under `gateways`, so invalidating the
 * gateways invalidates it too.
 */
export const gatewayDetailsKey = (id: string) => [...QUERY_KEYS.gateways, 'details', id] as const;

/** Prefixes whose queries hold one gateway (GatewayItem) or its info (GatewayDetails). */
export const ONE_GATEWAY_PREFIX = [...QUERY_KEYS.gateways, 'one'] as const;
export const DETAILS_PREFIX = [...QUERY_KEYS.gateways, 'details'] as const;

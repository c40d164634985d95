import { formatMac, type GatewayItem } from '@atrium/contracts/gateway';
import type { GatewayType } from '@atrium/contracts/limits';

/** The types the table filters on (spec §2); grafnx gateways always show. */
export const FILTER_TYPES = [
  'poolnx',
  'kloudnx',
  'klocknx',
  'emergynx',
] as const satisfies readonly GatewayType[];
export const GATEWAY_STATUSES = ['online', 'offline'] as const;
type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

export interface GatewayFilters {
  search: string;
  types: GatewayType[];
  statuses: GatewayStatus[];
}

export const NO_GATEWAY_FILTERS: GatewayFilters = { search: '', types: [], statuses: [] };

export function hasGatewayFilters(f: GatewayFilters): boolean {
  return f.search.trim() !== '' || f.types.length > 0 || f.statuses.length > 0;
}

type Row = Pick<GatewayItem, 'name' | 'mac' | 'sn' | 'type' | 'online'>;

/** Search on name, MAC (typed with or without separators) or serial number. */
function matchesSearch(gw: Row, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const bareQuery = q.replace(/[:\-\s]/g, '');
  return (
    gw.name.toLowerCase().includes(q) ||
    gw.sn.toLowerCase().includes(q) ||
    (bareQuery !== '' && gw.mac.toLowerCase().includes(bareQuery)) ||
    formatMac(gw.mac).toLowerCase().includes(q)
  );
}

export function filterGateways<G extends Row>(gateways: readonly G[], f: GatewayFilters): G[] {
  return gateways.filter(
    (gw) =>
      matchesSearch(gw, f.search) &&
      (f.types.length === 0 || f.types.includes(gw.type)) &&
      (f.statuses.length === 0 || f.statuses.includes(gw.online ? 'online' : 'offline')),
  );
}

/** "online/total" of the header (spec §2). */
export function onlineCount(gateways: readonly Pick<GatewayItem, 'online'>[]): string {
  return `${gateways.filter((g) => g.online).length}/${gateways.length}`;
}

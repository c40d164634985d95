import { z } from 'zod';
import type { GatewayItem } from '@atrium/contracts/gateway';
import { local, STORAGE_KEYS } from '../../lib/storage';

const SORT_PROPERTIES = ['name', 'type', 'online', 'version', 'mac', 'sn'] as const;
export type SortProperty = (typeof SORT_PROPERTIES)[number];

const sortSchema = z.object({
  property: z.enum(SORT_PROPERTIES),
  direction: z.enum(['asc', 'desc']),
});
export type GatewaySort = z.infer<typeof sortSchema>;

/** Default sort: by name (spec §9). */
export const DEFAULT_SORT: GatewaySort = { property: 'name', direction: 'asc' };

/** The saved preference under `sort`, or the default when missing or unreadable. */
export function parseSort(saved: string | null): GatewaySort {
  if (!saved) return DEFAULT_SORT;
  try {
    const parsed = sortSchema.safeParse(JSON.parse(saved));
    return parsed.success ? parsed.data : DEFAULT_SORT;
  } catch {
    return DEFAULT_SORT;
  }
}

export const readSort = () => parseSort(local.get(STORAGE_KEYS.sort));
export const saveSort = (sort: GatewaySort) => local.set(STORAGE_KEYS.sort, JSON.stringify(sort));

/** Clicking a header: the same column flips the direction, another one sorts ascending. */
export function nextSort(current: GatewaySort, property: SortProperty): GatewaySort {
  if (current.property !== property) return { property, direction: 'asc' };
  return { property, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

type Row = Pick<GatewayItem, SortProperty>;

function compareBy(property: SortProperty, a: Row, b: Row): number {
  switch (property) {
    case 'online':
      return Number(b.online) - Number(a.online);
    case 'version':
      return collator.compare(a.version ?? '', b.version ?? '');
    case 'name':
    case 'type':
    case 'mac':
    case 'sn':
      return collator.compare(a[property], b[property]);
  }
}

/** A sorted copy; ties keep the order by name, so rows never jump around on refresh. */
export function sortGateways<G extends Row>(gateways: readonly G[], sort: GatewaySort): G[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...gateways].sort(
    (a, b) => sign * compareBy(sort.property, a, b) || collator.compare(a.name, b.name),
  );
}

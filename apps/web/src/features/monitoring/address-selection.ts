import type { z } from 'zod';
import type { gatewayEtsAddress, gatewayEtsReply } from '@atrium/contracts/monitoring';

export type GatewayEtsAddress = z.infer<typeof gatewayEtsAddress>;
export type GatewayEts = z.infer<typeof gatewayEtsReply>;

/** Why an address cannot be ticked now: the server's reasons, or the plan's maximum. */
export type BlockReason = NonNullable<GatewayEtsAddress['disabled']> | 'maxAddress';

/** Addresses the project records on other gateways count against the plan's maximum too. */
export function remainingSlots(ets: Pick<GatewayEts, 'cpt' | 'total' | 'max'>, selected: number) {
  return ets.max - (ets.total - ets.cpt) - selected;
}

/**
 * Whether an address can be changed (spec document 2 §5): DPT main types 1-21,
 * 232, 237, 238 only, not recorded by another gateway, and within the maximum
 * (an address already ticked can always be unticked).
 */
export function blockReason(
  a: GatewayEtsAddress,
  selected: ReadonlySet<string>,
  remaining: number,
): BlockReason | null {
  if (selected.has(a.address)) return null;
  if (a.disabled) return a.disabled;
  return remaining <= 0 ? 'maxAddress' : null;
}

/**
 * Ticks every free address of a group, up to the remaining slots, or unticks the
 * group when all its free addresses are ticked already.
 */
export function toggleGroup(
  addresses: readonly GatewayEtsAddress[],
  selected: ReadonlySet<string>,
  remaining: number,
): Set<string> {
  const next = new Set(selected);
  const free = addresses.filter((a) => !a.disabled || selected.has(a.address));
  if (free.length > 0 && free.every((a) => selected.has(a.address))) {
    for (const a of free) next.delete(a.address);
    return next;
  }
  let left = remaining;
  for (const a of free) {
    if (next.has(a.address)) continue;
    if (left <= 0) break;
    next.add(a.address);
    left--;
  }
  return next;
}

/** The group's tick state: all, some or none of its addresses ticked. */
export function groupState(addresses: readonly GatewayEtsAddress[], selected: ReadonlySet<string>) {
  const count = addresses.filter((a) => selected.has(a.address)).length;
  return {
    checked: count > 0 && count === addresses.length,
    indeterminate: count > 0 && count < addresses.length,
  };
}

/** Matches an address or a name, case- and accent-insensitive. */
export function matchesSearch(a: GatewayEtsAddress, search: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const q = fold(search.trim());
  return !q || fold(a.address).includes(q) || fold(a.name).includes(q);
}

/** The tree with only the addresses matching the search (groups left empty are kept, empty). */
export function filterTree(
  tree: GatewayEts['ets']['file'],
  search: string,
): GatewayEts['ets']['file'] {
  if (!search.trim()) return tree;
  return tree.map((main) => ({
    ...main,
    middles: main.middles.map((m) => ({
      ...m,
      addresses: m.addresses.filter((a) => matchesSearch(a, search)),
    })),
  }));
}

import type { EtsTree, gatewayEtsAddress } from '@atrium/contracts/monitoring';
import type { z } from 'zod';
import { disabledReason } from './monitored-rules';

type GatewayEtsAddress = z.infer<typeof gatewayEtsAddress>;

/** The ETS tree with, per address, the gateway's own choice and what disables the rest. */
export type GatewayEtsTree = {
  main: number;
  name: string;
  middles: { middle: number; name: string; addresses: GatewayEtsAddress[] }[];
}[];

/**
 * Annotates a project's ETS tree for one gateway's monitored-addresses dialog:
 * `owners` maps each monitored address of the project to the MAC recording it.
 */
export function annotateTree(
  tree: EtsTree,
  mac: string,
  owners: ReadonlyMap<string, string>,
): GatewayEtsTree {
  return tree.map((main) => ({
    ...main,
    middles: main.middles.map((middle) => ({
      ...middle,
      addresses: middle.addresses.map((entry) => {
        const owner = owners.get(entry.address);
        const usedBy = owner !== undefined && owner !== mac ? owner : null;
        return {
          ...entry,
          monitored: owner === mac,
          usedBy,
          // Its own addresses stay selectable, so they can always be unticked.
          disabled: owner === mac ? null : disabledReason(entry, usedBy),
        };
      }),
    })),
  }));
}

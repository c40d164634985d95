import { isMonitorable } from '@atrium/knx/dpt-catalogue';
import { formatDpt, tryParseDpt } from '@atrium/knx/dpt-id';
import { convertGroupAddress } from '@atrium/knx/group-address';
import type { DISABLED_REASONS, EtsAddress, MonitoredAddress } from '@atrium/contracts/monitoring';
import { AppError } from '../../lib/errors';

/** One address as the caller sent it. */
export interface MonitorInput {
  address: string;
  dpt?: string | undefined;
  name?: string | undefined;
}

/** Why an address cannot be picked: a spec error code. */
export type DisabledReason = (typeof DISABLED_REASONS)[number];

/** The 3-level form of any accepted address form, or undefined when it is not an address. */
export function normalizeAddress(text: string): string | undefined {
  try {
    return convertGroupAddress(text);
  } catch {
    return undefined;
  }
}

/** The stored form of a DPT (`9.001`) when it may be monitored (main types 1-21, 232, 237, 238). */
export function monitorableDpt(text: string): string | undefined {
  const dpt = tryParseDpt(text);
  return dpt && isMonitorable(dpt) ? formatDpt(dpt) : undefined;
}

const refuse = (code: 'malformedAddress' | DisabledReason, addresses: string[]) =>
  new AppError(code, `${code}: ${addresses.join(', ')}`, { addresses });

/**
 * Checks and completes a gateway's list (document 2 §5): addresses in 3-level form
 * (else malformedAddress), a DPT from the request or else the ETS file (else
 * addressHasNoDpt) of a monitorable main type (else invalidDPT), the name from the
 * request or else the ETS file. A repeated address keeps its first entry.
 */
export function normalizeMonitorList(
  items: readonly MonitorInput[],
  ets: ReadonlyMap<string, EtsAddress>,
): MonitoredAddress[] {
  const malformed: string[] = [];
  const noDpt: string[] = [];
  const invalid: string[] = [];
  const out = new Map<string, MonitoredAddress>();
  for (const item of items) {
    const address = normalizeAddress(item.address);
    if (!address) {
      malformed.push(item.address);
      continue;
    }
    if (out.has(address)) continue;
    const fromFile = ets.get(address);
    const dptText = item.dpt?.trim() || fromFile?.dpt;
    const dpt = dptText ? monitorableDpt(dptText) : undefined;
    if (!dptText) noDpt.push(address);
    else if (!dpt) invalid.push(address);
    else out.set(address, { address, dpt, name: item.name?.trim() || fromFile?.name || '' });
  }
  if (malformed.length) throw refuse('malformedAddress', malformed);
  if (noDpt.length) throw refuse('addressHasNoDpt', noDpt);
  if (invalid.length) throw refuse('invalidDPT', invalid);
  return [...out.values()];
}

/**
 * The project-wide rules: no address recorded by two gateways (addressAlreadyUsed),
 * and at most the plan's maximum over the project (maxAddress).
 */
export function checkProjectRules(
  mine: readonly MonitoredAddress[],
  others: readonly { address: string }[],
  max: number,
): void {
  const taken = new Set(others.map((o) => o.address));
  const clash = mine.filter((m) => taken.has(m.address)).map((m) => m.address);
  if (clash.length) throw refuse('addressAlreadyUsed', clash);
  if (others.length + mine.length > max) {
    throw new AppError('maxAddress', `At most ${max} monitored addresses in this project`, {
      max,
    });
  }
}

/** Why the dialog cannot offer an ETS address to this gateway, or null when it can. */
export function disabledReason(entry: EtsAddress, usedBy: string | null): DisabledReason | null {
  if (!entry.dpt) return 'addressHasNoDpt';
  if (!monitorableDpt(entry.dpt)) return 'invalidDPT';
  return usedBy ? 'addressAlreadyUsed' : null;
}

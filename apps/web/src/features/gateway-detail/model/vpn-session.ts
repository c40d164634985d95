import { VPN_DELAYS_MS, VPN_UNLIMITED, type VpnStatusReply } from '@atrium/contracts/vpn';

/** The default delay of the remote connection dialog: 2 h (spec §9). */
export const DEFAULT_DELAY_MS = VPN_DELAYS_MS[0] ?? 7_200_000;

/** When a session ends: an instant (epoch ms), 'unlimited', or null when there is none. */
export type SessionEnd = number | 'unlimited' | null;

/**
 * Reads the `until` of a status or an ETS port: -1 (or "-1") means no end, "0" no session;
 * the server sends other instants as epoch-ms strings.
 */
export function sessionEnd(until: string | number): SessionEnd {
  const ms = Number(until);
  if (ms === VPN_UNLIMITED) return 'unlimited';
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

/** The tunnel is up: the gateway's pages and ETS are reachable. */
export const vpnOnline = (status: Pick<VpnStatusReply, 'online'> | undefined): boolean =>
  status?.online === 'true';

/**
 * The delays the dialog offers, in the spec's order: those the project allows (the server
 * limits them to its VPN hours; never empty, 2 h is always allowed). Administrators may open
 * any delay and one without end (decision 0017), which `allowed` does not list.
 */
export function delayChoices(allowed: readonly number[], isAdmin: boolean): number[] {
  if (isAdmin) return [...VPN_DELAYS_MS, VPN_UNLIMITED];
  const choices = VPN_DELAYS_MS.filter((delay) => allowed.includes(delay));
  return choices.length > 0 ? choices : [DEFAULT_DELAY_MS];
}

/** 2 h when offered, else the shortest delay offered. */
export function defaultDelay(choices: readonly number[]): number {
  return choices.includes(DEFAULT_DELAY_MS) ? DEFAULT_DELAY_MS : (choices[0] ?? DEFAULT_DELAY_MS);
}

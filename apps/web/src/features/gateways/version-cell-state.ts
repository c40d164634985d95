import type { GatewayItem } from '@atrium/contracts/gateway';
import type { LatestVersions } from '@atrium/contracts/version';
import { parseVersion, versionStatus, type VersionStatus } from '@atrium/contracts/version';

/** What the firmware cell of the gateway table shows (spec §2, "Row version cell"). */
export type VersionCell =
  /** An update runs: `percent` from a "n/m" step, null while only "updating". */
  | { kind: 'progress'; percent: number | null; label: string }
  | { kind: 'booting' }
  /** Offline with certificates or an update waiting: a red download icon. */
  | { kind: 'waiting'; reason: 'certs' | 'update' }
  | { kind: 'outdated'; version: string; latest: string }
  /** Initialised but its version is unknown: a clear icon. */
  | { kind: 'unknown' }
  | { kind: 'version'; version: string | null; status: VersionStatus | undefined };

type Gateway = Pick<
  GatewayItem,
  'type' | 'version' | 'online' | 'initialized' | 'waitingCerts' | 'waitingUpdate' | 'step'
>;

const isBooting = (step: Gateway['step']) => step === -1 || step === '-1';

function progressOf(step: string | number): VersionCell {
  const label = String(step);
  const m = /^(\d+)\s*\/\s*(\d+)$/.exec(label);
  const done = Number(m?.[1]);
  const total = Number(m?.[2]);
  const percent = m && total > 0 ? Math.min(100, Math.round((done / total) * 100)) : null;
  return { kind: 'progress', percent, label };
}

export function versionCellState(gw: Gateway, latest: LatestVersions | undefined): VersionCell {
  if (gw.step !== null && gw.step !== '' && !isBooting(gw.step)) return progressOf(gw.step);
  if (isBooting(gw.step)) return { kind: 'booting' };
  if (!gw.online && (gw.waitingCerts || gw.waitingUpdate)) {
    return { kind: 'waiting', reason: gw.waitingCerts ? 'certs' : 'update' };
  }
  const reference = latest?.[gw.type];
  const status = versionStatus(gw.type, gw.version, reference);
  if (status === 'outdated' && gw.version && reference) {
    return { kind: 'outdated', version: gw.version, latest: reference };
  }
  if (gw.initialized && !parseVersion(gw.version)) return { kind: 'unknown' };
  return { kind: 'version', version: gw.version, status };
}

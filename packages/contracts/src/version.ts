import { z } from 'zod';
import type { GatewayType } from './limits';
import { gatewayTypeSchema, versionSchema } from './gateway';

/** Version status of a gateway (document 1 §4). */
export type VersionStatus = 'EOL' | 'outdated' | 'beta' | 'uptodate';

/** Types whose firmware below major 7 is end of life (document 1 §9). */
export const EOL_TYPES: readonly GatewayType[] = ['poolnx', 'kloudnx'];
export const EOL_BELOW_MAJOR = 7;

/**
 * Reference versions until an administrator sets others with
 * POST /api/information/version; stored values override these.
 */
export const DEFAULT_LATEST_VERSIONS: Record<GatewayType, string> = {
  poolnx: '7.6.0',
  kloudnx: '8.5.0',
  klocknx: '1.4.0',
  emergynx: '2.1.0',
  grafnx: '1.2.0',
};

/** Major and minor of "8.4.2", "v8.4", "8.5.0-beta"; undefined when unreadable. */
export function parseVersion(version: string | null | undefined) {
  const m = /^v?(\d+)\.(\d+)/i.exec(version?.trim() ?? '');
  if (!m?.[1] || !m[2]) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]) };
}

/** Whether `version` is `min` or above (major, then minor); false when unreadable. */
export function versionAtLeast(
  version: string | null | undefined,
  min: { major: number; minor: number },
): boolean {
  const v = parseVersion(version);
  if (!v) return false;
  return v.major !== min.major ? v.major > min.major : v.minor >= min.minor;
}

/**
 * The status rule of document 1 §4: EOL for poolnx and kloudnx below major 7;
 * otherwise a higher reference major gives outdated and a lower one beta; on
 * equal majors the minor decides likewise; equal means uptodate. Undefined
 * when the gateway's or the reference version is unknown.
 */
export function versionStatus(
  type: GatewayType,
  version: string | null | undefined,
  latest: string | null | undefined,
): VersionStatus | undefined {
  const own = parseVersion(version);
  if (!own) return undefined;
  if (EOL_TYPES.includes(type) && own.major < EOL_BELOW_MAJOR) return 'EOL';
  const ref = parseVersion(latest);
  if (!ref) return undefined;
  const diff = ref.major !== own.major ? ref.major - own.major : ref.minor - own.minor;
  if (diff > 0) return 'outdated';
  if (diff < 0) return 'beta';
  return 'uptodate';
}

/**
 * Whether the update action is enabled (document 1 §4 and §6): never for a
 * virtual gateway; for an EOL gateway only for administrators.
 */
export function updateAllowed(gw: {
  virtual: boolean | 0 | 1;
  status: VersionStatus | undefined;
  isAdmin: boolean;
}): boolean {
  if (gw.virtual === true || gw.virtual === 1) return false;
  if (gw.status === 'EOL') return gw.isAdmin;
  return true;
}

/** Latest version per gateway type (document 1 §3, "Latest versions"). */
export const latestVersionsReply = z.record(gatewayTypeSchema, z.string());
export type LatestVersions = z.infer<typeof latestVersionsReply>;

export const setVersionBody = z.strictObject({ type: gatewayTypeSchema, version: versionSchema });

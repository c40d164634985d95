import { parseVersion } from '@atrium/contracts/version';

/** Whether `version` is `min` or above (major, then minor); false when unreadable. */
export function versionAtLeast(
  version: string | null | undefined,
  min: { major: number; minor: number },
): boolean {
  const v = parseVersion(version);
  if (!v) return false;
  return v.major !== min.major ? v.major > min.major : v.minor >= min.minor;
}

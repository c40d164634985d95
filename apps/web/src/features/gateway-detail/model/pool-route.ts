import { parseVersion, type VersionStatus } from '@atrium/contracts/version';
import { DETAIL_LIMITS } from './constants';

/**
 * Which pool dialog a poolnx gateway opens (spec §4, Pool dialog routing):
 * below 7.0 the legacy dialog; outdated first offers an update; otherwise
 * (up to date, beta, or unknown) the current dialog.
 */
type PoolRoute = 'legacy' | 'offerUpdate' | 'current';

export function poolRoute(version: string | null, status: VersionStatus | undefined): PoolRoute {
  const parsed = parseVersion(version);
  if (parsed && parsed.major < DETAIL_LIMITS.poolLegacyBelowMajor) return 'legacy';
  if (status === 'EOL') return 'legacy';
  return status === 'outdated' ? 'offerUpdate' : 'current';
}

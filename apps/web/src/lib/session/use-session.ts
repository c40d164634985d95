import { useMemo, useSyncExternalStore } from 'react';
import type { SessionClaims } from '@atrium/contracts/user';
import { getToken, subscribeSession } from './session';
import { readValidClaims } from './token';

/** The signed-in user (re-rendered when the token changes), or null. */
export function useSession(): SessionClaims | null {
  const token = useSyncExternalStore(subscribeSession, getToken, () => null);
  return useMemo(() => readValidClaims(token, Date.now()), [token]);
}

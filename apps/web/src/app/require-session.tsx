import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { getSessionClaims, getToken, signOut } from '../lib/session/session';
import { useSession } from '../lib/session/use-session';

// setTimeout's largest delay (about 24.8 days).
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Route guard: the token must exist, decode and be unexpired, else disconnect
 * (spec §4). Checked again on every navigation and when the token expires.
 */
export function RequireSession() {
  const { pathname } = useLocation();
  const user = useSession();
  // Re-read on each navigation: the token may have expired since it was stored.
  const valid = user !== null && getSessionClaims() !== null;

  useEffect(() => {
    // A stored token that no longer holds: the session ended (said so); none: just leave.
    if (!valid) signOut(getToken() ? 'expired' : 'user');
  }, [valid, pathname]);

  useEffect(() => {
    if (!user) return;
    const delay = Math.min(Math.max(user.exp * 1000 - Date.now(), 0), MAX_DELAY_MS);
    const timer = setTimeout(() => signOut('expired'), delay);
    return () => clearTimeout(timer);
  }, [user]);

  return valid ? <Outlet /> : null;
}

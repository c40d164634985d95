import type { SessionClaims } from '@atrium/contracts/user';
import { session, STORAGE_KEYS } from '../storage';
import { readValidClaims } from './token';

type Listener = () => void;
/** Why the session ended: the user's choice, or the server refusing the token (401). */
export type SignOutReason = 'user' | 'expired';
type SignOutListener = (reason: SignOutReason) => void;
const changeListeners = new Set<Listener>();
const signOutListeners = new Set<SignOutListener>();
// When a session last ended because the server refused its token.
let expiredAt = Number.NEGATIVE_INFINITY;
/** How long the failures of the calls an expiry cut short stay silent. */
const EXPIRY_QUIET_MS = 3000;

function emit(listeners: Set<Listener>): void {
  for (const listener of [...listeners]) listener();
}

export function getToken(): string | null {
  return session.get(STORAGE_KEYS.token);
}

export function setToken(token: string): void {
  expiredAt = Number.NEGATIVE_INFINITY;
  session.set(STORAGE_KEYS.token, token);
  emit(changeListeners);
}

/** The signed-in user, or null when there is no usable session. */
export function getSessionClaims(nowMs = Date.now()): SessionClaims | null {
  return readValidClaims(getToken(), nowMs);
}

/**
 * Disconnect: clears the token and tells the app, which closes every dialog and
 * goes to /welcome (spec §4 Session). `expired` (a 401 on a signed-in call) is told once,
 * however many calls were refused.
 */
export function signOut(reason: SignOutReason = 'user'): void {
  const signedIn = getToken() !== null;
  if (reason === 'expired' && !signedIn) return;
  // A second sign-out of an already ended session (the route guard's) keeps the quiet time.
  if (reason === 'expired') expiredAt = Date.now();
  else if (signedIn) expiredAt = Number.NEGATIVE_INFINITY;
  session.remove(STORAGE_KEYS.token);
  emit(changeListeners);
  for (const listener of [...signOutListeners]) listener(reason);
}

/**
 * True just after the server ended the session: the other calls it refused meanwhile
 * fail too, and their generic errors would hide the one message that says why.
 */
export function sessionJustExpired(nowMs = Date.now()): boolean {
  return getToken() === null && nowMs - expiredAt < EXPIRY_QUIET_MS;
}

export function subscribeSession(listener: Listener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export function onSignOut(listener: SignOutListener): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

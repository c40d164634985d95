import type { SessionClaims } from '@atrium/contracts/user';
import { session, STORAGE_KEYS } from '../storage';
import { readValidClaims } from './token';

type Listener = () => void;
const changeListeners = new Set<Listener>();
const signOutListeners = new Set<Listener>();

function emit(listeners: Set<Listener>): void {
  for (const listener of [...listeners]) listener();
}

export function getToken(): string | null {
  return session.get(STORAGE_KEYS.token);
}

export function setToken(token: string): void {
  session.set(STORAGE_KEYS.token, token);
  emit(changeListeners);
}

/** The signed-in user, or null when there is no usable session. */
export function getSessionClaims(nowMs = Date.now()): SessionClaims | null {
  return readValidClaims(getToken(), nowMs);
}

/**
 * Disconnect: clears the token and tells the app, which closes every dialog and
 * goes to /welcome (spec §4 Session).
 */
export function signOut(): void {
  session.remove(STORAGE_KEYS.token);
  emit(changeListeners);
  emit(signOutListeners);
}

export function subscribeSession(listener: Listener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export function onSignOut(listener: Listener): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

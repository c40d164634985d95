import { useSyncExternalStore } from 'react';
import { GENERIC_ERROR_KEY } from '../api/error-key';
import { hasTranslation } from '../i18n/i18n';
import { notify } from '../../ui/snackbar';

/**
 * The last failed update per gateway (a refused firmware, a timeout…), as a
 * message key. Both the REST reply and the `gateway:update` event report the
 * same failure: the snackbar is shown once.
 */
const failures = new Map<string, { key: string; at: number }>();
const listeners = new Set<() => void>();
const SAME_FAILURE_MS = 15_000;

function emit() {
  for (const listener of [...listeners]) listener();
}

export function reportUpdateFailure(mac: string, code: string, now = Date.now()): void {
  const key = hasTranslation(code) ? code : GENERIC_ERROR_KEY;
  const previous = failures.get(mac);
  failures.set(mac, { key, at: now });
  emit();
  if (previous?.key === key && now - previous.at < SAME_FAILURE_MS) return;
  notify.error(key);
}

/** A new update started, or one finished: the old failure is no longer news. */
export function clearUpdateFailure(mac: string): void {
  if (failures.delete(mac)) emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The message key of the gateway's last failed update, or null. */
export function useUpdateFailure(mac: string): string | null {
  return useSyncExternalStore(subscribe, () => failures.get(mac)?.key ?? null);
}

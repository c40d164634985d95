/** Every key the console keeps in the browser's storage (spec §3 "Local storage keys"). */
export const STORAGE_KEYS = {
  /** Session token; lives in sessionStorage. */
  token: 'token',
  lang: 'lang',
  displayMode: 'displayMode',
  project: 'project',
  gateway: 'gateway',
  sort: 'sort',
  cookieConsent: 'cookieConsent',
  /** Information messages each user dismissed: JSON {userId: [messageId]} (decision 0027). */
  dismissedMessages: 'dismissedMessages',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage may be unavailable (privacy modes, sandboxed frames): never let that break the console.
function safely<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: StorageKey) => safely(() => localStorage.getItem(key), null),
  set: (key: StorageKey, value: string) =>
    safely(() => localStorage.setItem(key, value), undefined),
  remove: (key: StorageKey) => safely(() => localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: StorageKey) => safely(() => sessionStorage.getItem(key), null),
  set: (key: StorageKey, value: string) =>
    safely(() => sessionStorage.setItem(key, value), undefined),
  remove: (key: StorageKey) => safely(() => sessionStorage.removeItem(key), undefined),
};

/** Back to the project table: display mode 0 and no selected project or gateway (spec §4). */
export function resetProjectView(): void {
  local.set(STORAGE_KEYS.displayMode, '0');
  local.remove(STORAGE_KEYS.project);
  local.remove(STORAGE_KEYS.gateway);
}

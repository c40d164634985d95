import { closeSnackbar, enqueueSnackbar, type SnackbarKey, type VariantType } from 'notistack';
import { errorMessageKey, GENERIC_ERROR_KEY, type ErrorMessages } from '../lib/api/error-key';
import { translate } from '../lib/i18n/i18n';
import { getToken, onSignOut, sessionJustExpired, subscribeSession } from '../lib/session/session';

interface NotifyOptions {
  /** Interpolation values of the message. */
  values?: Record<string, unknown>;
  /** Milliseconds; defaults per variant (spec §8: errors and warnings 5 s, success 1 s). */
  duration?: number;
}

const DEFAULT_DURATION: Record<VariantType, number> = {
  error: 5000,
  warning: 5000,
  success: 1000,
  info: 3000,
  default: 3000,
};

/**
 * Where the snackbars stack (top-right, spec §2): below the top bar (64 px high), so that
 * none covers its Admin, language or account buttons (issue 16).
 */
export const SNACKBAR_CONTAINER_CLASS = 'atrium-snackbars';
export const SNACKBAR_TOP_PX = 72;

// Snackbars shown while signed out (sign-in pages): they are about signing in, and go once
// a session starts ("check your mails" must not stay over the console).
const signedOutKeys = new Set<SnackbarKey>();

function show(variant: VariantType, key: string, options: NotifyOptions = {}): void {
  // The calls an ended session cut short: "session ended" says it, not a generic error each.
  if (variant === 'error' && sessionJustExpired()) return;
  const shown = enqueueSnackbar(translate(key, options.values), {
    variant,
    autoHideDuration: options.duration ?? DEFAULT_DURATION[variant],
    onExited: (_node, exited) => signedOutKeys.delete(exited),
  });
  if (getToken() === null) signedOutKeys.add(shown);
}

subscribeSession(() => {
  if (getToken() === null) return;
  for (const key of signedOutKeys) closeSnackbar(key);
  signedOutKeys.clear();
});

/** Translated snackbars, top-right with an ok action. Pass message keys, not text. */
export const notify = {
  error: (key: string = GENERIC_ERROR_KEY, options?: NotifyOptions) => show('error', key, options),
  warning: (key: string, options?: NotifyOptions) => show('warning', key, options),
  success: (key: string, options?: NotifyOptions) => show('success', key, options),
  info: (key: string, options?: NotifyOptions) => show('info', key, options),
  /** Error snackbar for a failed call: the screen's message for its code, else the catalogue's. */
  apiError: (error: unknown, messages?: ErrorMessages, options?: NotifyOptions) =>
    show('error', errorMessageKey(error, messages), options),
};

// A session the server ended (401): one warning that says so, over the sign-in page.
onSignOut((reason) => {
  if (reason === 'expired') show('warning', 'sessionEnded', { duration: 8000 });
});

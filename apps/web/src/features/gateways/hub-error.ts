import { notify } from '../../ui/snackbar';

/**
 * Failure of a command that goes through the gateway hub (update, transfer): the
 * hub's own codes (gatewayOffline, gatewayBusy…) are shown; a 404 (unknown gateway,
 * or a server without the hub routes) and anything else give the generic `error`.
 */
export function notifyHubError(error: unknown): void {
  notify.apiError(error, { notFound: 'error' });
}

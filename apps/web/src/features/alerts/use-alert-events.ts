import { useEffect, useRef } from 'react';
import { ALERT_SOCKET_EVENT, alertSchema, type Alert } from '@atrium/contracts/alerts';

/**
 * Calls `onAlert` with each alert raised or cleared in `projectId`. The event comes in the
 * project's room, which the console joins while the project's query is on screen
 * (lib/realtime/cache-sync): the dialogs read that query. socket.io loads on demand.
 */
export function useAlertEvents(projectId: string, onAlert: (alert: Alert) => void): void {
  const handler = useRef(onAlert);
  useEffect(() => {
    handler.current = onAlert;
  });
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../../lib/realtime/socket').then(({ getSocket }) => {
      if (cancelled) return;
      const socket = getSocket();
      const listener = (raw: unknown) => {
        const parsed = alertSchema.safeParse(raw);
        if (parsed.success && parsed.data.project === projectId) handler.current(parsed.data);
      };
      socket.on(ALERT_SOCKET_EVENT, listener);
      stop = () => socket.off(ALERT_SOCKET_EVENT, listener);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [projectId]);
}

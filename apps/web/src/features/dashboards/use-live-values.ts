import { useEffect, useRef, useState } from 'react';
import {
  DASHBOARD_SOCKET_EVENTS,
  dashboardRevokedEvent,
  dashboardValuesEvent,
  type DashboardValuesEvent,
  type DashboardWatchRequest,
} from '@atrium/contracts/dashboards';
import { createSocket } from '../../lib/realtime/socket';

type Refusal = 'dashboardTokenInvalid' | 'dashboardTokenRevoked' | 'dashboardTokenExpired';
const REFUSALS: readonly string[] = [
  'dashboardTokenInvalid',
  'dashboardTokenRevoked',
  'dashboardTokenExpired',
];

/**
 * Live values of a dashboard (decision 0032): a shared viewer's socket joins its token's own
 * room (`auth: {dashboardToken}`); a signed-in console asks `dashboard:watch`. Each values
 * event goes to `onValues`; a revoked or expired link, or one refused at the handshake,
 * gives its code.
 */
export function useLiveValues(
  source: { token: string } | { watch: DashboardWatchRequest } | null,
  onValues: (event: DashboardValuesEvent) => void,
): Refusal | null {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const handler = useRef(onValues);
  handler.current = onValues;
  const key = source ? JSON.stringify(source) : null;

  useEffect(() => {
    if (!source) return;
    const shared = 'token' in source;
    const socket = shared
      ? createSocket({ forceNew: true, auth: { dashboardToken: source.token } })
      : createSocket({ forceNew: true });
    const watch = () => {
      if (!shared) socket.emit(DASHBOARD_SOCKET_EVENTS.watch, source.watch, () => undefined);
    };
    socket.on('connect', watch);
    socket.on(DASHBOARD_SOCKET_EVENTS.values, (raw: unknown) => {
      const parsed = dashboardValuesEvent.safeParse(raw);
      if (parsed.success) handler.current(parsed.data);
    });
    socket.on(DASHBOARD_SOCKET_EVENTS.revoked, (raw: unknown) => {
      const parsed = dashboardRevokedEvent.safeParse(raw);
      setRefusal(parsed.success ? parsed.data.code : 'dashboardTokenRevoked');
      socket.disconnect();
    });
    socket.on('connect_error', (error: Error) => {
      if (shared && REFUSALS.includes(error.message)) {
        setRefusal(error.message as Refusal);
        socket.disconnect();
      }
    });
    socket.connect();
    return () => {
      socket.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `source`
  }, [key]);

  return refusal;
}

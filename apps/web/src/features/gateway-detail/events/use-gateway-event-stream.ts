import { useEffect, useRef } from 'react';
import {
  GATEWAY_EVENT_SOCKET_EVENT,
  gatewayEvent,
  type GatewayEvent,
} from '@atrium/contracts/gateway-events';

/**
 * Calls `onEvent` with each new fact of the gateway `mac`'s history. The event comes in the
 * project's room, which the console joins while the project's query is on screen (the detail
 * page reads it). socket.io loads on demand.
 */
export function useGatewayEventStream(mac: string, onEvent: (event: GatewayEvent) => void): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../../../lib/realtime/socket').then(({ getSocket }) => {
      if (cancelled) return;
      const socket = getSocket();
      const listener = (raw: unknown) => {
        const parsed = gatewayEvent.safeParse(raw);
        if (parsed.success && parsed.data.mac === mac) handler.current(parsed.data);
      };
      socket.on(GATEWAY_EVENT_SOCKET_EVENT, listener);
      stop = () => socket.off(GATEWAY_EVENT_SOCKET_EVENT, listener);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [mac]);
}

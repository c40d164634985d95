import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERT_SOCKET_EVENT } from '@atrium/contracts/alerts';
import { invalidate } from '../../lib/api/invalidate';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { openAlertsQuery } from './api/projects-api';

const NONE: Readonly<Record<string, number>> = {};

/**
 * Open alerts per project id: polled with the projects list and fetched again on each
 * `project:alert` event the console receives (those of the project rooms it has joined).
 * Without the route or on an error, no badge shows.
 */
export function useOpenAlerts(): Readonly<Record<string, number>> {
  const queryClient = useQueryClient();
  const query = useQuery(openAlertsQuery());
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const refetch = () => void invalidate(queryClient, QUERY_KEYS.openAlerts);
    // socket.io loads on demand, as the live gateway updates do.
    void import('../../lib/realtime/socket').then(({ getSocket }) => {
      if (cancelled) return;
      const socket = getSocket();
      socket.on(ALERT_SOCKET_EVENT, refetch);
      stop = () => socket.off(ALERT_SOCKET_EVENT, refetch);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient]);
  return query.data ?? NONE;
}

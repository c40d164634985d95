import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Layout of the project screens: while one is shown, the console listens to
 * the live gateway events of the projects on screen (socket.io loads on demand).
 */
export function RealtimeOutlet() {
  const client = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./cache-sync').then(({ startRealtimeSync }) => {
      if (!cancelled) stop = startRealtimeSync(client);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [client]);
  return <Outlet />;
}

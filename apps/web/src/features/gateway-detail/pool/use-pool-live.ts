import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import {
  POOL_LIMITS,
  POOL_SOCKET_EVENTS,
  poolDataEvent,
  poolnxRoom,
  type PoolDataEvent,
  type PoolRefreshAnswer,
} from '@atrium/contracts/pool';
import { createSocket } from '../../../lib/realtime/socket';

/** Its own connection: closing it leaves the project rooms' socket alone. */
const openPoolSocket = (): Socket => createSocket({ forceNew: true });

export interface PoolLive {
  /** Joined the room `poolnx:{mac}`: values arrive live. */
  connected: boolean;
  data: PoolDataEvent | null;
  /** The refusal of the last join or refresh (a catalogue code), null when fine. */
  error: string | null;
  refresh: () => void;
}

/**
 * The live table (document 2 §4): its own socket joins `poolnx:{mac}`, asks a refresh at once,
 * then every 300,000 ms and on demand; `poolnx:data` replaces the values.
 */
export function usePoolLive(mac: string, connect: () => Socket = openPoolSocket): PoolLive {
  const [connected, setConnected] = useState(false);
  const [data, setData] = useState<PoolDataEvent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const socketRef = useRef<Socket | null>(null);

  const refresh = useCallback(() => {
    socketRef.current?.emit(POOL_SOCKET_EVENTS.refresh, { mac }, (answer: PoolRefreshAnswer) =>
      setError(answer.ok ? null : answer.code),
    );
  }, [mac]);

  useEffect(() => {
    const socket = connect();
    socketRef.current = socket;
    socket.on('connect', () => {
      socket.emit('join', poolnxRoom(mac), (answer: PoolRefreshAnswer) => {
        setConnected(answer.ok);
        setError(answer.ok ? null : answer.code);
        if (answer.ok) refresh();
      });
    });
    socket.on('disconnect', () => setConnected(false));
    socket.on(POOL_SOCKET_EVENTS.data, (raw: unknown) => {
      const parsed = poolDataEvent.safeParse(raw);
      if (parsed.success) setData(parsed.data);
    });
    socket.connect();
    const timer = setInterval(refresh, POOL_LIMITS.liveRefreshMs);
    return () => {
      clearInterval(timer);
      socket.disconnect();
      socketRef.current = null;
    };
  }, [mac, connect, refresh]);

  return { connected, data, error, refresh };
}

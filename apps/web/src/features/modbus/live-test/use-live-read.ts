import { useCallback, useEffect, useRef, useState } from 'react';
import type { ModbusReadArgs } from '@atrium/contracts/modbus';
import { createSocket } from '../../../lib/realtime/socket';
import { liveSocketOf, runLiveRead, type LiveOutcome, type LiveSocket } from './live-read';

export type LiveState = { kind: 'idle' } | { kind: 'reading' } | LiveOutcome;

/** Its own short-lived connection: closing it leaves the project rooms' socket alone. */
const openLiveSocket = (): LiveSocket =>
  liveSocketOf(createSocket({ forceNew: true, reconnection: false }));

/** One live read at a time; leaving the screen stops the one under way. */
export function useLiveRead(connect: () => LiveSocket = openLiveSocket) {
  const [state, setState] = useState<LiveState>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    (mac: string, read: ModbusReadArgs) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState({ kind: 'reading' });
      void runLiveRead(connect(), mac, read, controller.signal).then((outcome) => {
        if (!controller.signal.aborted) setState(outcome);
      });
    },
    [connect],
  );
  const reset = useCallback(() => {
    running.current?.abort();
    setState({ kind: 'idle' });
  }, []);
  return { state, start, reset };
}

import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { getToken, onSignOut } from '../session/session';

let socket: Socket | null = null;

/**
 * A socket.io connection as the console opens them (docs/gateway-protocol.md, "Console
 * events"): same origin, path /socket.io, the session token as `auth.token`, read again at
 * each (re)connection. Not connected until `connect()`. `options` adds to these (a short-lived
 * socket passes `forceNew`, so that closing it leaves the shared connection alone).
 */
export function createSocket(options: Partial<ManagerOptions & SocketOptions> = {}): Socket {
  return io({
    path: '/socket.io',
    auth: (send) => send({ token: getToken() ?? '' }),
    autoConnect: false,
    // WebSocket only: long-polling needs every request of a session on the same node,
    // and the server nodes sit behind a load balancer that need not be sticky.
    transports: ['websocket'],
    // Reconnect for ever with back-off: the 5 s / 60 s polling covers the gaps.
    reconnectionDelayMax: 30_000,
    ...options,
  });
}

/**
 * The console's one shared connection, for the project rooms (connected by ProjectRooms once
 * a project is on screen); sign-out closes it.
 */
export function getSocket(): Socket {
  socket ??= createSocket();
  return socket;
}

export function closeSocket(): void {
  socket?.disconnect();
  socket = null;
}

onSignOut(closeSocket);

import { io, type Socket } from 'socket.io-client';
import { getToken, onSignOut } from '../session/session';

let socket: Socket | null = null;

/**
 * The console's one socket.io connection (docs/gateway-protocol.md, "Console
 * events"): same origin, path /socket.io, the session token as `auth.token`.
 * The token is read again at each (re)connection; sign-out closes the socket.
 */
export function getSocket(): Socket {
  if (socket) return socket;
  socket = io({
    path: '/socket.io',
    auth: (send) => send({ token: getToken() ?? '' }),
    // Connected by ProjectRooms once a project is on screen.
    autoConnect: false,
    // WebSocket only: long-polling needs every request of a session on the same node,
    // and the server nodes sit behind a load balancer that need not be sticky.
    transports: ['websocket'],
    // Reconnect for ever with back-off: the 5 s / 60 s polling covers the gaps.
    reconnectionDelayMax: 30_000,
  });
  return socket;
}

export function closeSocket(): void {
  socket?.disconnect();
  socket = null;
}

onSignOut(closeSocket);

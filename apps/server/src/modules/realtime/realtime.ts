import type { Server as HttpServer } from 'node:http';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { joinRequest, SOCKET_EVENTS } from '@atrium/contracts/hub';
import type { SessionUser } from '../../plugins/auth';
import type { HubEvents } from '../hub/hub-events';
import type { ProjectAccess } from '../projects/project-access';
import type { SessionTokens } from '../users/session-tokens';
import type { UsersRepository } from '../users/users.repository';

export interface RealtimeDeps {
  httpServer: HttpServer;
  tokens: SessionTokens;
  users: UsersRepository;
  access: ProjectAccess;
  events: HubEvents;
  /** With several nodes: events reach sockets of every node through Redis. */
  redisUrl?: string | undefined;
  /** Every node receives the gateways' state topic (external broker). */
  everyNodeHearsPresence?: boolean;
  log?: { warn(obj: object, msg: string): void };
}

/** The running socket.io server and how to stop it (sockets, then the Redis clients). */
export interface Realtime {
  io: Server;
  close(): Promise<void>;
}

/**
 * Redis clients for the sharded adapter (SPUBLISH/SSUBSCRIBE, Redis 7+): in its
 * dynamic mode a node subscribes only to the rooms its own sockets are in, so a
 * project's events reach only the nodes where someone watches it.
 */
async function redisAdapter(url: string, log: RealtimeDeps['log']) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // A lost connection is retried by the client; it must not crash the process.
  for (const c of [pub, sub])
    c.on('error', (err: Error) => log?.warn({ err: err.message }, 'Redis error'));
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    adapter: createShardedAdapter(pub, sub, { subscriptionMode: 'dynamic' }),
    close: async () => {
      await Promise.all([pub.quit(), sub.quit()]).catch(() => {});
    },
  };
}

const handshake = z.object({ token: z.string().min(1).max(4096) });
const ack = z.custom<(reply: object) => void>((v) => typeof v === 'function');
const projectRoom = (id: string) => `project:${id}`;
const telegramRoom = (id: string) => `project:${id}:telegrams`;

/** The session token of the handshake, checked like a bearer token (revoked tokens refused). */
async function userOf(socket: Socket, d: RealtimeDeps): Promise<SessionUser | null> {
  const auth = handshake.safeParse(socket.handshake.auth);
  if (!auth.success) return null;
  const claims = await d.tokens.verify(auth.data.token);
  const row = claims ? await d.users.findById(claims.sub) : undefined;
  if (!claims || !row || row.token_version !== claims.ver) return null;
  return { id: row.id, email: row.email, name: row.name, rank: row.rank, team: row.team_id };
}

/**
 * socket.io on the server's HTTP port (path /socket.io): a client signs in with
 * its session token, joins the rooms of projects it may read, and receives the
 * hub's gateway events there (docs/gateway-protocol.md, "Console events").
 */
export async function startRealtime(d: RealtimeDeps): Promise<Realtime> {
  const redis = d.redisUrl ? await redisAdapter(d.redisUrl, d.log) : undefined;
  // destroyUpgrade off: WebSocket upgrades to /mqtt belong to the MQTT broker.
  const io = new Server(d.httpServer, {
    path: '/socket.io',
    serveClient: false,
    destroyUpgrade: false,
    ...(redis ? { adapter: redis.adapter } : {}),
  });
  const users = new WeakMap<Socket, SessionUser>();
  io.use((socket, next) => {
    userOf(socket, d).then(
      (user) => {
        if (!user) return next(new Error('unauthorized'));
        users.set(socket, user);
        next();
      },
      () => next(new Error('unauthorized')),
    );
  });
  io.on('connection', (socket) => {
    socket.on('join', async (raw: unknown, reply: unknown) => {
      const parsedAck = ack.safeParse(reply);
      const answer = parsedAck.success ? parsedAck.data : () => {};
      const req = joinRequest.safeParse(raw);
      const user = users.get(socket);
      if (!req.success || !user) return answer({ ok: false, code: 'validation' });
      const role = await d.access.projectRole(user, req.data.project).catch(() => null);
      if (!role) return answer({ ok: false, code: 'notFound' });
      await socket.join(projectRoom(req.data.project));
      if (req.data.telegrams) await socket.join(telegramRoom(req.data.project));
      answer({ ok: true, role });
    });
    socket.on('leave', async (raw: unknown) => {
      const req = joinRequest.safeParse(raw);
      if (!req.success) return;
      await socket.leave(projectRoom(req.data.project));
      await socket.leave(telegramRoom(req.data.project));
    });
  });
  // Thousands of gateways report every second: on one node, nothing is encoded for a room
  // nobody is in. Through Redis the room may have members on other nodes: always publish.
  const relay = redis
    ? (room: string, event: string, payload: object) => void io.to(room).emit(event, payload)
    : (room: string, event: string, payload: object) => {
        if (io.sockets.adapter.rooms.has(room)) io.to(room).emit(event, payload);
      };
  // Presence comes from the state topic every node reads (external broker): each node
  // tells its own sockets, else a browser would get one copy per node. (Update events
  // also start on the node that sent the command, or that took the info: through Redis,
  // where a repeated progress step changes nothing on screen.)
  const local = (room: string, event: string, payload: object) => {
    if (io.sockets.adapter.rooms.has(room)) io.local.to(room).emit(event, payload);
  };
  const presence = d.everyNodeHearsPresence ? local : relay;
  d.events.on('state', (e) => presence(projectRoom(e.project), SOCKET_EVENTS.state, e));
  d.events.on('info', (e) => relay(projectRoom(e.project), SOCKET_EVENTS.info, e));
  d.events.on('update', (e) => relay(projectRoom(e.project), SOCKET_EVENTS.update, e));
  d.events.on('telegrams', (e) => relay(telegramRoom(e.project), SOCKET_EVENTS.telegrams, e));
  return {
    io,
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
      await redis?.close();
    },
  };
}

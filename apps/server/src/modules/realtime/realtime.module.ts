import type { Server as HttpServer } from 'node:http';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  joinRequest,
  macOfModbusLiveRoom,
  modbusLiveRequest,
  modbusLiveRoom,
  SOCKET_EVENTS,
  type ModbusLiveAnswer,
} from '@atrium/contracts/hub';
import type { ModbusReadArgs, ModbusReadResult } from '@atrium/contracts/modbus';
import { parseMac } from '@atrium/contracts/gateway';
import { AppError } from '../../lib/errors';
import { ALERT_SOCKET_EVENT } from '@atrium/contracts/alerts';
import { GATEWAY_EVENT_SOCKET_EVENT } from '@atrium/contracts/gateway-events';
import type { SessionUser } from '../../lib/session-user';
import type { ProjectAccess } from '../../lib/tenancy/project-access';
import type { HubEvents } from '../hub/hub-events';
import type { SessionResolver } from '../users/session-resolver';

/** What the realtime module is built from (see app.ts). */
export interface RealtimeDeps {
  httpServer: HttpServer;
  /** The users module's session resolver (the HTTP auth plugin uses the same one). */
  sessions: Pick<SessionResolver, 'resolve'>;
  access: Pick<ProjectAccess, 'projectRole' | 'gatewayRole'>;
  /** The Modbus live test's read through the gateway (the hub's `modbus.read`). */
  modbusRead?: (mac: string, args: ModbusReadArgs) => Promise<ModbusReadResult>;
  /** The hub's gateway events, relayed to the project rooms. */
  events: Pick<HubEvents, 'on'>;
  /** With several nodes: events reach sockets of every node through Redis. */
  redisUrl?: string | undefined;
  /** Every node receives the gateways' state topic (external broker). */
  everyNodeHearsPresence?: boolean;
  log?: { warn(obj: object, msg: string): void };
}

/** The socket.io server, started by app.ts once the hub runs, and how to stop it. */
export interface RealtimeModule {
  start(): Promise<void>;
  /** Closes the users' sockets on every node: their sessions were revoked. */
  disconnectUsers(userIds: string[]): Promise<void>;
  /** Takes out of a project's rooms, on every node, the sockets whose user may no longer read it. */
  reauthorizeProject(projectId: string): Promise<void>;
  /** Sockets, then the Redis clients. */
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

interface SocketData {
  user?: SessionUser;
}

const handshake = z.object({ token: z.string().min(1).max(4096) });
const ack = z.custom<(reply: object) => void>((v) => typeof v === 'function');
const projectRoom = (id: string) => `project:${id}`;
/** Every socket of a user is in this room, so a revoked session reaches them on every node. */
const userRoom = (id: string) => `user:${id}`;
const telegramRoom = (id: string) => `project:${id}:telegrams`;
/** Every socket of a team's members: the projects list hears its projects' alerts there. */
const teamRoom = (id: string) => `team:${id}`;

/** The session token of the handshake, checked like a bearer token (revoked tokens refused). */
async function userOf(socket: Pick<Socket, 'handshake'>, d: RealtimeDeps) {
  const auth = handshake.safeParse(socket.handshake.auth);
  if (!auth.success) return null;
  return d.sessions.resolve(auth.data.token);
}

const failed = (mac: string | null, code: string): ModbusLiveAnswer => ({ ok: false, mac, code });

/**
 * The Modbus live test's room of a gateway: for those who may configure it (its project's
 * owner role); others get notFound (no access at all) or forbidden (a viewer).
 */
async function joinModbusLive(socket: Socket, user: SessionUser, mac: string, d: RealtimeDeps) {
  const role = await d.access.gatewayRole(user, mac).catch(() => null);
  if (!role) return { ok: false, code: 'notFound' };
  if (role !== 'owner') return { ok: false, code: 'forbidden' };
  await socket.join(modbusLiveRoom(mac));
  return { ok: true, role };
}

/**
 * socket.io on the server's HTTP port (path /socket.io): a client signs in with
 * its session token, joins the rooms of projects it may read, and receives the
 * hub's gateway events there (docs/gateway-protocol.md, "Console events").
 */
async function startRealtime(d: RealtimeDeps) {
  const redis = d.redisUrl ? await redisAdapter(d.redisUrl, d.log) : undefined;
  // destroyUpgrade off: WebSocket upgrades to /mqtt belong to the MQTT broker.
  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>(
    d.httpServer,
    {
      path: '/socket.io',
      serveClient: false,
      destroyUpgrade: false,
      ...(redis ? { adapter: redis.adapter } : {}),
    },
  );
  // The user travels in socket.data: nodes that fetch a socket through Redis read it there.
  io.use((socket, next) => {
    userOf(socket, d).then(
      (user) => {
        if (!user) return next(new Error('unauthorized'));
        socket.data.user = user;
        next();
      },
      () => next(new Error('unauthorized')),
    );
  });
  io.on('connection', (socket) => {
    const { user } = socket.data;
    // A viewer-rank account reads only the projects it was added to: not its team's room.
    if (user)
      void socket.join([
        userRoom(user.id),
        ...(user.rank === 'viewer' ? [] : [teamRoom(user.team)]),
      ]);
    socket.on('join', async (raw: unknown, reply: unknown) => {
      const parsedAck = ack.safeParse(reply);
      const answer = parsedAck.success ? parsedAck.data : () => {};
      const liveMac = macOfModbusLiveRoom(raw);
      if (liveMac !== null && user) return answer(await joinModbusLive(socket, user, liveMac, d));
      const req = joinRequest.safeParse(raw);
      if (!req.success || !user) return answer({ ok: false, code: 'validation' });
      const role = await d.access.projectRole(user, req.data.project).catch(() => null);
      if (!role) return answer({ ok: false, code: 'notFound' });
      await socket.join(projectRoom(req.data.project));
      if (req.data.telegrams) await socket.join(telegramRoom(req.data.project));
      answer({ ok: true, role });
    });
    let reading = false;
    socket.on(SOCKET_EVENTS.modbusLive, async (raw: unknown, reply: unknown) => {
      const parsedAck = ack.safeParse(reply);
      const answer = parsedAck.success ? parsedAck.data : () => {};
      const req = modbusLiveRequest.safeParse(raw);
      const mac = req.success ? parseMac(req.data.mac) : null;
      if (!req.success || !mac) return answer(failed(null, 'validation'));
      const room = modbusLiveRoom(mac);
      // Joining the room checked the user's right to configure the gateway.
      if (!socket.rooms.has(room)) return answer(failed(mac, 'forbidden'));
      // One read at a time per socket: a console cannot queue reads on a gateway.
      if (reading || !d.modbusRead) return answer(failed(mac, 'gatewayBusy'));
      reading = true;
      try {
        const result: ModbusLiveAnswer = {
          ok: true,
          mac,
          result: await d.modbusRead(mac, req.data.read),
        };
        answer(result);
        socket.to(room).emit(SOCKET_EVENTS.modbusLive, result);
      } catch (err) {
        answer(failed(mac, err instanceof AppError ? err.code : 'error'));
      } finally {
        reading = false;
      }
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
  // A history fact is recorded by one node alone (decision 0021): relayed through Redis.
  d.events.on('gatewayEvent', (e) =>
    relay(projectRoom(e.project), GATEWAY_EVENT_SOCKET_EVENT, e.event),
  );
  // An alert goes to its project's room and to its team's (the projects list's badges); a
  // socket in both gets it once.
  d.events.on('alert', (e) => {
    const rooms = [projectRoom(e.alert.project), teamRoom(e.team)];
    if (redis || rooms.some((r) => io.sockets.adapter.rooms.has(r)))
      io.to(rooms).emit(ALERT_SOCKET_EVENT, e.alert);
  });
  return {
    disconnectUsers: async (userIds: string[]) => {
      io.in(userIds.map(userRoom)).disconnectSockets(true);
    },
    reauthorizeProject: async (projectId: string) => {
      const room = projectRoom(projectId);
      for (const socket of await io.in(room).fetchSockets()) {
        const { user } = socket.data;
        const role = user ? await d.access.projectRole(user, projectId).catch(() => null) : null;
        if (role) continue;
        socket.leave(room);
        socket.leave(telegramRoom(projectId));
      }
    },
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
      await redis?.close();
    },
  };
}

/** The realtime module: nothing runs until `start`. */
export function createRealtimeModule(d: RealtimeDeps): RealtimeModule {
  let running: Awaited<ReturnType<typeof startRealtime>> | undefined;
  return {
    async start() {
      running ??= await startRealtime(d);
    },
    async disconnectUsers(userIds) {
      await running?.disconnectUsers(userIds);
    },
    async reauthorizeProject(projectId) {
      await running?.reauthorizeProject(projectId);
    },
    async close() {
      await running?.close();
    },
  };
}

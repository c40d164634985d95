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
  TELEGRAM_WINDOW_MAX_MS,
  TELEGRAM_WINDOW_MS,
  type ModbusLiveAnswer,
} from '@atrium/contracts/hub';
import type { ModbusReadArgs, ModbusReadResult } from '@atrium/contracts/modbus';
import {
  macOfPoolnxRoom,
  POOL_SOCKET_EVENTS,
  poolnxRoom,
  poolRefreshRequest,
  type PoolDataEvent,
  type PoolRefreshAnswer,
} from '@atrium/contracts/pool';
import { parseMac } from '@atrium/contracts/gateway';
import { AppError } from '../../lib/errors';
import { ALERT_SOCKET_EVENT } from '@atrium/contracts/alerts';
import { GATEWAY_EVENT_SOCKET_EVENT } from '@atrium/contracts/gateway-events';
import {
  DASHBOARD_SOCKET_EVENTS,
  dashboardRoom,
  dashboardSocketAuth,
  dashboardWatchRequest,
  dashboardWatchRoom,
  seriesKeyOf,
  type DashboardValuesEvent,
} from '@atrium/contracts/dashboards';
import { modbusMeasurement } from '@atrium/contracts/graph';
import type { SessionUser } from '../../lib/session-user';
import type { ProjectAccess } from '../../lib/tenancy/project-access';
import type { HubEvents } from '../hub/hub-events';
import type { SessionResolver } from '../users/session-resolver';
import type { DashboardsService } from '../dashboards/dashboards.service';
import { SocketBacklog, type SocketBacklogLimits } from './socket-backlog';
import { BusyWindow } from './busy-window';
import { InfoGatherer } from './info-gatherer';
import { TelegramGatherer } from './telegram-gatherer';

/** What the realtime module is built from (see app.ts). */
export interface RealtimeDeps {
  httpServer: HttpServer;
  /** The users module's session resolver (the HTTP auth plugin uses the same one). */
  sessions: Pick<SessionResolver, 'resolve'>;
  access: Pick<ProjectAccess, 'projectRole' | 'gatewayRole'>;
  /** The Modbus live test's read through the gateway (the hub's `modbus.read`). */
  modbusRead?: (mac: string, args: ModbusReadArgs) => Promise<ModbusReadResult>;
  /** The pool live table (issue 19): ask the gateway to read its pool; the table as stored. */
  pool?: { refresh(mac: string): Promise<void>; data(mac: string): Promise<PoolDataEvent> };
  /** The hub's gateway events, relayed to the project rooms. */
  events: Pick<HubEvents, 'on'>;
  /** With several nodes: events reach sockets of every node through Redis. */
  redisUrl?: string | undefined;
  /** What consoles that read too slowly may leave waiting (decision 0045). */
  backlog: SocketBacklogLimits;
  /** Every node receives the gateways' state topic (external broker). */
  everyNodeHearsPresence?: boolean;
  log?: { warn(obj: object, msg: string): void };
  /** Dashboards (issue 20): share-link sockets, their rooms and the values they may hear. */
  dashboards?: Pick<DashboardsService, 'resolveToken' | 'targetsOfProject' | 'canWatch'>;
}

/** The socket.io server, started by app.ts once the hub runs, and how to stop it. */
export interface RealtimeModule {
  start(): Promise<void>;
  /** Closes the users' sockets on every node: their sessions were revoked. */
  disconnectUsers(userIds: string[]): Promise<void>;
  /** Takes out of a project's rooms, on every node, the sockets whose user may no longer read it. */
  reauthorizeProject(projectId: string): Promise<void>;
  /** Tells the viewers of share links that they were revoked, and closes their sockets. */
  revokeShares(
    ids: readonly string[],
    code: 'dashboardTokenRevoked' | 'dashboardTokenExpired',
  ): void;
  /** This node's sockets now, and those closed since the start because their console read too slowly. */
  stats(): { sockets: number; closedSlow: number };
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
  /** A shared dashboard's viewer (no session): its link, in its own room only. */
  share?: { id: string; projectId: string; expiresAt: number | null };
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
 * The pool live table's room of a gateway (`poolnx:{mac}`, document 2 §4): for anyone who may
 * read the gateway; the stored table is sent at once, fresh values follow as `poolnx:data`.
 */
async function joinPool(socket: Socket, user: SessionUser, mac: string, d: RealtimeDeps) {
  const role = await d.access.gatewayRole(user, mac).catch(() => null);
  if (!role || !d.pool) return { ok: false, code: 'notFound' };
  try {
    const data = await d.pool.data(mac);
    await socket.join(poolnxRoom(mac));
    socket.emit(POOL_SOCKET_EVENTS.data, data);
    return { ok: true, role };
  } catch (err) {
    return { ok: false, code: err instanceof AppError ? err.code : 'error' };
  }
}

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

type Io = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
type LiveValue = DashboardValuesEvent['items'][number];
/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Dashboards' sockets (issue 20, decision 0032): a share link's viewers sit in the link's own
 * room and nowhere else; signed-in consoles watch a dashboard's room. A project's new values
 * go, per dashboard, to its watchers and its links' rooms, filtered to its own series. On a
 * single node nothing is read for a project without a local dashboard socket.
 */
function dashboardSockets(io: Io, d: RealtimeDeps, viaRedis: boolean) {
  /** Local dashboard sockets per project (share viewers and watchers). */
  const interest = new Map<string, number>();
  const more = (projectId: string, by: number) => {
    const n = (interest.get(projectId) ?? 0) + by;
    if (n > 0) interest.set(projectId, n);
    else interest.delete(projectId);
  };
  /** The dashboard rooms each signed-in socket watches, and their projects. */
  const watched = new WeakMap<Socket, Map<string, string>>();
  const revoke = (
    ids: readonly string[],
    code: 'dashboardTokenRevoked' | 'dashboardTokenExpired',
  ) => {
    if (!ids.length) return;
    const rooms = ids.map(dashboardRoom);
    io.to(rooms).emit(DASHBOARD_SOCKET_EVENTS.revoked, { code });
    io.in(rooms).disconnectSockets(true);
  };
  return {
    revoke,
    viewer(socket: Socket, share: NonNullable<SocketData['share']>) {
      void socket.join(dashboardRoom(share.id));
      more(share.projectId, 1);
      // A link's socket asks nothing: every request (join, watch, modbus:live) is refused.
      socket.onAny((...args: unknown[]) => {
        const answer = args.at(-1);
        if (typeof answer === 'function')
          (answer as (r: object) => void)({ ok: false, code: 'forbidden' });
      });
      let timer: NodeJS.Timeout | undefined;
      if (share.expiresAt !== null) {
        timer = setTimeout(
          () => {
            socket.emit(DASHBOARD_SOCKET_EVENTS.revoked, { code: 'dashboardTokenExpired' });
            socket.disconnect(true);
          },
          Math.min(Math.max(share.expiresAt - Date.now(), 0), MAX_TIMER_MS),
        );
        timer.unref();
      }
      socket.on('disconnect', () => {
        if (timer) clearTimeout(timer);
        more(share.projectId, -1);
      });
    },
    watch(socket: Socket, projectId: string, room: string) {
      let mine = watched.get(socket);
      if (!mine) {
        const list = new Map<string, string>();
        watched.set(socket, list);
        socket.once('disconnecting', () => {
          for (const p of list.values()) more(p, -1);
          list.clear();
        });
        mine = list;
      }
      if (mine.has(room)) return;
      mine.set(room, projectId);
      void socket.join(room);
      more(projectId, 1);
    },
    unwatch(socket: Socket, room: string) {
      const mine = watched.get(socket);
      const projectId = mine?.get(room);
      if (projectId === undefined) return;
      mine?.delete(room);
      void socket.leave(room);
      more(projectId, -1);
    },
    /**
     * A project's new values to the dashboards showing them. Every telegram of the fleet
     * comes here: `valuesOf` builds them only when a dashboard socket may be watching.
     */
    relay(projectId: string, valuesOf: () => LiveValue[]) {
      if (!d.dashboards || (!viaRedis && !interest.has(projectId))) return;
      const values = valuesOf();
      if (!values.length) return;
      void d.dashboards.targetsOfProject(projectId).then(
        (targets) => {
          for (const t of targets) {
            const items = values.filter((v) => t.keys.has(seriesKeyOf(v.mac, v.address)));
            if (!items.length) continue;
            const rooms = [
              dashboardWatchRoom(t.type, t.dashboardId),
              ...t.shareIds.map(dashboardRoom),
            ];
            const payload: DashboardValuesEvent = { items };
            if (viaRedis || rooms.some((r) => io.sockets.adapter.rooms.has(r)))
              io.to(rooms).emit(DASHBOARD_SOCKET_EVENTS.values, payload);
          }
        },
        (err: unknown) =>
          d.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'dashboard relay'),
      );
    },
  };
}

/**
 * socket.io on the server's HTTP port (path /socket.io): a client signs in with
 * its session token, joins the rooms of projects it may read, and receives the
 * hub's gateway events there (docs/gateway-protocol.md, "Console events").
 */
async function startRealtime(d: RealtimeDeps) {
  const redis = d.redisUrl ? await redisAdapter(d.redisUrl, d.log) : undefined;
  // destroyUpgrade off: WebSocket upgrades to /mqtt belong to the MQTT broker.
  const io: Io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>(
    d.httpServer,
    {
      path: '/socket.io',
      serveClient: false,
      destroyUpgrade: false,
      ...(redis ? { adapter: redis.adapter } : {}),
    },
  );
  const dashboards = dashboardSockets(io, d, Boolean(redis));
  const backlog = new SocketBacklog(d.backlog, d.log);
  // The user travels in socket.data: nodes that fetch a socket through Redis read it there.
  io.use((socket, next) => {
    const share = dashboardSocketAuth.safeParse(socket.handshake.auth);
    if (share.success) {
      if (!d.dashboards) return next(new Error('dashboardTokenInvalid'));
      d.dashboards.resolveToken(share.data.dashboardToken).then(
        ({ share: s }) => {
          socket.data.share = {
            id: s.id,
            projectId: s.project_id,
            expiresAt: s.expires_at === null ? null : Number(s.expires_at),
          };
          next();
        },
        (err: unknown) =>
          next(new Error(err instanceof AppError ? err.code : 'dashboardTokenInvalid')),
      );
      return;
    }
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
    backlog.watch(socket);
    const { user, share } = socket.data;
    if (share) return void dashboards.viewer(socket, share);
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
      const poolMac = macOfPoolnxRoom(raw);
      if (poolMac !== null && user) return answer(await joinPool(socket, user, poolMac, d));
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
    // The pool live table (document 2 §4): the console asks every 300 s and on demand.
    let refreshing = false;
    socket.on(POOL_SOCKET_EVENTS.refresh, async (raw: unknown, reply: unknown) => {
      const parsedAck = ack.safeParse(reply);
      const answer: (a: PoolRefreshAnswer) => void = parsedAck.success ? parsedAck.data : () => {};
      const req = poolRefreshRequest.safeParse(raw);
      const mac = req.success ? parseMac(req.data.mac) : null;
      if (!mac || !d.pool) return answer({ ok: false, code: 'validation' });
      // Joining the room checked the user's right to read the gateway.
      if (!socket.rooms.has(poolnxRoom(mac))) return answer({ ok: false, code: 'forbidden' });
      if (refreshing) return answer({ ok: false, code: 'gatewayBusy' });
      refreshing = true;
      try {
        await d.pool.refresh(mac);
        answer({ ok: true });
      } catch (err) {
        answer({ ok: false, code: err instanceof AppError ? err.code : 'error' });
      } finally {
        refreshing = false;
      }
    });
    socket.on(DASHBOARD_SOCKET_EVENTS.watch, async (raw: unknown, reply: unknown) => {
      const parsedAck = ack.safeParse(reply);
      const answer = parsedAck.success ? parsedAck.data : () => {};
      const req = dashboardWatchRequest.safeParse(raw);
      if (!req.success || !user || !d.dashboards) return answer({ ok: false, code: 'validation' });
      const { type, project, dashboardID } = req.data;
      try {
        await d.dashboards.canWatch(user, type, project, dashboardID);
      } catch (err) {
        return answer({ ok: false, code: err instanceof AppError ? err.code : 'notFound' });
      }
      dashboards.watch(socket, project, dashboardWatchRoom(type, dashboardID));
      answer({ ok: true });
    });
    socket.on(DASHBOARD_SOCKET_EVENTS.unwatch, (raw: unknown) => {
      const req = dashboardWatchRequest.safeParse(raw);
      if (req.success)
        dashboards.unwatch(socket, dashboardWatchRoom(req.data.type, req.data.dashboardID));
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
  // Infos by project and window (decision 0048): each gateway reports every few seconds.
  const infos = new InfoGatherer(
    (project) => Boolean(redis) || io.sockets.adapter.rooms.has(projectRoom(project)),
    (e) => relay(projectRoom(e.project), SOCKET_EVENTS.info, e),
    d.log,
  );
  d.events.on('info', (e) => infos.add(e));
  d.events.on('update', (e) => relay(projectRoom(e.project), SOCKET_EVENTS.update, e));
  // Telegrams by project and window (decision 0044): one write per console per window.
  const telegramWindow = new BusyWindow(TELEGRAM_WINDOW_MS, TELEGRAM_WINDOW_MAX_MS);
  const telegrams = new TelegramGatherer(
    (project) => Boolean(redis) || io.sockets.adapter.rooms.has(telegramRoom(project)),
    (e) => relay(telegramRoom(e.project), SOCKET_EVENTS.telegrams, e),
    d.log,
    telegramWindow.windowMs,
  );
  d.events.on('telegrams', (e) => telegrams.add(e));
  d.events.on('poolData', (e) => relay(poolnxRoom(e.mac), POOL_SOCKET_EVENTS.data, e));
  // A history fact is recorded by one node alone (decision 0021): relayed through Redis.
  d.events.on('gatewayEvent', (e) =>
    relay(projectRoom(e.project), GATEWAY_EVENT_SOCKET_EVENT, e.event),
  );
  d.events.on('telegrams', (e) =>
    dashboards.relay(e.project, () =>
      e.items.map((i) => ({
        mac: e.mac,
        address: i.ga,
        t: i.t,
        v: typeof i.value === 'boolean' ? Number(i.value) : i.value,
      })),
    ),
  );
  d.events.on('modbus', (e) =>
    dashboards.relay(e.project, () =>
      e.items.map((i) => ({ mac: e.mac, address: modbusMeasurement(i.value), t: i.t, v: i.v })),
    ),
  );
  // An alert goes to its project's room and to its team's (the projects list's badges); a
  // socket in both gets it once.
  d.events.on('alert', (e) => {
    const rooms = [projectRoom(e.alert.project), teamRoom(e.team)];
    if (redis || rooms.some((r) => io.sockets.adapter.rooms.has(r)))
      io.to(rooms).emit(ALERT_SOCKET_EVENT, e.alert);
  });
  return {
    revokeShares: dashboards.revoke,
    stats: () => ({ sockets: io.of('/').sockets.size, closedSlow: backlog.closed }),
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
      telegrams.close();
      telegramWindow.stop();
      infos.close();
      backlog.stop();
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
    revokeShares(ids, code) {
      running?.revokeShares(ids, code);
    },
    stats() {
      return running?.stats() ?? { sockets: 0, closedSlow: 0 };
    },
    async close() {
      await running?.close();
    },
  };
}

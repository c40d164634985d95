import type { QueryClient } from '@tanstack/react-query';
import {
  gatewayInfoSocketEvent,
  gatewayStateEvent,
  gatewayUpdateEvent,
  SOCKET_EVENTS,
} from '@atrium/contracts/hub';
import { QUERY_KEYS } from '../api/query-keys';
import { applyGatewayEvent, reapplyEvents, watchedProjects } from './apply-event';
import type { GatewayEvent } from './cache-patches';
import { ProjectRooms } from './project-rooms';
import { closeSocket, getSocket } from './socket';
import { clearUpdateFailure, reportUpdateFailure } from './update-failures';

function onUpdateEvent(e: GatewayEvent) {
  if (e.kind !== 'update') return;
  if (e.event.error) reportUpdateFailure(e.event.mac, e.event.error);
  else if (e.event.step === 'updating') clearUpdateFailure(e.event.mac);
}

/** How long an event is applied again on fetched data: the server commits within 200 ms. */
const RECENT_MS = 2_000;

let running: (() => void) | null = null;
let users = 0;

/**
 * Live updates: joins the room of every project whose
 * gateways are on screen and patches the TanStack caches on `gateway:state`,
 * `gateway:info` and `gateway:update`. Polling stays as the fallback. Returns
 * the stop function; several callers share one connection.
 */
export function startRealtimeSync(client: QueryClient): () => void {
  users++;
  running ??= run(client);
  return () => {
    users--;
    if (users === 0) {
      running?.();
      running = null;
    }
  };
}

function run(client: QueryClient): () => void {
  const socket = getSocket();
  const rooms = new ProjectRooms(socket);
  const cache = client.getQueryCache();
  let recent: { at: number; e: GatewayEvent }[] = [];
  let connectedBefore = false;
  let projectsTimer: ReturnType<typeof setTimeout> | undefined;

  const enqueue = (e: GatewayEvent) => {
    const now = Date.now();
    recent = [...recent.filter((r) => now - r.at < RECENT_MS), { at: now, e }];
    onUpdateEvent(e);
    applyGatewayEvent(client, e);
    // The projects list shows online counts: refetch it once after a burst of changes.
    if (e.kind === 'state' && !projectsTimer) {
      projectsTimer = setTimeout(() => {
        projectsTimer = undefined;
        void client.invalidateQueries({ queryKey: QUERY_KEYS.projects, exact: true });
      }, 1_000);
    }
  };
  const on = {
    [SOCKET_EVENTS.state]: (raw: unknown) => {
      const parsed = gatewayStateEvent.safeParse(raw);
      if (parsed.success) enqueue({ kind: 'state', event: parsed.data });
    },
    [SOCKET_EVENTS.info]: (raw: unknown) => {
      // A project's gateways' latest infos, gathered per second (decision 0048).
      const parsed = gatewayInfoSocketEvent.safeParse(raw);
      if (!parsed.success) return;
      const { project, infos } = parsed.data;
      for (const info of infos) enqueue({ kind: 'info', event: { project, ...info } });
    },
    [SOCKET_EVENTS.update]: (raw: unknown) => {
      const parsed = gatewayUpdateEvent.safeParse(raw);
      if (parsed.success) enqueue({ kind: 'update', event: parsed.data });
    },
    connect: () => {
      // Events missed while disconnected: fetch again what is on screen.
      if (connectedBefore) void client.invalidateQueries({ queryKey: QUERY_KEYS.gateways });
      connectedBefore = true;
    },
  };
  for (const [name, handler] of Object.entries(on)) socket.on(name, handler);

  let scheduled = false;
  const sync = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      rooms.set(watchedProjects(cache.getAll()));
    });
  };
  const unsubscribe = cache.subscribe((event) => {
    if (event.type === 'observerAdded' || event.type === 'observerRemoved') sync();
    // A fetch (not a patch) just answered: the latest events go on top of it.
    if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual) {
      const now = Date.now();
      const events = recent.filter((r) => now - r.at < RECENT_MS).map((r) => r.e);
      reapplyEvents(client, event.query, events);
    }
  });
  sync();

  return () => {
    unsubscribe();
    clearTimeout(projectsTimer);
    rooms.set(new Set());
    for (const [name, handler] of Object.entries(on)) socket.off(name, handler);
    closeSocket();
  };
}

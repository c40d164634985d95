import {
  GATEWAY_EVENTS_PAGE_DEFAULT,
  gatewayEventData,
  RECENT_GATEWAY_EVENTS_MAX,
  type GatewayEvent,
  type GatewayEventData,
  type GatewayEventKind,
  type GatewayUptime,
} from '@atrium/contracts/gateway-events';
import type { GatewayStateEvent, GatewayUpdateEvent } from '@atrium/contracts/hub';
import { MAX_RETENTION_MONTHS } from '@atrium/contracts/plans';
import { newId } from '../../lib/ids';
import type { SessionUser } from '../../lib/session-user';
import type { GatewayCommandEvent, HubEvents } from '../hub/hub-events';
import type {
  EventFilter,
  GatewayEventRow,
  GatewayEventsRepository,
  HistoryOwner,
} from './gateway-events.repository';

/** Events of gateways in no project (or a deleted one) are kept this many months. */
export const ORPHAN_RETENTION_MONTHS = 1;

const HOUR = 3_600_000;
/** The uptime windows, in ms. */
export const UPTIME_WINDOWS = { h24: 24 * HOUR, d7: 7 * 24 * HOUR, d30: 30 * 24 * HOUR } as const;

/** The history's kind of a command a user sent. */
export function kindOfCommand(command: string): GatewayEventKind {
  if (command === 'reboot') return 'reboot';
  if (command === 'update') return 'update';
  if (['passwords.init', 'config.password', 'nodered.password'].includes(command))
    return 'password';
  if (['pool.type', 'pool.config', 'config.import', 'modbus.config'].includes(command))
    return 'config';
  return 'command';
}

function parseData(json: string): GatewayEventData {
  try {
    const parsed = gatewayEventData.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function toEvent(row: GatewayEventRow): GatewayEvent {
  return {
    id: row.id,
    mac: row.mac,
    at: Number(row.at),
    kind: row.kind as GatewayEventKind,
    user: row.user_email,
    data: parseData(row.data),
  };
}

/**
 * The share of [now - windowMs, now] the gateway was online, from its presence changes (oldest
 * first, the last one before the window included) and its state now; only the part of the
 * window whose state is known counts, and null when none is.
 */
export function uptimeOf(
  changes: readonly { at: number; online: boolean }[],
  now: number,
  windowMs: number,
): number | null {
  const start = now - windowMs;
  let state: boolean | undefined;
  let t = start;
  let known = 0;
  let online = 0;
  for (const c of changes) {
    if (c.at > now) break;
    if (c.at <= start) {
      state = c.online;
      continue;
    }
    if (state !== undefined) {
      known += c.at - t;
      if (state) online += c.at - t;
    }
    state = c.online;
    t = c.at;
  }
  if (state !== undefined) {
    known += now - t;
    if (state) online += now - t;
  }
  return known > 0 ? Math.min(1, Math.max(0, online / known)) : null;
}

/** How long recorded data is kept: the timeseries retention's functions (app.ts passes them). */
export interface GatewayEventsRetention {
  /** The oldest time a project of this `logger_subscription` keeps; undefined: the longest. */
  planCutoff: (subscription: string, now: number) => number | undefined;
  /** `now` minus whole calendar months. */
  monthsBefore: (now: number, months: number) => number;
}

export interface GatewayEventsServiceDeps {
  repo: GatewayEventsRepository;
  /** The hub's events: presence, updates and user commands are recorded; new facts told back. */
  events: Pick<HubEvents, 'emit'>;
  /** Every project's id and `logger_subscription` (its plan), read at each sweep. */
  subscriptions(): Promise<readonly { id: string; logger_subscription: string }[]>;
  /** The recorded data's retention rule (the timeseries module's), reused as is. */
  retention: GatewayEventsRetention;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  now?: () => number;
}

/**
 * Records each gateway fact once (decision 0021): presence changes and update ends are
 * claimed in the database (every node may hear them), user commands are told by the node
 * that sent them; reads one gateway's history, its uptime and the fleet's latest events.
 */
export class GatewayEventsService {
  /** One chain of database work per gateway: a start is written before its end is looked for. */
  private readonly chains = new Map<string, Promise<void>>();
  private readonly now: () => number;

  constructor(private readonly d: GatewayEventsServiceDeps) {
    this.now = d.now ?? Date.now;
  }

  // --- recording --------------------------------------------------------------------------

  onState(e: GatewayStateEvent): void {
    const at = (e.online ? e.lastOnline : e.lastConnection) ?? this.now();
    this.queue(e.mac, async () => {
      const claim = await this.d.repo.claimPresence(e.mac, e.online, at);
      if (!claim) return;
      await this.record(e.mac, e.online ? 'online' : 'offline', at, null, {
        durationMs: claim.durationMs,
      });
    });
  }

  onUpdate(e: GatewayUpdateEvent): void {
    // Progress steps are not history: only how the update ended.
    const result = e.error ? 'failed' : e.step === null && e.version ? 'done' : undefined;
    if (!result) return;
    const at = this.now();
    this.queue(e.mac, async () => {
      const start = await this.d.repo.closeUpdate(e.mac);
      if (!start) return;
      const started = parseData(start.data);
      await this.record(
        e.mac,
        'update',
        at,
        start.user_id ? { id: start.user_id, email: start.user_email ?? '' } : null,
        {
          command: 'update',
          from: started.from ?? null,
          to: result === 'done' ? e.version : (started.to ?? null),
          ...(started.branch ? { branch: started.branch } : {}),
          result,
          ...(e.error ? { error: e.error } : {}),
        },
      );
    });
  }

  onCommand(e: GatewayCommandEvent): void {
    this.queue(e.mac, async () => {
      const kind = kindOfCommand(e.command);
      const id = await this.record(
        e.mac,
        kind,
        e.at,
        e.user,
        { command: e.command, ...e.data, ...(e.error ? { error: e.error } : {}) },
        { team_id: e.teamId, project_id: e.projectId },
      );
      if (kind === 'update' && e.data?.result === 'started' && id)
        await this.d.repo.openUpdate(e.mac, id);
    });
  }

  /** Resolves when the work queued so far is written (tests). */
  async settled(): Promise<void> {
    while (this.chains.size) await Promise.all([...this.chains.values()]);
  }

  private queue(mac: string, work: () => Promise<void>) {
    const next = (this.chains.get(mac) ?? Promise.resolve())
      .then(work)
      .catch((err: unknown) => this.d.log.warn({ err, mac }, 'gateway event not recorded'));
    this.chains.set(mac, next);
    void next.then(() => {
      if (this.chains.get(mac) === next) this.chains.delete(mac);
    });
  }

  private async record(
    mac: string,
    kind: GatewayEventKind,
    at: number,
    user: { id: string; email: string } | null,
    data: GatewayEventData,
    where?: { team_id: string | null; project_id: string | null },
  ): Promise<string | undefined> {
    const owner = where ?? (await this.d.repo.gatewayOf(mac));
    if (!owner) return undefined;
    const row = {
      id: newId(),
      mac,
      team_id: owner.team_id,
      project_id: owner.project_id,
      at,
      kind,
      user_id: user?.id ?? null,
      user_email: user?.email ?? null,
      data: JSON.stringify(data),
    };
    await this.d.repo.insert(row);
    if (row.project_id)
      this.d.events.emit('gatewayEvent', { event: toEvent(row), project: row.project_id });
    return row.id;
  }

  // --- reading ----------------------------------------------------------------------------

  async list(
    owner: HistoryOwner,
    q: Omit<EventFilter, 'limit' | 'before'> & { limit?: number | undefined; cursor?: string },
  ) {
    const limit = q.limit ?? GATEWAY_EVENTS_PAGE_DEFAULT;
    const before = q.cursor ? cursorOf(q.cursor) : undefined;
    const rows = await this.d.repo.list(owner, { ...q, limit, before });
    const page = rows.slice(0, limit).map(toEvent);
    const last = page.at(-1);
    return {
      events: page,
      ...(rows.length > limit && last ? { next: `${last.at}_${last.id}` } : {}),
    };
  }

  /** Uptime over 24 h, 7 and 30 days from the presence events and the gateway's state now. */
  async uptime(
    owner: HistoryOwner & {
      online: number;
      last_online: number | null;
      last_connection: number | null;
    },
  ): Promise<GatewayUptime> {
    const now = this.now();
    const rows = await this.d.repo.presence(owner, now - UPTIME_WINDOWS.d30);
    const changes = rows.map((r) => ({ at: Number(r.at), online: r.kind === 'online' }));
    // The gateway's state now, when the history does not end on it (a history begun later).
    const online = owner.online === 1;
    const since = online ? owner.last_online : owner.last_connection;
    const last = changes.at(-1);
    if (last?.online !== online && since !== null && since <= now && since > (last?.at ?? -1))
      changes.push({ at: Number(since), online });
    return {
      h24: uptimeOf(changes, now, UPTIME_WINDOWS.h24),
      d7: uptimeOf(changes, now, UPTIME_WINDOWS.d7),
      d30: uptimeOf(changes, now, UPTIME_WINDOWS.d30),
    };
  }

  async recent(user: SessionUser, q: { kinds?: GatewayEventKind[]; limit?: number }) {
    const rows = await this.d.repo.recent(user, q.kinds, q.limit ?? RECENT_GATEWAY_EVENTS_MAX);
    return {
      events: rows.map((r) => ({
        ...toEvent(r),
        gatewayName: r.gateway_name,
        projectId: r.current_project_id,
        projectName: r.project_name,
      })),
    };
  }

  // --- retention --------------------------------------------------------------------------

  /**
   * Deletes what each project's plan no longer keeps (the timeseries retention's rule: a
   * subscription that is no plan keeps the longest), events of no project after a month, and
   * everything older than the longest plan.
   */
  async sweep(): Promise<number> {
    const now = this.now();
    const { planCutoff, monthsBefore } = this.d.retention;
    const byCutoff = new Map<number, string[]>();
    for (const { id, logger_subscription } of await this.d.subscriptions()) {
      const cutoff = planCutoff(logger_subscription, now);
      if (cutoff !== undefined) byCutoff.set(cutoff, [...(byCutoff.get(cutoff) ?? []), id]);
    }
    let deleted = 0;
    for (const [cutoff, ids] of byCutoff) deleted += await this.d.repo.pruneProjects(ids, cutoff);
    deleted += await this.d.repo.pruneOrphans(monthsBefore(now, ORPHAN_RETENTION_MONTHS));
    deleted += await this.d.repo.pruneAll(monthsBefore(now, MAX_RETENTION_MONTHS));
    if (deleted) this.d.log.info({ deleted }, 'gateway events swept');
    return deleted;
  }
}

function cursorOf(cursor: string): { at: number; id: string } | undefined {
  const i = cursor.indexOf('_');
  if (i < 1) return undefined;
  return { at: Number(cursor.slice(0, i)), id: cursor.slice(i + 1) };
}

import type { Insertable, Selectable } from 'kysely';
import type { GatewayEventKind } from '@atrium/contracts/gateway-events';
import type { Db } from '../../db/database';
import type { GatewayEventTable } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';

export type GatewayEventRow = Selectable<GatewayEventTable>;
export type NewGatewayEventRow = Insertable<GatewayEventTable>;

/** A row of the fleet-wide list: the event with its gateway's and project's names. */
export type RecentEventRow = GatewayEventRow & {
  gateway_name: string | null;
  current_project_id: string | null;
  project_name: string | null;
};

export interface EventFilter {
  from?: number | undefined;
  to?: number | undefined;
  kinds?: readonly GatewayEventKind[] | undefined;
  /** The last event of the previous page: older ones only. */
  before?: { at: number; id: string } | undefined;
  limit: number;
}

/** Whose history a gateway shows: its MAC, in its current team (null team: none). */
export interface HistoryOwner {
  mac: string;
  team_id: string | null;
}

/** The only place with SQL for the gateway event history and its presence bookkeeping. */
export class GatewayEventsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewGatewayEventRow): Promise<void> {
    await this.db.insertInto('gateway_events').values(row).execute();
  }

  find(id: string): Promise<GatewayEventRow | undefined> {
    return this.db.selectFrom('gateway_events').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The gateway's team and project now (a state event carries only its project). */
  gatewayOf(mac: string) {
    return this.db
      .selectFrom('gateways')
      .select(['id', 'mac', 'team_id', 'project_id', 'online', 'last_online', 'last_connection'])
      .where('mac', '=', mac)
      .executeTakeFirst();
  }

  /**
   * Records that the gateway is now `online` since `at`, if that changes what was recorded:
   * the conditional update lets one node alone win when every node heard it. Answers how long
   * the previous state lasted (null when it was unknown), or undefined when nothing changed.
   */
  async claimPresence(
    mac: string,
    online: boolean,
    at: number,
  ): Promise<{ durationMs: number | null } | undefined> {
    const flag = online ? 1 : 0;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const row = await this.db
        .selectFrom('gateway_event_state')
        .selectAll()
        .where('mac', '=', mac)
        .executeTakeFirst();
      if (!row) {
        const inserted = await this.db
          .insertInto('gateway_event_state')
          .values({ mac, online: flag, since: at, update_event_id: null })
          .onConflict((oc) => oc.column('mac').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { durationMs: null };
        continue;
      }
      if (row.online === flag) return undefined;
      const updated = await this.db
        .updateTable('gateway_event_state')
        .set({ online: flag, since: at })
        .where('mac', '=', mac)
        .where((eb) =>
          row.online === null ? eb('online', 'is', null) : eb('online', '=', row.online),
        )
        .where((eb) => (row.since === null ? eb('since', 'is', null) : eb('since', '=', row.since)))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1)
        return { durationMs: row.since === null ? null : Math.max(0, at - row.since) };
    }
    return undefined;
  }

  /** The update under way is this event (a newer start replaces an older one). */
  async openUpdate(mac: string, eventId: string): Promise<void> {
    await this.db
      .insertInto('gateway_event_state')
      .values({ mac, online: null, since: null, update_event_id: eventId })
      .onConflict((oc) => oc.column('mac').doUpdateSet({ update_event_id: eventId }))
      .execute();
  }

  /** Closes the update under way: its start event when this call closed it (one node wins). */
  async closeUpdate(mac: string): Promise<GatewayEventRow | undefined> {
    const row = await this.db
      .selectFrom('gateway_event_state')
      .select('update_event_id')
      .where('mac', '=', mac)
      .executeTakeFirst();
    const id = row?.update_event_id;
    if (!id) return undefined;
    const closed = await this.db
      .updateTable('gateway_event_state')
      .set({ update_event_id: null })
      .where('mac', '=', mac)
      .where('update_event_id', '=', id)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) return undefined;
    return this.find(id);
  }

  /** One gateway's history, newest first; one row more than `limit` tells a next page. */
  list(owner: HistoryOwner, f: EventFilter): Promise<GatewayEventRow[]> {
    let q = this.db
      .selectFrom('gateway_events')
      .selectAll()
      .where('mac', '=', owner.mac)
      .where((eb) =>
        owner.team_id === null ? eb('team_id', 'is', null) : eb('team_id', '=', owner.team_id),
      );
    if (f.from !== undefined) q = q.where('at', '>=', f.from);
    if (f.to !== undefined) q = q.where('at', '<=', f.to);
    if (f.kinds?.length) q = q.where('kind', 'in', [...f.kinds]);
    const before = f.before;
    if (before)
      q = q.where((eb) =>
        eb.or([
          eb('at', '<', before.at),
          eb.and([eb('at', '=', before.at), eb('id', '<', before.id)]),
        ]),
      );
    return q
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(f.limit + 1)
      .execute();
  }

  /**
   * The presence events the uptime of [since, now] needs: those inside, oldest first, and the
   * last one before (the state the window starts in).
   */
  async presence(owner: HistoryOwner, since: number) {
    const base = this.db
      .selectFrom('gateway_events')
      .select(['at', 'kind'])
      .where('mac', '=', owner.mac)
      .where((eb) =>
        owner.team_id === null ? eb('team_id', 'is', null) : eb('team_id', '=', owner.team_id),
      )
      .where('kind', 'in', ['online', 'offline']);
    const [before, inside] = await Promise.all([
      base.where('at', '<', since).orderBy('at', 'desc').limit(1).executeTakeFirst(),
      base.where('at', '>=', since).orderBy('at', 'asc').execute(),
    ]);
    return before ? [before, ...inside] : inside;
  }

  /**
   * The most recent events of the gateways `user` can see (administrators: the whole fleet),
   * with their gateway's and project's names: the same rule as ProjectAccess.gatewayRole.
   */
  recent(
    user: SessionUser,
    kinds: readonly GatewayEventKind[] | undefined,
    limit: number,
  ): Promise<RecentEventRow[]> {
    let q = this.db
      .selectFrom('gateway_events as e')
      .innerJoin('gateways as g', 'g.mac', 'e.mac')
      .leftJoin('projects as p', 'p.id', 'g.project_id')
      .selectAll('e')
      .select([
        'g.name as gateway_name',
        'g.project_id as current_project_id',
        'p.name as project_name',
      ])
      // The history of a gateway is its current team's (as one gateway's list shows it).
      .where((eb) =>
        eb.or([
          eb.and([eb('e.team_id', 'is', null), eb('g.team_id', 'is', null)]),
          eb('e.team_id', '=', eb.ref('g.team_id')),
        ]),
      );
    if (user.rank !== 'admin')
      q = q.where((eb) =>
        eb.or([
          ...(user.rank === 'viewer'
            ? []
            : [eb('g.team_id', '=', user.team), eb('p.team_id', '=', user.team)]),
          eb.exists(
            eb
              .selectFrom('project_viewers as v')
              .select('v.user_id')
              .whereRef('v.project_id', '=', 'g.project_id')
              .where('v.user_id', '=', user.id),
          ),
          eb.exists(
            eb
              .selectFrom('gateway_shares as s')
              .select('s.user_id')
              .whereRef('s.gateway_id', '=', 'g.id')
              .where('s.user_id', '=', user.id),
          ),
        ]),
      );
    if (kinds?.length) q = q.where('e.kind', 'in', [...kinds]);
    return q.orderBy('e.at', 'desc').orderBy('e.id', 'desc').limit(limit).execute();
  }

  /** Deletes the events of these projects older than `cutoff`; how many went. */
  async pruneProjects(projectIds: readonly string[], cutoff: number): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < projectIds.length; i += 500) {
      const chunk = projectIds.slice(i, i + 500);
      const r = await this.db
        .deleteFrom('gateway_events')
        .where('project_id', 'in', chunk)
        .where('at', '<', cutoff)
        .executeTakeFirst();
      deleted += Number(r.numDeletedRows);
    }
    return deleted;
  }

  /** Deletes the events of no project (or a deleted one) older than `cutoff`. */
  async pruneOrphans(cutoff: number): Promise<number> {
    const r = await this.db
      .deleteFrom('gateway_events')
      .where('at', '<', cutoff)
      .where((eb) =>
        eb.or([
          eb('project_id', 'is', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('projects as p')
                .select('p.id')
                .whereRef('p.id', '=', 'gateway_events.project_id'),
            ),
          ),
        ]),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Deletes every event older than `cutoff` (what no plan keeps). */
  async pruneAll(cutoff: number): Promise<number> {
    const r = await this.db
      .deleteFrom('gateway_events')
      .where('at', '<', cutoff)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

import {
  ACTIVITY_ACTIONS,
  ACTIVITY_EXPORT_MAX,
  ACTIVITY_PAGE_DEFAULT,
  ACTIVITY_TARGET_KINDS,
  activityDetails,
  type ActivityEntry,
  type ActivityFilters,
  type ActivityPage,
  type ActivityQuery,
} from '@atrium/contracts/activity';
import type { FastifyBaseLogger } from 'fastify';
import type { ActivityRecord } from '../../lib/activity';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { SessionUser } from '../../lib/session-user';
import type { ActivityRow, ActivitySelection, AuditRepository } from './audit.repository';

const CURSOR = /^(\d{1,16})_([0-9A-Za-z-]{1,64})$/;

const cursorOf = (row: ActivityRow) => `${row.at}_${row.id}`;

function parseCursor(cursor: string | undefined) {
  if (cursor === undefined) return undefined;
  const m = CURSOR.exec(cursor);
  if (!m?.[1] || !m[2]) throw new AppError('invalidForm', 'Invalid cursor');
  return { at: Number(m[1]), id: m[2] };
}

function parseDetails(json: string | null) {
  if (json === null) return undefined;
  const parsed = activityDetails.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : undefined;
}

/** A stored row as the contract has it; a row of an action this version does not know is left out. */
function toEntry(row: ActivityRow): ActivityEntry[] {
  const action = ACTIVITY_ACTIONS.find((a) => a === row.action);
  const kind = ACTIVITY_TARGET_KINDS.find((k) => k === row.target_kind);
  if (!action || !kind) return [];
  const details = parseDetails(row.details);
  return [
    {
      id: row.id,
      at: Number(row.at),
      actor: row.actor_email,
      action,
      target: { kind, id: row.target_id, name: row.target_name },
      ...(details ? { details } : {}),
    },
  ];
}

/** The team activity log: recording (the modules' port), the list, the export (decision 0022). */
export class AuditService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  private lastAt = 0;

  /**
   * The RecordActivity port: never throws, the action it records already happened. Times of
   * one node strictly increase, so two actions of the same millisecond keep their order.
   */
  readonly record = async (r: ActivityRecord): Promise<void> => {
    this.lastAt = Math.max(this.now(), this.lastAt + 1);
    try {
      await this.repo.insert({
        id: newId(),
        team_id: r.team,
        at: this.lastAt,
        actor_id: r.actor.id,
        actor_email: r.actor.email,
        action: r.action,
        target_kind: r.target.kind,
        target_id: r.target.id,
        target_name: r.target.name,
        details: r.details ? JSON.stringify(r.details) : null,
      });
    } catch (err) {
      this.log.error({ err, action: r.action, team: r.team }, 'activity not recorded');
    }
  };

  /** One page of the caller's team log, newest first. */
  async page(user: SessionUser, q: ActivityQuery): Promise<ActivityPage> {
    const limit = q.limit ?? ACTIVITY_PAGE_DEFAULT;
    const rows = await this.repo.list({
      ...this.selection(user, q),
      before: parseCursor(q.cursor),
      limit: limit + 1,
    });
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    return {
      entries: await this.withCurrentProjects(user.team, rows.slice(0, limit).flatMap(toEntry)),
      ...(last ? { next: cursorOf(last) } : {}),
    };
  }

  /** Adds where each target is now, so the console links only to what still exists. */
  private async withCurrentProjects(team: string, entries: ActivityEntry[]) {
    const ids = (kind: string) => [
      ...new Set(entries.filter((e) => e.target.kind === kind).map((e) => e.target.id)),
    ];
    const now = await this.repo.currentProjects(team, ids('project'), ids('gateway'));
    return entries.map((e) => {
      const current =
        e.target.kind === 'project'
          ? now.projects.has(e.target.id) && e.target.id
          : e.target.kind === 'gateway' && now.gateways.get(e.target.id);
      return current ? { ...e, currentProject: current } : e;
    });
  }

  /** Every entry the filters keep (the newest ACTIVITY_EXPORT_MAX), newest first. */
  async exportEntries(user: SessionUser, f: ActivityFilters): Promise<ActivityEntry[]> {
    const rows = await this.repo.list({ ...this.selection(user, f), limit: ACTIVITY_EXPORT_MAX });
    return rows.flatMap(toEntry);
  }

  /** Removes entries older than `retentionMs`. */
  async sweep(retentionMs: number): Promise<number> {
    return this.repo.deleteBefore(this.now() - retentionMs);
  }

  private selection(user: SessionUser, f: ActivityFilters): Omit<ActivitySelection, 'limit'> {
    return {
      team: user.team,
      from: f.from,
      to: f.to,
      actions: f.actions,
      actor: f.actor ? f.actor.toLowerCase() : undefined,
    };
  }
}

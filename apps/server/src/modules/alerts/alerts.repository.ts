import type { Insertable, Selectable } from 'kysely';
import type { AlertKind } from '@atrium/contracts/alerts';
import type { Db } from '../../db/database';
import type {
  AlertDeliveryAttemptTable,
  AlertMuteTable,
  AlertNotificationTable,
  AlertTable,
} from '../../db/schema';
import { newId } from '../../lib/ids';

export type AlertRow = Selectable<AlertTable>;
export type NotificationRow = Selectable<AlertNotificationTable>;
export type MuteRow = Selectable<AlertMuteTable>;

/** What the rule index is built from: one row per project. */
export interface RuleSourceRow {
  id: string;
  team_id: string;
  logger_thresholds: string | null;
  voltage_activate: number;
  voltage_minimum: number | null;
  voltage_maximum: number | null;
  notification: string | null;
  settings: string | null;
}

export interface AlertFilter {
  mac?: string | undefined;
  kind?: AlertKind | undefined;
  state?: 'open' | 'cleared' | undefined;
  before?: number | undefined;
  limit: number;
}

const RULE_SOURCE = [
  'p.id',
  'p.team_id',
  'p.logger_thresholds',
  'p.voltage_activate',
  'p.voltage_minimum',
  'p.voltage_maximum',
  'p.notification',
  's.settings',
] as const;

/** The only place with SQL for alerts, their settings, mutes and the notification outbox. */
export class AlertsRepository {
  constructor(private readonly db: Db) {}

  // --- rules ------------------------------------------------------------------------------

  /** Projects that may raise an alert (thresholds, voltage, settings), for the rule index. */
  listRuleSources(): Promise<RuleSourceRow[]> {
    return this.db
      .selectFrom('projects as p')
      .leftJoin('alert_settings as s', 's.project_id', 'p.id')
      .select(RULE_SOURCE)
      .where((eb) =>
        eb.or([
          eb('p.logger_thresholds', 'is not', null),
          eb('p.voltage_activate', '=', 1),
          eb('s.settings', 'is not', null),
        ]),
      )
      .execute();
  }

  ruleSource(projectId: string): Promise<RuleSourceRow | undefined> {
    return this.db
      .selectFrom('projects as p')
      .leftJoin('alert_settings as s', 's.project_id', 'p.id')
      .select(RULE_SOURCE)
      .where('p.id', '=', projectId)
      .executeTakeFirst();
  }

  settingsRow(projectId: string) {
    return this.db
      .selectFrom('alert_settings')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  }

  async saveSettings(projectId: string, settings: string, now: number) {
    await this.db
      .insertInto('alert_settings')
      .values({ project_id: projectId, settings, updated_at: now })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ settings, updated_at: now }))
      .execute();
  }

  /** Marks (JSON {at, reason}) or clears (null) what stopped a channel. */
  async setProblem(projectId: string, channel: 'email' | 'pushover', problem: string | null) {
    const column = channel === 'email' ? 'email_problem' : 'pushover_problem';
    const settings = await this.settingsRow(projectId);
    if (!settings && problem === null) return;
    await this.db
      .insertInto('alert_settings')
      .values({ project_id: projectId, settings: '', updated_at: Date.now(), [column]: problem })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ [column]: problem }))
      .execute();
  }

  // --- mutes ------------------------------------------------------------------------------

  async addMute(row: Insertable<AlertMuteTable>) {
    await this.db.insertInto('alert_mutes').values(row).execute();
  }

  async removeMute(projectId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('alert_mutes')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Mutes still running (of one project, or of all). */
  activeMutes(now: number, projectId?: string): Promise<MuteRow[]> {
    let q = this.db.selectFrom('alert_mutes').selectAll().where('until', '>', now);
    if (projectId) q = q.where('project_id', '=', projectId);
    return q.orderBy('until').execute();
  }

  async sweepMutes(now: number) {
    await this.db.deleteFrom('alert_mutes').where('until', '<=', now).execute();
  }

  // --- alerts -----------------------------------------------------------------------------

  /** Raises an alert unless one is open for the same rule: true when this call raised it. */
  async raise(row: Insertable<AlertTable>): Promise<boolean> {
    const inserted = await this.db
      .insertInto('alerts')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['project_id', 'rule_key']).where('cleared_at', 'is', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Clears the open alert of a rule: the row when this call cleared it. */
  clear(projectId: string, ruleKey: string, at: number, value: number | null) {
    return this.db
      .updateTable('alerts')
      .set({ cleared_at: at, clear_value: value })
      .where('project_id', '=', projectId)
      .where('rule_key', '=', ruleKey)
      .where('cleared_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /** Every open alert's project and rule (the engine's state after a start). */
  openKeys(): Promise<{ project_id: string; rule_key: string }[]> {
    return this.db
      .selectFrom('alerts')
      .select(['project_id', 'rule_key'])
      .where('cleared_at', 'is', null)
      .execute();
  }

  findAlert(id: string) {
    return this.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(projectId: string, f: AlertFilter): Promise<AlertRow[]> {
    let q = this.db.selectFrom('alerts').selectAll().where('project_id', '=', projectId);
    if (f.mac) q = q.where('mac', '=', f.mac);
    if (f.kind) q = q.where('kind', '=', f.kind);
    if (f.state === 'open') q = q.where('cleared_at', 'is', null);
    if (f.state === 'cleared') q = q.where('cleared_at', 'is not', null);
    if (f.before !== undefined) q = q.where('raised_at', '<', f.before);
    return q.orderBy('raised_at', 'desc').orderBy('id').limit(f.limit).execute();
  }

  async countOpen(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('alerts')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('project_id', '=', projectId)
      .where('cleared_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Open alerts per project of the team (if any), of projects the user views, or of all. */
  async openCounts(scope: { all: true } | { teamId: string | null; userId: string }) {
    let q = this.db
      .selectFrom('alerts as a')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select(['a.project_id', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
      .where('a.cleared_at', 'is', null);
    if (!('all' in scope)) {
      const { teamId, userId } = scope;
      q = q.where((eb) => {
        const views = eb.exists(
          eb
            .selectFrom('project_viewers as v')
            .select('v.user_id')
            .whereRef('v.project_id', '=', 'p.id')
            .where('v.user_id', '=', userId),
        );
        return teamId === null ? views : eb.or([eb('p.team_id', '=', teamId), views]);
      });
    }
    const rows = await q.groupBy('a.project_id').execute();
    return Object.fromEntries(rows.map((r) => [r.project_id, Number(r.n)]));
  }

  /** A project's gateway names by MAC. */
  async gatewayNames(projectId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('gateways')
      .select(['mac', 'name'])
      .where('project_id', '=', projectId)
      .execute();
    return new Map(rows.map((r) => [r.mac, r.name]));
  }

  projectOf(projectId: string) {
    return this.db
      .selectFrom('projects')
      .select(['id', 'team_id', 'name', 'notification'])
      .where('id', '=', projectId)
      .executeTakeFirst();
  }

  // --- outbox -----------------------------------------------------------------------------

  async enqueue(rows: Insertable<AlertNotificationTable>[]) {
    if (rows.length) await this.db.insertInto('alert_notifications').values(rows).execute();
  }

  /** Ids of notifications due now: pending ones, and claims whose lease ran out (a crash). */
  async dueIds(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('alert_notifications')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
        ]),
      )
      .orderBy('next_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Claims one notification for `leaseMs`: the row when this node won it, else undefined. */
  claim(id: string, now: number, leaseMs: number) {
    return this.db
      .updateTable('alert_notifications')
      .set((eb) => ({
        status: 'sending',
        claimed_until: now + leaseMs,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  async settle(
    id: string,
    patch: { status: 'sent' | 'pending' | 'failed' | 'dropped'; next_at?: number; error?: string },
    now: number,
  ) {
    await this.db
      .updateTable('alert_notifications')
      .set({
        status: patch.status,
        claimed_until: null,
        ...(patch.status === 'sent' ? { sent_at: now } : {}),
        ...(patch.next_at !== undefined ? { next_at: patch.next_at } : {}),
        ...(patch.error !== undefined ? { last_error: patch.error.slice(0, 500) } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  async logAttempt(row: Omit<Insertable<AlertDeliveryAttemptTable>, 'id'>) {
    await this.db
      .insertInto('alert_delivery_attempts')
      .values({ id: newId(), ...row, detail: row.detail?.slice(0, 500) ?? null })
      .execute();
  }

  /** The notification of the same alert and channel for the other transition. */
  sibling(n: Pick<NotificationRow, 'alert_id' | 'channel'>, transition: 'raised' | 'cleared') {
    return this.db
      .selectFrom('alert_notifications')
      .select(['id', 'status'])
      .where('alert_id', '=', n.alert_id)
      .where('channel', '=', n.channel)
      .where('transition', '=', transition)
      .executeTakeFirst();
  }

  notificationsOf(alertId: string) {
    return this.db
      .selectFrom('alert_notifications')
      .selectAll()
      .where('alert_id', '=', alertId)
      .orderBy('created_at')
      .execute();
  }

  attemptsOf(notificationId: string) {
    return this.db
      .selectFrom('alert_delivery_attempts')
      .selectAll()
      .where('notification_id', '=', notificationId)
      .orderBy('at')
      .execute();
  }
}

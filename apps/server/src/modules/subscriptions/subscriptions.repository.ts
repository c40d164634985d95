import { loggerColumnsOf, type PlanName } from '@atrium/contracts/plans';
import type { Db } from '../../db/database';
import { bumpTeams } from '../../lib/tenancy/team-revisions.repository';
import type { SubscriptionTable } from '../../db/schema';

export type SubscriptionRow = SubscriptionTable;

/** A subscription with the names of its team and project, as lists show it. */
export type SubscriptionView = SubscriptionRow & {
  team_name: string | null;
  project_name: string | null;
};

/** The only place with SQL for subscriptions, trials and billing events. */
export class SubscriptionsRepository {
  constructor(private readonly db: Db) {}

  private selectViews() {
    return this.db
      .selectFrom('subscriptions as s')
      .leftJoin('teams as t', 't.id', 's.team_id')
      .leftJoin('projects as p', 'p.id', 's.project_id')
      .selectAll('s')
      .select(['t.name as team_name', 'p.name as project_name']);
  }

  get(id: string): Promise<SubscriptionView | undefined> {
    return this.selectViews().where('s.id', '=', id).executeTakeFirst();
  }

  byExternal(externalId: string): Promise<SubscriptionView | undefined> {
    return this.selectViews().where('s.external_id', '=', externalId).executeTakeFirst();
  }

  ofTeam(teamId: string): Promise<SubscriptionView[]> {
    return this.selectViews()
      .where('s.team_id', '=', teamId)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .execute();
  }

  /** The project's linked subscriptions, newest first. */
  ofProject(projectId: string): Promise<SubscriptionView[]> {
    return this.selectViews()
      .where('s.project_id', '=', projectId)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .execute();
  }

  async page(q: { team?: string; status?: string; offset: number; limit: number }) {
    let base = this.db.selectFrom('subscriptions as s').leftJoin('teams as t', 't.id', 's.team_id');
    if (q.team) {
      const like = `%${q.team.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const team = q.team;
      base = base.where((eb) =>
        eb.or([eb('s.team_id', '=', team), eb(eb.fn('lower', ['t.name']), 'like', like)]),
      );
    }
    if (q.status) base = base.where('s.status', '=', q.status);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const ids = await base
      .select('s.id')
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .offset(q.offset)
      .limit(q.limit)
      .execute();
    const rows = ids.length
      ? await this.selectViews()
          .where(
            's.id',
            'in',
            ids.map((r) => r.id),
          )
          .orderBy('s.created_at', 'desc')
          .orderBy('s.id')
          .execute()
      : [];
    return { rows, total: Number(total?.n ?? 0) };
  }

  async insert(row: SubscriptionRow) {
    await this.db.insertInto('subscriptions').values(row).execute();
  }

  async update(
    id: string,
    patch: Partial<Pick<SubscriptionRow, 'plan' | 'status' | 'until' | 'project_id' | 'nickname'>>,
  ) {
    await this.db
      .updateTable('subscriptions')
      .set({ ...patch, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  }

  /** Active subscriptions whose paid period is over (manual grants end by themselves). */
  expired(now: number) {
    return this.db
      .selectFrom('subscriptions')
      .select(['id', 'project_id'])
      .where('status', '=', 'active')
      .where('until', 'is not', null)
      .where('until', '<', now)
      .execute();
  }

  // ---- projects: the plan a project holds ----

  project(id: string) {
    return this.db
      .selectFrom('projects')
      .select(['id', 'team_id', 'name', 'logger_subscription', 'logger_endlogdate'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Writes the plan's limits on the project at once (document 2 §3 logger fields). */
  async applyPlan(projectId: string, plan: PlanName, endlogdate?: number) {
    const project = await this.db
      .selectFrom('projects')
      .select('team_id')
      .where('id', '=', projectId)
      .executeTakeFirst();
    if (!project) return;
    await this.db
      .updateTable('projects')
      .set({
        ...loggerColumnsOf(plan),
        ...(endlogdate !== undefined ? { logger_endlogdate: endlogdate } : {}),
      })
      .where('id', '=', projectId)
      .execute();
    // The projects lists are cached per team revision (lib/tenancy/team-revisions).
    await bumpTeams(this.db, [project.team_id]);
  }

  /** Projects whose trial is over. */
  endedTrials(now: number) {
    return this.db
      .selectFrom('projects')
      .select('id')
      .where('logger_subscription', '=', 'trial')
      .where('logger_endlogdate', '>', 1)
      .where('logger_endlogdate', '<', now)
      .execute();
  }

  // ---- trials ----

  trialOf(teamId: string) {
    return this.db
      .selectFrom('subscription_trials')
      .selectAll()
      .where('team_id', '=', teamId)
      .executeTakeFirst();
  }

  /** Records the team's trial; false when the team already had one (once per team). */
  async insertTrial(row: {
    team_id: string;
    project_id: string;
    started_at: number;
    ends_at: number;
  }) {
    const res = await this.db
      .insertInto('subscription_trials')
      .values(row)
      .onConflict((oc) => oc.column('team_id').doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  // ---- billing provider ----

  customerOf(teamId: string) {
    return this.db
      .selectFrom('billing_customers')
      .select('customer_id')
      .where('team_id', '=', teamId)
      .executeTakeFirst();
  }

  teamOfCustomer(customerId: string) {
    return this.db
      .selectFrom('billing_customers')
      .select('team_id')
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
  }

  async setCustomer(teamId: string, customerId: string) {
    await this.db
      .insertInto('billing_customers')
      .values({ team_id: teamId, customer_id: customerId })
      .onConflict((oc) => oc.column('team_id').doUpdateSet({ customer_id: customerId }))
      .execute();
  }

  team(id: string) {
    return this.db
      .selectFrom('teams')
      .select(['id', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Records a provider event; false when it was already recorded (a replay). */
  async firstTime(id: string, type: string) {
    const res = await this.db
      .insertInto('billing_events')
      .values({ id, type, received_at: Date.now() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: SubscriptionsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new SubscriptionsRepository(trx)));
  }
}

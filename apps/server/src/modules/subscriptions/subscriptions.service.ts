import type Stripe from 'stripe';
import {
  paidPlanSchema,
  planNameSchema,
  planOf,
  TRIAL_DAYS,
  type PlanName,
} from '@atrium/contracts/plans';
import type {
  GrantSubscriptionBody,
  ProjectSubscription,
  SubscriptionItem,
  SubscriptionStatus,
} from '@atrium/contracts/subscriptions';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { SessionUser } from '../../lib/session-user';
import type { BillingProviderPort } from './billing-provider';
import type { StripeBilling } from './stripe-billing';
import type { SubscriptionsRepository, SubscriptionView } from './subscriptions.repository';

const DAY_MS = 24 * 3_600_000;
/** The team whose projects have no subscriptions (document 2 §6). */
const NO_SUBSCRIPTION_TEAM = 'custhome';
/** When several subscriptions are linked to a project, the richest plan applies. */
const PLAN_RANK: Record<PlanName, number> = { free: 0, trial: 1, starter: 2, custhome: 3, pro: 4 };
/** Statuses that still grant their plan (past_due: Stripe is still retrying the payment). */
const GRANTING: readonly string[] = ['active', 'past_due'];

const statusOf = (s: string): SubscriptionStatus =>
  s === 'active' || s === 'cancelled' || s === 'past_due' ? s : 'other';

export function toItem(v: SubscriptionView): SubscriptionItem {
  const plan = planOf(v.plan);
  return {
    _id: v.id,
    nickname: v.nickname,
    status: statusOf(v.status),
    plan: { name: plan, _id: plan },
    project: v.project_id ? { _id: v.project_id, name: v.project_name ?? '' } : null,
    provider: v.provider === 'stripe' ? 'stripe' : 'manual',
    until: v.until === null ? null : Number(v.until),
    team: { _id: v.team_id, name: v.team_name ?? '' },
    createdAt: Number(v.created_at),
  };
}

/** Stripe's subscription statuses in the spec's four (document 2 §3). */
function stripeStatus(s: string): SubscriptionStatus {
  if (s === 'active' || s === 'trialing') return 'active';
  if (s === 'past_due' || s === 'unpaid') return 'past_due';
  if (s === 'canceled' || s === 'incomplete_expired') return 'cancelled';
  return 'other';
}

interface Deps {
  repo: SubscriptionsRepository;
  provider: BillingProviderPort;
  /** Set when Stripe is configured: its webhooks are the source of truth. */
  stripe?: StripeBilling;
  now?: () => number;
}

/** Subscriptions and billing (issue 17, decision 0026). */
export class SubscriptionsService {
  private readonly now: () => number;

  constructor(private readonly d: Deps) {
    this.now = d.now ?? Date.now;
  }

  private mayManage(user: SessionUser) {
    if (user.team === NO_SUBSCRIPTION_TEAM) throw forbidden();
  }

  /** A subscription of the caller's team (administrators: any), else subNotFound. */
  private async ownSubscription(user: SessionUser, id: string) {
    const sub = await this.d.repo.get(id);
    if (!sub || (sub.team_id !== user.team && user.rank !== 'admin'))
      throw new AppError('subNotFound', 'Subscription not found');
    return sub;
  }

  /**
   * Gives the project the plan of its richest granting subscription, at once; with none,
   * a running trial stays and anything else falls back to free. Nothing recorded is deleted
   * here: the retention sweep applies the new plan's retention when it next runs.
   */
  private async syncProject(repo: SubscriptionsRepository, projectId: string | null) {
    if (!projectId) return;
    const project = await repo.project(projectId);
    if (!project) return;
    const granting = (await repo.ofProject(projectId)).filter((s) => GRANTING.includes(s.status));
    const best = granting.map((s) => planOf(s.plan)).sort((a, b) => PLAN_RANK[b] - PLAN_RANK[a])[0];
    if (best) {
      if (best !== project.logger_subscription) await repo.applyPlan(projectId, best);
      return;
    }
    const current = planOf(project.logger_subscription);
    const trialRuns = current === 'trial' && Number(project.logger_endlogdate) > this.now();
    if (!trialRuns && current !== 'free') await repo.applyPlan(projectId, 'free');
  }

  async list(user: SessionUser) {
    this.mayManage(user);
    await this.sweep();
    return { subscriptions: (await this.d.repo.ofTeam(user.team)).map(toItem) };
  }

  async status(user: SessionUser, id: string) {
    await this.sweep();
    const sub = await this.ownSubscription(user, id);
    const item = toItem(sub);
    return { _id: item._id, status: item.status, until: item.until };
  }

  /** A project viewer of another team sees the plan, not the owner team's subscription. */
  async ofProject(user: SessionUser, projectId: string): Promise<ProjectSubscription> {
    await this.sweep();
    const project = await this.d.repo.project(projectId);
    if (!project) throw notFound('project');
    const plan = planOf(project.logger_subscription);
    const current = (await this.d.repo.ofProject(projectId)).find((s) =>
      GRANTING.includes(s.status),
    );
    return {
      exists: !!current,
      plan: { name: plan, _id: plan },
      subscription: plan,
      trialEnds: plan === 'trial' ? Number(project.logger_endlogdate) : null,
      current:
        current && (user.team === project.team_id || user.rank === 'admin')
          ? toItem(current)
          : null,
    };
  }

  async hasFreeTrial(user: SessionUser) {
    if (user.team === NO_SUBSCRIPTION_TEAM) return { hasFreeTrial: false };
    return { hasFreeTrial: !(await this.d.repo.trialOf(user.team)) };
  }

  /**
   * Document 2 §4: a trial starts when the project is free, its endlogdate is 1 and the
   * team has its free trial still; once per team, else subAlreadyExists.
   */
  async startTrial(user: SessionUser, projectId: string) {
    this.mayManage(user);
    return this.d.repo.transaction(async (repo) => {
      const project = await repo.project(projectId);
      if (!project) throw notFound('project');
      if (project.logger_subscription !== 'free' || Number(project.logger_endlogdate) !== 1)
        throw new AppError('subAlreadyExists', 'This project already has a subscription');
      const now = this.now();
      const ends = now + TRIAL_DAYS * DAY_MS;
      const first = await repo.insertTrial({
        team_id: project.team_id,
        project_id: projectId,
        started_at: now,
        ends_at: ends,
      });
      if (!first) throw new AppError('subAlreadyExists', 'The team has had its free trial');
      await repo.applyPlan(projectId, 'trial', ends);
      return { projectId, subscription: 'trial' as const, trialEnds: ends };
    });
  }

  /** Links a subscription of the team to the project (document 3 §7: subId, projectId, planId). */
  async link(
    user: SessionUser,
    projectId: string,
    body: { subId: string; projectId: string; planId?: string },
  ) {
    this.mayManage(user);
    if (body.projectId !== projectId)
      throw new AppError('validation', 'projectId differs from the path');
    const sub = await this.ownSubscription(user, body.subId);
    if (!GRANTING.includes(sub.status))
      throw new AppError('subNotActive', 'Subscription not active');
    if (body.planId !== undefined && body.planId !== sub.plan && body.planId !== sub.id)
      throw new AppError('validation', 'planId differs from the subscription’s plan');
    const project = await this.d.repo.project(projectId);
    if (!project || project.team_id !== sub.team_id) throw notFound('project');
    return this.d.repo.transaction(async (repo) => {
      await repo.update(sub.id, { project_id: projectId });
      await this.syncProject(repo, sub.project_id);
      await this.syncProject(repo, projectId);
      const now = await repo.get(sub.id);
      return { subscription: toItem(now!) };
    });
  }

  /** Buying a plan: Checkout (Stripe) or the team's billing page (manual). */
  async create(user: SessionUser, body: { subscriptions: { plan: string; projectId?: string }[] }) {
    this.mayManage(user);
    const [item] = body.subscriptions;
    const plan = paidPlanSchema.parse(item!.plan);
    if (item!.projectId) {
      const project = await this.d.repo.project(item!.projectId);
      if (!project || project.team_id !== user.team) throw notFound('project');
    }
    const team = (await this.d.repo.team(user.team)) ?? { id: user.team, name: user.team };
    return { url: await this.d.provider.checkoutUrl(team, plan, item!.projectId) };
  }

  async portal(user: SessionUser) {
    this.mayManage(user);
    const team = (await this.d.repo.team(user.team)) ?? { id: user.team, name: user.team };
    return { url: await this.d.provider.portalUrl(team) };
  }

  /** Cancels a subscription of the team; a cancelled one: subNotActive. */
  async unsubscribe(user: SessionUser, id: string) {
    this.mayManage(user);
    const sub = await this.ownSubscription(user, id);
    return { subscription: await this.cancelRow(sub) };
  }

  private async cancelRow(sub: SubscriptionView) {
    if (!GRANTING.includes(sub.status))
      throw new AppError('subNotActive', 'Subscription not active');
    if (sub.provider === 'stripe' && sub.external_id) {
      if (!this.d.stripe) throw new AppError('unavailable', 'Stripe is not configured');
      await this.d.stripe.cancel(sub.external_id);
    }
    return this.d.repo.transaction(async (repo) => {
      await repo.update(sub.id, { status: 'cancelled' });
      await this.syncProject(repo, sub.project_id);
      return toItem((await repo.get(sub.id))!);
    });
  }

  // ---- administrators: manual billing ----

  async adminList(q: { team?: string; status?: string; offset: number; limit: number }) {
    await this.sweep();
    const { rows, total } = await this.d.repo.page(q);
    return { subscriptions: rows.map(toItem), total };
  }

  async grant(body: GrantSubscriptionBody) {
    let teamId = body.teamId;
    if (body.projectId) {
      const project = await this.d.repo.project(body.projectId);
      if (!project) throw notFound('project');
      if (teamId && project.team_id !== teamId)
        throw new AppError('validation', 'The project is not the team’s');
      teamId = project.team_id;
    }
    const team = await this.d.repo.team(teamId!);
    if (!team) throw notFound('team');
    const now = this.now();
    const id = newId();
    return this.d.repo.transaction(async (repo) => {
      await repo.insert({
        id,
        team_id: team.id,
        project_id: body.projectId ?? null,
        plan: body.plan,
        status: body.until != null && body.until < now ? 'cancelled' : 'active',
        provider: 'manual',
        nickname: body.nickname || `${body.plan[0]!.toUpperCase()}${body.plan.slice(1)}`,
        external_id: null,
        until: body.until ?? null,
        created_at: now,
        updated_at: now,
      });
      await this.syncProject(repo, body.projectId ?? null);
      return { subscription: toItem((await repo.get(id))!) };
    });
  }

  async adminUpdate(id: string, body: { plan?: PlanName; until?: number | null }) {
    const sub = await this.d.repo.get(id);
    if (!sub) throw new AppError('subNotFound', 'Subscription not found');
    if (sub.provider !== 'manual')
      throw new AppError('validation', 'Stripe subscriptions change in Stripe');
    if (!GRANTING.includes(sub.status))
      throw new AppError('subNotActive', 'Subscription not active');
    return this.d.repo.transaction(async (repo) => {
      await repo.update(id, {
        ...(body.plan ? { plan: planNameSchema.parse(body.plan) } : {}),
        ...(body.until !== undefined ? { until: body.until } : {}),
      });
      await this.syncProject(repo, sub.project_id);
      return { subscription: toItem((await repo.get(id))!) };
    });
  }

  async adminCancel(id: string) {
    const sub = await this.d.repo.get(id);
    if (!sub) throw new AppError('subNotFound', 'Subscription not found');
    return { subscription: await this.cancelRow(sub) };
  }

  /** Ends manual grants past their date and trials past their end (also run on reads). */
  async sweep(now = this.now()) {
    for (const s of await this.d.repo.expired(now)) {
      await this.d.repo.transaction(async (repo) => {
        await repo.update(s.id, { status: 'cancelled' });
        await this.syncProject(repo, s.project_id);
      });
    }
    for (const p of await this.d.repo.endedTrials(now)) await this.syncProject(this.d.repo, p.id);
  }

  // ---- Stripe webhooks: the source of truth for Stripe subscriptions ----

  /** Applies a verified Stripe event once; a replayed event id changes nothing. */
  async applyStripeEvent(event: Stripe.Event): Promise<{ received: true; replay: boolean }> {
    return this.d.repo.transaction(async (repo) => {
      if (!(await repo.firstTime(event.id, event.type))) return { received: true, replay: true };
      const obj = event.data.object as unknown as Record<string, unknown>;
      const type: string = event.type;
      switch (type) {
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          await this.upsertStripeSubscription(
            repo,
            obj,
            event.type === 'customer.subscription.deleted' ? 'cancelled' : undefined,
          );
          break;
        case 'invoice.payment_failed': {
          const subId = invoiceSubscription(obj);
          const sub = subId ? await repo.byExternal(subId) : undefined;
          if (sub && sub.status !== 'cancelled') {
            await repo.update(sub.id, { status: 'past_due' });
            await this.syncProject(repo, sub.project_id);
          }
          break;
        }
        default:
          break;
      }
      return { received: true, replay: false };
    });
  }

  private async upsertStripeSubscription(
    repo: SubscriptionsRepository,
    obj: Record<string, unknown>,
    forced?: SubscriptionStatus,
  ) {
    const externalId = typeof obj.id === 'string' ? obj.id : undefined;
    if (!externalId) return;
    const metadata = (obj.metadata ?? {}) as Record<string, string>;
    const items = ((obj.items as { data?: unknown[] } | undefined)?.data ?? []) as {
      price?: { id?: string };
      current_period_end?: number;
    }[];
    const plan =
      paidPlanSchema.safeParse(metadata.plan).data ??
      this.d.stripe?.planOfPrice(items[0]?.price?.id);
    const status = forced ?? stripeStatus(typeof obj.status === 'string' ? obj.status : '');
    const periodEnd =
      items[0]?.current_period_end ?? (obj.current_period_end as number | undefined);
    const until = typeof periodEnd === 'number' ? periodEnd * 1000 : null;
    const known = await repo.byExternal(externalId);
    if (known) {
      await repo.update(known.id, { status, until, ...(plan ? { plan } : {}) });
      await this.syncProject(repo, known.project_id);
      return;
    }
    const customer = typeof obj.customer === 'string' ? obj.customer : undefined;
    const teamId =
      metadata.team ?? (customer ? (await repo.teamOfCustomer(customer))?.team_id : undefined);
    if (!teamId || !plan || !(await repo.team(teamId))) return;
    const project = metadata.projectId ? await repo.project(metadata.projectId) : undefined;
    const now = this.now();
    await repo.insert({
      id: newId(),
      team_id: teamId,
      project_id: project && project.team_id === teamId ? project.id : null,
      plan,
      status,
      provider: 'stripe',
      nickname: `${plan[0]!.toUpperCase()}${plan.slice(1)}`,
      external_id: externalId,
      until,
      created_at: now,
      updated_at: now,
    });
    await this.syncProject(repo, project?.id ?? null);
  }
}

/** The subscription id of an invoice (API 2025+: parent.subscription_details; older: subscription). */
function invoiceSubscription(obj: Record<string, unknown>): string | undefined {
  const parent = obj.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  const s = parent?.subscription_details?.subscription ?? obj.subscription;
  if (typeof s === 'string') return s;
  if (s && typeof s === 'object' && typeof (s as { id?: unknown }).id === 'string')
    return (s as { id: string }).id;
  return undefined;
}

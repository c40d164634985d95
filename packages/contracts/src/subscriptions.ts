import { z } from 'zod';
import { grantablePlanSchema, paidPlanSchema, planNameSchema, type PlanName } from './plans';

/**
 * Subscriptions and billing (document 2 §3-4, §7; document 3 §7 "Subscription calls";
 * issue 17, decision 0026). A subscription belongs to a team and is linked to at most one
 * project, whose limits follow its plan (packages/contracts/src/plans.ts).
 */

/** Statuses of a subscription (document 2 §3); `other` is shown as unknown. */
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'past_due', 'other'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Document 2 §4: active green, cancelled red, past_due orange, unknown red labelled unknown. */
export const SUBSCRIPTION_STATUS_COLOURS: Readonly<
  Record<SubscriptionStatus, 'success' | 'error' | 'warning'>
> = { active: 'success', cancelled: 'error', past_due: 'warning', other: 'error' };

/** Who bills a subscription. */
export const BILLING_PROVIDERS = ['manual', 'stripe'] as const;
export const billingProviderSchema = z.enum(BILLING_PROVIDERS);
export type BillingProvider = z.infer<typeof billingProviderSchema>;

const idSchema = z.string().min(1).max(64);

/** A subscription in a list (document 2 §3): _id, nickname, status, plan.name, project.name. */
export const subscriptionItem = z.object({
  _id: z.string(),
  nickname: z.string(),
  status: subscriptionStatusSchema,
  plan: z.object({ name: planNameSchema, _id: z.string() }),
  project: z.object({ _id: z.string(), name: z.string() }).nullable(),
  provider: billingProviderSchema,
  /** The end of the paid period (ms), or null when open-ended. */
  until: z.number().nullable(),
  team: z.object({ _id: z.string(), name: z.string() }),
  createdAt: z.number(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItem>;

/** GET /api/subscriptions: the caller's team's subscriptions. */
export const subscriptionsReply = z.object({ subscriptions: z.array(subscriptionItem) });

/** GET /api/subscriptions/status/{id}: one subscription's status. */
export const subscriptionStatusReply = z.object({
  _id: z.string(),
  status: subscriptionStatusSchema,
  until: z.number().nullable(),
});

/**
 * GET /api/subscriptions/{projectId}: the project view (document 2 §3: exists, plan
 * {name, _id}), with the project's current plan, a trial's end and the linked subscription.
 */
export const projectSubscriptionReply = z.object({
  exists: z.boolean(),
  plan: z.object({ name: planNameSchema, _id: z.string() }),
  /** The project's `logger.subscription`. */
  subscription: planNameSchema,
  /** A trial's end (ms), else null. */
  trialEnds: z.number().nullable(),
  /** The linked subscription, if any. */
  current: subscriptionItem.nullable(),
});
export type ProjectSubscription = z.infer<typeof projectSubscriptionReply>;

/** GET /api/subscriptions/hasFreeTrial: whether the caller's team may still start a trial. */
export const hasFreeTrialReply = z.object({ hasFreeTrial: z.boolean() });

/** GET /api/subscriptions/startTrial/{projectId}: the trial started and when it ends. */
export const startTrialReply = z.object({
  projectId: z.string(),
  subscription: z.literal('trial'),
  trialEnds: z.number(),
});

/** POST /api/subscriptions/{projectId}: link a subscription of the team to the project. */
export const linkSubscriptionBody = z.strictObject({
  subId: idSchema,
  projectId: idSchema,
  /** The plan the caller expects (checked against the subscription's when given). */
  planId: z.string().max(64).optional(),
});
export const linkSubscriptionReply = z.object({ subscription: subscriptionItem });

/**
 * POST /api/subscriptions: buy a subscription. With Stripe the reply's URL is a Checkout
 * session; with manual billing it is the team's billing page (an administrator grants it).
 */
export const newSubscriptionBody = z.strictObject({
  subscriptions: z
    .array(z.strictObject({ plan: paidPlanSchema, projectId: idSchema.optional() }))
    .min(1)
    .max(1),
});
export const urlReply = z.object({ url: z.string() });

/** GET /api/subscriptions/unsubscribe/{id}: the subscription as it now is. */
export const unsubscribeReply = z.object({ subscription: subscriptionItem });

export const subscriptionIdParam = z.object({ id: idSchema });
export const projectIdParam = z.object({ projectId: idSchema });

// ---- administrators (manual billing; the admin console calls these) ----

/** GET /api/admin/subscriptions: every team's subscriptions, filtered and paged. */
export const adminSubscriptionsQuery = z.object({
  team: z.string().max(100).optional().describe('team id or a part of its name'),
  status: subscriptionStatusSchema.optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const adminSubscriptionsReply = z.object({
  subscriptions: z.array(subscriptionItem),
  total: z.number(),
});

/** POST /api/admin/subscriptions: grant a plan to a team (optionally linked to a project). */
export const grantSubscriptionBody = z
  .strictObject({
    teamId: idSchema.optional(),
    projectId: idSchema.optional(),
    plan: grantablePlanSchema,
    /** The end of the granted period (ms); null or absent: until cancelled. */
    until: z.number().int().positive().nullable().optional(),
    nickname: z.string().trim().max(100).optional(),
  })
  .refine((b) => b.teamId !== undefined || b.projectId !== undefined, {
    message: 'teamId or projectId',
  });
export type GrantSubscriptionBody = z.infer<typeof grantSubscriptionBody>;

/** POST /api/admin/subscriptions/{id}: extend (until) or change the plan of a subscription. */
export const updateSubscriptionBody = z
  .strictObject({
    plan: grantablePlanSchema.optional(),
    until: z.number().int().positive().nullable().optional(),
  })
  .refine((b) => b.plan !== undefined || b.until !== undefined, { message: 'plan or until' });

export const adminSubscriptionReply = z.object({ subscription: subscriptionItem });

/** The label a status is shown with (`other` reads "unknown", document 2 §4). */
export const statusLabelKey = (s: SubscriptionStatus) =>
  s === 'other' ? 'subscriptions.status.unknown' : `subscriptions.status.${s}`;

/** Whether a plan name is one a project can hold (document 2 §3). */
export const isPlan = (name: string): name is PlanName => planNameSchema.safeParse(name).success;

import { z } from 'zod';

/**
 * Subscription plans (document 2 §3-4: a project's `logger.subscription` is free, trial,
 * custhome or a plan name). Shortest retention first for the sold ones.
 */
export const PLAN_NAMES = ['free', 'trial', 'custhome', 'starter', 'pro'] as const;
export const planNameSchema = z.enum(PLAN_NAMES);
export type PlanName = z.infer<typeof planNameSchema>;

/** The plans a team pays for (a subscription of a billing provider). */
export const PAID_PLANS = ['starter', 'pro'] as const;
export const paidPlanSchema = z.enum(PAID_PLANS);
export type PaidPlan = z.infer<typeof paidPlanSchema>;

/** The plans an administrator may grant by hand (manual billing, decision 0026). */
export const GRANTABLE_PLANS = ['starter', 'pro', 'custhome'] as const;
export const grantablePlanSchema = z.enum(GRANTABLE_PLANS);

/**
 * What a plan grants a project: monitored addresses, alert thresholds, months of recorded
 * data kept (with the spec's retention label) and remote-access (VPN) hours.
 */
export interface PlanLimits {
  addresses: number;
  maxThresholds: number;
  retentionMonths: number;
  retention: 'monthly' | 'quaterly' | 'yearly';
  vpnHours: number;
}

/**
 * The one table of plan figures (issue 17, decision 0026). Free, Starter and Pro are the
 * real product's (issue 4, point 4); a trial lets a team try Pro for TRIAL_DAYS; custhome
 * (a contract outside the console) gets Pro's figures. Every limit check reads this table.
 */
export const PLANS: Readonly<Record<PlanName, Readonly<PlanLimits>>> = {
  free: { addresses: 50, maxThresholds: 10, retentionMonths: 1, retention: 'monthly', vpnHours: 2 },
  trial: {
    addresses: 2000,
    maxThresholds: 100,
    retentionMonths: 12,
    retention: 'yearly',
    vpnHours: 48,
  },
  custhome: {
    addresses: 2000,
    maxThresholds: 100,
    retentionMonths: 12,
    retention: 'yearly',
    vpnHours: 48,
  },
  starter: {
    addresses: 500,
    maxThresholds: 30,
    retentionMonths: 4,
    retention: 'quaterly',
    vpnHours: 12,
  },
  pro: {
    addresses: 2000,
    maxThresholds: 100,
    retentionMonths: 12,
    retention: 'yearly',
    vpnHours: 48,
  },
};

/** How long a free trial lasts (once per team). */
export const TRIAL_DAYS = 30;

/** The plan of a project's `logger.subscription`; anything unknown counts as free. */
export const planOf = (subscription: string | null | undefined): PlanName =>
  PLAN_NAMES.find((p) => p === subscription) ?? 'free';

/** A plan's limits as the project's stored logger columns (written when the plan changes). */
export const loggerColumnsOf = (plan: PlanName) => ({
  logger_subscription: plan,
  logger_retention: PLANS[plan].retention,
  logger_address: PLANS[plan].addresses,
  logger_max_thresholds: PLANS[plan].maxThresholds,
  logger_vpn: PLANS[plan].vpnHours,
});

/** The longest retention of any plan: data older than this can go for every project at once. */
export const MAX_RETENTION_MONTHS = Math.max(...PLAN_NAMES.map((p) => PLANS[p].retentionMonths));
/** The shortest retention of any plan. */
export const MIN_RETENTION_MONTHS = Math.min(...PLAN_NAMES.map((p) => PLANS[p].retentionMonths));

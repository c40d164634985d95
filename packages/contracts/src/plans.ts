import { z } from 'zod';

/** Subscription plans, cheapest first. */
export const PLAN_NAMES = ['free', 'starter', 'pro'] as const;
export const planNameSchema = z.enum(PLAN_NAMES);
export type PlanName = z.infer<typeof planNameSchema>;

/** What a plan allows: monitored addresses, months of recorded data kept, remote-access hours. */
export interface PlanLimits {
  addresses: number;
  retentionMonths: number;
  vpnHours: number;
}

/** Default limits per plan, taken from the real product (issue 4, point 4). */
export const PLANS: Readonly<Record<PlanName, Readonly<PlanLimits>>> = {
  free: { addresses: 50, retentionMonths: 1, vpnHours: 2 },
  starter: { addresses: 500, retentionMonths: 4, vpnHours: 12 },
  pro: { addresses: 2000, retentionMonths: 12, vpnHours: 48 },
};

/** The longest retention of any plan: data older than this can go for every project at once. */
export const MAX_RETENTION_MONTHS = Math.max(...PLAN_NAMES.map((p) => PLANS[p].retentionMonths));

import { z } from 'zod';
import { gatewayTypeSchema } from './gateway';

/** How many projects the "needs attention" list holds at most (decision 0023). */
export const FLEET_ATTENTION_MAX = 20;
/** Alerts raised this long ago or less count as recent on the fleet home (decision 0023). */
export const FLEET_RECENT_MS = 7 * 24 * 60 * 60 * 1000;

const count = z.number().int().min(0);

/** One gateway type's share of the fleet. */
export const fleetTypeCountSchema = z.object({
  type: gatewayTypeSchema,
  total: count,
  online: count,
  outdated: count,
});
export type FleetTypeCount = z.infer<typeof fleetTypeCountSchema>;

/**
 * A project that needs attention: gateways offline, updates that failed in the last
 * FLEET_RECENT_MS, alerts still open or raised in that time.
 */
export const fleetAttentionSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  offline: count.describe('gateways of the project not online'),
  failedUpdates: count.describe('updates refused or failed in the last 7 days'),
  activeAlerts: count.describe('alerts open, or raised in the last 7 days'),
  openAlerts: count.describe('of those, the alerts still open'),
  lastAlertAt: z.number().optional().describe('epoch ms of the newest of those alerts'),
});
export type FleetAttention = z.infer<typeof fleetAttentionSchema>;

/**
 * GET /api/fleet/summary: the caller's fleet (its team's projects and gateways, projects it
 * views, gateways shared with it; every gateway for administrators). `outdated` counts the
 * gateways whose version is below their type's reference version (status outdated or EOL).
 * `attention` is sorted most urgent first and holds at most FLEET_ATTENTION_MAX projects.
 */
export const fleetSummaryReply = z.object({
  gateways: z.object({
    total: count,
    online: count,
    offline: count,
    outdated: count,
    byType: z.array(fleetTypeCountSchema),
  }),
  attention: z.array(fleetAttentionSchema),
  projects: count.describe('projects the caller sees'),
});
export type FleetSummary = z.infer<typeof fleetSummaryReply>;

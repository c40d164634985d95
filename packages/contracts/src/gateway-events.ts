import { z } from 'zod';

/**
 * Gateway event history and uptime (issue 16, point 5; decision 0021): per gateway, what
 * happened — online/offline with the length of the previous state, reboots, firmware
 * updates (from, to, result), configuration and password changes, and who sent which
 * command — kept as long as the project's plan keeps recorded data.
 */

/**
 * online / offline: the gateway's connection changed (data.durationMs: how long it had been
 * in the previous state, null when unknown). reboot: a reboot command was sent. update: a
 * firmware update started, ended (done) or failed. config: the configuration changed (pool
 * type, configuration transfer, Modbus configuration). password: IDs changed. command: any
 * other command a user sent (flow editor restart/update, remote access, tokens…).
 */
export const GATEWAY_EVENT_KINDS = [
  'online',
  'offline',
  'reboot',
  'update',
  'config',
  'password',
  'command',
] as const;
export const gatewayEventKind = z.enum(GATEWAY_EVENT_KINDS);
export type GatewayEventKind = z.infer<typeof gatewayEventKind>;

export const UPDATE_RESULTS = ['started', 'done', 'failed'] as const;
export type UpdateResult = (typeof UPDATE_RESULTS)[number];

/** Kind-specific fields; every field is optional so older rows stay readable. */
export const gatewayEventData = z.object({
  /** online/offline: how long the gateway had been in the previous state (ms), null if unknown. */
  durationMs: z.number().nullable().optional(),
  /** The command a user sent (protocol name: reboot, update, config.password, vpn.open…). */
  command: z.string().optional(),
  /** update: the firmware before, the target, and how it went. */
  from: z.string().nullable().optional(),
  to: z.string().nullable().optional(),
  result: z.enum(UPDATE_RESULTS).optional(),
  /** update: MAIN or beta. */
  branch: z.string().optional(),
  /** update failed / command refused: a console message key (firmwareChecksumMismatch…). */
  error: z.string().optional(),
  /** config: what changed (pool type value, the source gateway of a transfer…). */
  detail: z.string().optional(),
});
export type GatewayEventData = z.infer<typeof gatewayEventData>;

export const gatewayEvent = z.object({
  id: z.string(),
  /** The gateway's MAC, stored form (12 lowercase hex). */
  mac: z.string(),
  /** Epoch ms. */
  at: z.number(),
  kind: gatewayEventKind,
  /** The e-mail of the user who caused it; null for what the gateway did by itself. */
  user: z.string().nullable(),
  data: gatewayEventData,
  /** The team-wide list (GET /api/gateway-events) fills these. */
  gatewayName: z.string().nullable().optional(),
  projectId: z.string().nullable().optional(),
  projectName: z.string().nullable().optional(),
});
export type GatewayEvent = z.infer<typeof gatewayEvent>;

export const GATEWAY_EVENTS_PAGE_MAX = 200;
export const GATEWAY_EVENTS_PAGE_DEFAULT = 50;
/** The fleet-wide list: the most recent events, at most this many. */
export const RECENT_GATEWAY_EVENTS_MAX = 50;

/** A comma list of kinds (`online,offline`); unknown kinds are a validation error. */
const kindsList = z
  .string()
  .max(200)
  .transform((s, ctx) => {
    const kinds = s
      .split(',')
      .map((k) => k.trim())
      .filter((k) => k !== '');
    const parsed: GatewayEventKind[] = [];
    for (const k of kinds) {
      const r = gatewayEventKind.safeParse(k);
      if (!r.success) {
        ctx.addIssue({ code: 'custom', message: 'invalidForm' });
        return z.NEVER;
      }
      parsed.push(r.data);
    }
    return parsed;
  });

/** Paging cursor: opaque to the console (`{at}_{id}` of the last event seen). */
export const gatewayEventsCursor = z.string().regex(/^\d{1,15}_[\w-]{1,64}$/, 'invalidForm');

/** GET /api/gateway-events/{mac}: newest first, within [from, to], the given kinds. */
export const gatewayEventsQuery = z.strictObject({
  from: z.coerce.number().int().min(0).optional().describe('epoch ms, inclusive'),
  to: z.coerce.number().int().min(0).optional().describe('epoch ms, inclusive'),
  kinds: kindsList.optional().describe('comma list of kinds; all when absent'),
  limit: z.coerce.number().int().min(1).max(GATEWAY_EVENTS_PAGE_MAX).optional(),
  cursor: gatewayEventsCursor.optional().describe('`next` of the previous page'),
});
export type GatewayEventsQuery = z.input<typeof gatewayEventsQuery>;

export const gatewayEventsReply = z.object({
  events: z.array(gatewayEvent),
  /** Present when older events remain: pass it as `cursor`. */
  next: z.string().optional(),
});
export type GatewayEventsReply = z.infer<typeof gatewayEventsReply>;

/** GET /api/gateway-events: the most recent events across every gateway the caller sees. */
export const recentGatewayEventsQuery = z.strictObject({
  kinds: kindsList.optional(),
  limit: z.coerce.number().int().min(1).max(RECENT_GATEWAY_EVENTS_MAX).optional(),
});
export const recentGatewayEventsReply = z.object({ events: z.array(gatewayEvent) });

/**
 * GET /api/gateway-events/{mac}/uptime: the share of each window (last 24 h, 7 days, 30 days)
 * the gateway was online, 0..1; null when nothing is known of that window.
 */
export const gatewayUptimeReply = z.object({
  h24: z.number().min(0).max(1).nullable(),
  d7: z.number().min(0).max(1).nullable(),
  d30: z.number().min(0).max(1).nullable(),
});
export type GatewayUptime = z.infer<typeof gatewayUptimeReply>;

/** Socket.io event of a new gateway event, relayed to the gateway's project room. */
export const GATEWAY_EVENT_SOCKET_EVENT = 'gateway:event';

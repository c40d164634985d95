import { z } from 'zod';
import { macSchema } from './gateway';
import { groupAddressSchema } from './gateway-protocol';
import { modbusMeasurement, valueIdOf } from './modbus-measurement';
import type { GatewayType } from './limits';
import { versionAtLeast } from './version';

/**
 * Alerts and notifications (document 2 §2-§5, issue 14): thresholds, the notification
 * settings, the alert history, muting windows and the KNX health watchdog.
 */

/** Threshold types: DPT 1 gives isTrue/isFalse; other valid DPTs give >, <, = (§5). */
export const BOOLEAN_THRESHOLD_TYPES = ['isTrue', 'isFalse'] as const;
export const NUMERIC_THRESHOLD_TYPES = ['>', '<', '='] as const;
export const THRESHOLD_TYPES = [...BOOLEAN_THRESHOLD_TYPES, ...NUMERIC_THRESHOLD_TYPES] as const;
export type ThresholdType = (typeof THRESHOLD_TYPES)[number];

/**
 * DPT main types a threshold may watch: those whose telegram value is one boolean or one
 * number (decision 0018). Structured types (colours, dates, strings) are refused (invalidDPT).
 */
export const THRESHOLD_MAIN_TYPES: readonly number[] = [1, 5, 6, 7, 8, 9, 12, 13, 14, 17, 20];

/** Main type of a DPT written `9`, `9.001`, `DPT-9`, `DPST-9-1`; undefined when unreadable. */
export function dptMainType(dpt: string): number | undefined {
  const m = /^(?:DPS?T-)?(\d{1,3})(?:[.-]\d{1,5})?$/i.exec(dpt.trim());
  return m?.[1] ? Number(m[1]) : undefined;
}

/** The types a threshold on `dpt` may take (empty for a DPT thresholds do not support). */
export function thresholdTypesFor(dpt: string): readonly ThresholdType[] {
  const main = dptMainType(dpt);
  if (main === undefined || !THRESHOLD_MAIN_TYPES.includes(main)) return [];
  return main === 1 ? BOOLEAN_THRESHOLD_TYPES : NUMERIC_THRESHOLD_TYPES;
}

/** The types a threshold on `address` may take: a Modbus value (`modbus:{id}`) is a number. */
export function thresholdTypesAt(address: string, dpt: string): readonly ThresholdType[] {
  return valueIdOf(address) !== null ? NUMERIC_THRESHOLD_TYPES : thresholdTypesFor(dpt);
}

/**
 * Firmware from which each gateway type evaluates thresholds (§5): cloud 7.1, pool 7.4,
 * link 1.3, emergency always; other types never.
 */
export const THRESHOLD_FIRMWARE: Readonly<
  Record<GatewayType, { major: number; minor: number } | 'always' | 'never'>
> = {
  kloudnx: { major: 7, minor: 1 },
  poolnx: { major: 7, minor: 4 },
  klocknx: { major: 1, minor: 3 },
  emergynx: 'always',
  grafnx: 'never',
};

/** Whether a gateway of this type and firmware may carry thresholds. */
export function thresholdsAllowed(type: GatewayType, version: string | null | undefined): boolean {
  const min = THRESHOLD_FIRMWARE[type];
  if (min === 'always') return true;
  if (min === 'never') return false;
  return versionAtLeast(version, min);
}

export const THRESHOLD_NAME_MAX = 50;

/** A Modbus value as a threshold's address: `modbus:{value id}` (ids as the server makes them). */
export const modbusThresholdAddress = z
  .string()
  .regex(new RegExp(`^${modbusMeasurement('[\\w-]{1,64}')}$`), 'invalidGroupAddress');

/**
 * One threshold as the console sends it; `_id` keeps an existing rule (and its alert). The
 * address is a group address, or a Modbus value `modbus:{id}` (decision 0020): that one is a
 * number with its unit, so its DPT is '' and its types are >, <, =.
 */
export const thresholdSchema = z
  .strictObject({
    _id: z.string().min(1).max(64).optional(),
    name: z.string().trim().min(1, 'required').max(THRESHOLD_NAME_MAX, 'invalidForm'),
    gateway: macSchema,
    address: z.union([groupAddressSchema, modbusThresholdAddress], {
      error: 'invalidGroupAddress',
    }),
    dpt: z.string().trim().max(16, 'invalidDPT'),
    type: z.enum(THRESHOLD_TYPES, { message: 'invalidForm' }),
    value: z.number().finite().nullable().optional(),
    enabled: z.boolean(),
  })
  .superRefine((t, ctx) => {
    if (valueIdOf(t.address) !== null) {
      if (t.dpt !== '') ctx.addIssue({ code: 'custom', message: 'invalidDPT', path: ['dpt'] });
      if (!thresholdTypesAt(t.address, t.dpt).includes(t.type))
        ctx.addIssue({ code: 'custom', message: 'invalidForm', path: ['type'] });
      if (t.value === null || t.value === undefined)
        ctx.addIssue({ code: 'custom', message: 'invalidForm', path: ['value'] });
      return;
    }
    if (t.dpt === '') return ctx.addIssue({ code: 'custom', message: 'addressHasNoDpt' });
    const types = thresholdTypesFor(t.dpt);
    if (types.length === 0) return ctx.addIssue({ code: 'custom', message: 'invalidDPT' });
    if (!types.includes(t.type)) ctx.addIssue({ code: 'custom', message: 'invalidForm' });
    if (dptMainType(t.dpt) !== 1 && (t.value === null || t.value === undefined))
      ctx.addIssue({ code: 'custom', message: 'invalidForm', path: ['value'] });
  });
export type ThresholdInput = z.input<typeof thresholdSchema>;

/** A stored threshold: the value is null for DPT 1. */
export const storedThreshold = z.object({
  _id: z.string(),
  name: z.string(),
  gateway: z.string(),
  address: z.string(),
  dpt: z.string(),
  type: z.enum(THRESHOLD_TYPES),
  value: z.number().nullable(),
  enabled: z.boolean(),
});
export type Threshold = z.infer<typeof storedThreshold>;

/** Hard ceiling of one project's list, whatever its plan says. */
export const THRESHOLDS_HARD_MAX = 1000;

/** POST /api/project/logs/thresholds/{id}: the whole list (a rule left out is removed). */
export const thresholdsBody = z.strictObject({
  thresholds: z.array(thresholdSchema).max(THRESHOLDS_HARD_MAX, 'thresholdsLimit'),
});
export const thresholdsReply = z.object({ thresholds: z.array(storedThreshold) });

// --- notifications --------------------------------------------------------------------

export const NOTIFICATION_EVENT_KEYS = ['status', 'voltage', 'thresholds'] as const;
export const NOTIFICATION_CHANNELS = ['email', 'pushover'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** The languages of the console (German is not offered yet). */
export const NOTIFICATION_LANGUAGES = ['fr', 'en'] as const;

/** "HH:MM", 00:00 to 23:59. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalidForm');

/** Quiet hours of a channel, in Paris time; start after end spans midnight (22:00-07:00). */
export const quietHoursSchema = z.object({ enabled: z.boolean(), start: clock, end: clock });
export type QuietHours = z.infer<typeof quietHoursSchema>;
export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: false, start: '22:00', end: '07:00' };

/** A basic e-mail pattern (§5: "each filled one must match a basic email pattern"). */
export const MAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PUSHOVER_FIELD_MAX = 64;

const events = z.strictObject({
  status: z.boolean(),
  voltage: z.boolean(),
  thresholds: z.boolean(),
});

/**
 * POST /api/project/notifications/{id} (§3, §5): e-mail needs one or two valid addresses
 * (mailBody), Pushover needs the user key and the API token (pushoverFieldEmpty).
 */
export const notificationBody = z
  .strictObject({
    email: z.strictObject({
      enabled: z.boolean(),
      options: z.strictObject({ mails: z.array(z.string().trim().max(254, 'mailBody')).max(2) }),
      events,
      quietHours: quietHoursSchema.optional(),
    }),
    pushover: z.strictObject({
      enabled: z.boolean(),
      options: z.strictObject({
        user: z.string().trim().max(PUSHOVER_FIELD_MAX, 'pushoverFieldEmpty'),
        token: z.string().trim().max(PUSHOVER_FIELD_MAX, 'pushoverFieldEmpty'),
      }),
      events,
      quietHours: quietHoursSchema.optional(),
    }),
    /** The language of the mails and pushes: the console's when the settings were saved. */
    language: z.enum(NOTIFICATION_LANGUAGES).optional(),
  })
  .superRefine((n, ctx) => {
    const mails = n.email.options.mails.filter((m) => m !== '');
    if (n.email.enabled && (mails.length === 0 || !mails.every((m) => MAIL_PATTERN.test(m))))
      ctx.addIssue({ code: 'custom', message: 'mailBody', path: ['email'] });
    if (!n.email.enabled && n.email.options.mails.some((m) => m !== '' && !MAIL_PATTERN.test(m)))
      ctx.addIssue({ code: 'custom', message: 'mailBody', path: ['email'] });
    const { user, token } = n.pushover.options;
    if (n.pushover.enabled && (user === '' || token === ''))
      ctx.addIssue({ code: 'custom', message: 'pushoverFieldEmpty', path: ['pushover'] });
  });
export type NotificationBody = z.input<typeof notificationBody>;

/** Why a channel stopped sending (Pushover refused the user key or token): cleared on save. */
export const channelProblem = z.object({ at: z.number(), reason: z.string() }).nullable();

// --- alerts -----------------------------------------------------------------------------

/** threshold, voltage, status (offline), stale (a silent address), busload. */
export const ALERT_KINDS = ['threshold', 'voltage', 'status', 'stale', 'busload'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** One alert: raised on entering the alarm state, cleared on leaving it. */
export const alertSchema = z.object({
  _id: z.string(),
  project: z.string(),
  gateway: z.string(),
  gatewayName: z.string().nullable(),
  kind: z.enum(ALERT_KINDS),
  /** The threshold's name, the address, or null (voltage, status, busload). */
  rule: z.string().nullable(),
  address: z.string().nullable(),
  addressName: z.string().nullable(),
  /** The threshold's test: '>' with its limit, and so on. */
  condition: z.string().nullable(),
  limit: z.number().nullable(),
  unit: z.string().nullable(),
  value: z.number().nullable(),
  raisedAt: z.number(),
  clearedAt: z.number().nullable(),
  clearValue: z.number().nullable(),
  muted: z.boolean(),
});
export type Alert = z.infer<typeof alertSchema>;

export const ALERTS_PAGE_MAX = 200;

export const alertsQuery = z.strictObject({
  mac: macSchema.optional(),
  kind: z.enum(ALERT_KINDS).optional(),
  state: z.enum(['open', 'cleared']).optional(),
  before: z.coerce.number().int().min(0).optional().describe('raisedAt of the last row seen'),
  limit: z.coerce.number().int().min(1).max(ALERTS_PAGE_MAX).optional(),
});
export const alertsReply = z.object({
  alerts: z.array(alertSchema),
  open: z.number(),
  problems: z.object({ email: channelProblem, pushover: channelProblem }),
  mutes: z.array(
    z.object({
      _id: z.string(),
      gateway: z.string().nullable(),
      until: z.number(),
      createdAt: z.number(),
    }),
  ),
});
export type AlertsReply = z.infer<typeof alertsReply>;

/** Open alerts per project the caller can see (the projects list's badge). */
export const openAlertsReply = z.object({ open: z.record(z.string(), z.number()) });

// --- muting -----------------------------------------------------------------------------

export const MUTE_MINUTES_MAX = 7 * 24 * 60;
/** The console's choices; any whole number of minutes up to a week is accepted. */
export const MUTE_CHOICES_MINUTES = [60, 240, 1440] as const;

export const muteBody = z.strictObject({
  gateway: macSchema.optional().describe('the whole project when absent'),
  minutes: z.number().int().min(1).max(MUTE_MINUTES_MAX, 'invalidForm'),
});
export const muteParams = z.object({
  id: z.string().min(1).max(64).describe('project id'),
  muteId: z.string().min(1).max(64),
});

// --- settings: offline delay, watchdog -------------------------------------------------

export const OFFLINE_DELAY_DEFAULT_S = 60;
export const OFFLINE_DELAY_MIN_S = 5;
export const OFFLINE_DELAY_MAX_S = 3600;
export const STALE_MINUTES_MAX = 7 * 24 * 60;
export const STALE_RULES_MAX = 200;

export const staleRule = z.strictObject({
  gateway: macSchema,
  address: groupAddressSchema,
  minutes: z.number().int().min(1).max(STALE_MINUTES_MAX, 'invalidForm'),
});
export type StaleRule = z.infer<typeof staleRule>;

export const alertSettingsSchema = z.strictObject({
  /** A gateway offline for less than this is a reconnect, not an outage. */
  offlineDelaySeconds: z
    .number()
    .int()
    .min(OFFLINE_DELAY_MIN_S, 'invalidForm')
    .max(OFFLINE_DELAY_MAX_S, 'invalidForm'),
  /** KNX health watchdog: addresses expected at least every N minutes. */
  stale: z.array(staleRule).max(STALE_RULES_MAX, 'invalidForm'),
  /** Bus load above `percent` for `minutes` raises `busload`. */
  busload: z.strictObject({
    enabled: z.boolean(),
    percent: z.number().min(1, 'invalidForm').max(100, 'invalidForm'),
    minutes: z.number().int().min(1, 'invalidForm').max(1440, 'invalidForm'),
  }),
});
/** The settings as stored and answered (MACs and addresses already normalised). */
export const storedAlertSettings = z.object({
  offlineDelaySeconds: z.number(),
  stale: z.array(z.object({ gateway: z.string(), address: z.string(), minutes: z.number() })),
  busload: z.object({ enabled: z.boolean(), percent: z.number(), minutes: z.number() }),
});
export type AlertSettings = z.infer<typeof storedAlertSettings>;
export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  offlineDelaySeconds: OFFLINE_DELAY_DEFAULT_S,
  stale: [],
  busload: { enabled: false, percent: 60, minutes: 5 },
};
export const alertSettingsReply = z.object({ settings: storedAlertSettings });

/** Socket.io event of a raised or cleared alert, in the project's room. */
export const ALERT_SOCKET_EVENT = 'project:alert';

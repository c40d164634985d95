import { z } from 'zod';
import { LIMITS } from './limits';
import { PLANS } from './plans';
import { GATEWAY_ADDONS, gatewayTypeSchema, macSchema } from './gateway';
import { emailSchema } from './user';
import { NOTIFICATION_LANGUAGES, quietHoursSchema, storedThreshold } from './alerts';

/**
 * The caller's role on a project: `owner` for the owning team's members (and
 * administrators), `viewer` for viewer-rank members and per-project viewers.
 */
export const PROJECT_ROLES = ['owner', 'viewer'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/**
 * What the projects list filters on (document 1 §2, "features"): each project
 * lists the ones it has.
 */
export const PROJECT_FEATURES = [
  'monitoring',
  'notification',
  'bossnx',
  'chartnx',
  'vpn',
  'emergynx',
  'klocknx',
] as const;
export type ProjectFeature = (typeof PROJECT_FEATURES)[number];

export const RETENTIONS = ['monthly', 'quaterly', 'yearly'] as const;

/** Logger settings of a project (document 2 §3) and their defaults for a new project. */
export const loggerSchema = z.object({
  subscription: z.string().describe('free, trial, custhome or a plan name'),
  retention: z.enum(RETENTIONS),
  endlogdate: z.number().describe('epoch ms; 1 means none'),
  pause: z.boolean(),
  status: z.enum(['active', 'inactive']),
  vpn: z.number().describe('hours of remote access included'),
  vpn_licence: z.number().describe('hours of remote access added by licences'),
  address: z.number().describe('maximum monitored addresses'),
  maxThresholds: z.number(),
  thresholds: z.array(storedThreshold),
  voltage: z.object({
    activate: z.boolean(),
    minimum: z.number().nullable(),
    maximum: z.number().nullable(),
  }),
});
export type Logger = z.infer<typeof loggerSchema>;

export const DEFAULT_LOGGER: Logger = {
  subscription: 'free',
  retention: PLANS.free.retention,
  endlogdate: 1,
  pause: false,
  status: 'active',
  vpn: PLANS.free.vpnHours,
  vpn_licence: 0,
  address: PLANS.free.addresses,
  maxThresholds: PLANS.free.maxThresholds,
  thresholds: [],
  voltage: { activate: false, minimum: null, maximum: null },
};

const NOTIFICATION_EVENTS = z.object({
  status: z.boolean(),
  voltage: z.boolean(),
  thresholds: z.boolean(),
});

/** Notification settings of a project (document 2 §3). */
export const notificationSchema = z.object({
  email: z.object({
    enabled: z.boolean(),
    options: z.object({ mails: z.array(z.string()).max(2) }),
    events: NOTIFICATION_EVENTS,
    quietHours: quietHoursSchema.optional(),
  }),
  pushover: z.object({
    enabled: z.boolean(),
    options: z.object({ user: z.string(), token: z.string() }),
    events: NOTIFICATION_EVENTS,
    quietHours: quietHoursSchema.optional(),
  }),
  /** The language of the mails and pushes (the console's when saved); French by default. */
  language: z.enum(NOTIFICATION_LANGUAGES).optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

const EVENTS_ON = { status: true, voltage: true, thresholds: false };
export const DEFAULT_NOTIFICATION: Notification = {
  email: { enabled: false, options: { mails: [] }, events: EVENTS_ON },
  pushover: { enabled: false, options: { user: '', token: '' }, events: EVENTS_ON },
};

/** Online indicator of the projects list: 2 all gateways online, 1 some, 0 none. */
export function onlineIndicator(gateways: readonly { online: boolean }[]): 0 | 1 | 2 {
  const online = gateways.filter((g) => g.online).length;
  if (online === 0) return 0;
  return online === gateways.length ? 2 : 1;
}

/** The features a project has, in PROJECT_FEATURES order. */
export function projectFeatures(p: {
  logger: Pick<Logger, 'subscription' | 'vpn_licence'>;
  notification: Notification;
  licences: { bossnx: number; chartnx: number };
  addons: readonly string[];
}): ProjectFeature[] {
  const has: Record<ProjectFeature, boolean> = {
    monitoring: p.logger.subscription !== 'free',
    notification: p.notification.email.enabled || p.notification.pushover.enabled,
    bossnx: p.licences.bossnx === 1,
    chartnx: p.licences.chartnx > 0,
    vpn: p.logger.vpn_licence > 0,
    emergynx: p.addons.includes('emergynx'),
    klocknx: p.addons.includes('klocknx'),
  };
  return PROJECT_FEATURES.filter((f) => has[f]);
}

const projectName = (message: string) =>
  z.string().trim().min(1, message).max(LIMITS.projectNameMax, message);

/** A project name: trimmed, 1 to 100 characters (message key invalidName). */
export const projectNameSchema = projectName('invalidName');

/** A gateway as the projects list summarises it (document 2 §3). */
export const gatewaySummary = z.object({
  mac: z.string(),
  name: z.string(),
  type: gatewayTypeSchema,
  online: z.boolean(),
  connection: z.boolean(),
  version: z.string().nullable(),
  project: z.string(),
});
export type GatewaySummary = z.infer<typeof gatewaySummary>;

/** One project of the list, with the caller's role on it (document 2 §2-§3). */
export const projectItem = z.object({
  _id: z.string(),
  name: z.string(),
  team: z.string(),
  role: z.enum(PROJECT_ROLES),
  gateways: z.array(gatewaySummary),
  online: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  connection: z.boolean(),
  logger: loggerSchema,
  notification: notificationSchema.describe('contact details are blanked for viewers'),
  licences: z.object({
    bossnx: z.number().describe('1 = enabled'),
    chartnx: z.number().describe('number of chart dashboards allowed'),
  }),
  addons: z.array(z.enum(GATEWAY_ADDONS)),
  features: z.array(z.enum(PROJECT_FEATURES)),
  createdAt: z.number(),
});
export type ProjectItem = z.infer<typeof projectItem>;

export const projectListReply = z.object({ projects: z.array(projectItem) });
export const projectReply = z.object({ project: projectItem });
export const featuresReply = z.object({ features: z.array(z.enum(PROJECT_FEATURES)) });

export const createProjectBody = z.strictObject({ name: projectNameSchema });
export const renameProjectBody = z.strictObject({ name: projectName('invalidRename') });
export const macsBody = z.strictObject({ macs: z.array(macSchema).min(1).max(1000) });
export const viewerAddBody = z.strictObject({ email: emailSchema });
export const viewerRemoveBody = z.strictObject({ emails: z.array(emailSchema).min(1).max(1000) });

export const viewersReply = z.object({
  viewers: z.array(z.object({ email: z.string(), name: z.string() })),
});
export const gatewayNamesReply = z.object({
  gateways: z.array(z.object({ name: z.string(), mac: z.string(), type: gatewayTypeSchema })),
});

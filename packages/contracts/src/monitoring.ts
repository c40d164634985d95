import { z } from 'zod';
import { LIMITS } from './limits';
import { loggerSchema } from './project';

/** Business constants of the monitoring dialogs (document 2 §5 and §9). */
export const MONITORING_LIMITS = {
  /** Largest ETS file, in bytes (§9: 1,000,000 bytes, shown as 1 mo). */
  etsMaxBytes: LIMITS.uploadMaxBytes,
  /** Largest `.knxproj` ETS project, in bytes (beyond the spec; issue 18). */
  knxprojMaxBytes: LIMITS.knxprojMaxBytes,
  /** Longest project password accepted with a `.knxproj`. */
  knxprojPasswordMax: 256,
  /** Voltage thresholds, in volts (§5: each 0-50). */
  voltageMin: 0,
  voltageMax: 50,
  /** Addresses in one monitored-addresses call: the largest plan's maximum. */
  monitorMax: 2000,
  /** Series in one graph query, and in one favorite (issue 21: a year of 100 addresses). */
  measurementsMax: 100,
  favoritesMax: 100,
  favoriteNameMax: 100,
  favoriteDisplayMax: 2000,
} as const;

/** The spec's ETS file name limit is not shown; names are cut to this. */
export const ETS_NAME_MAX = 255;

/** A group address as sent: 3-level `1/2/3`; 2-level and free forms are converted by the server. */
const addressText = z.string().trim().min(1).max(20).describe('group address, e.g. 1/2/3');
/** A DPT as sent: `9.001`, `9`, `DPST-9-1`, `DPT9.001`; stored as `9.001`. */
const dptText = z.string().trim().max(20).describe('datapoint type, e.g. 9.001');

/** A group address of an ETS file (document 2 §3). */
export const etsAddress = z.object({
  address: z.string(),
  name: z.string(),
  dpt: z.string().optional().describe('absent when the file sets none'),
});
export type EtsAddress = z.infer<typeof etsAddress>;

/** The ETS tree (main group → middle group → addresses) with a given address shape. */
export function etsTreeOf<A extends z.ZodType>(address: A) {
  const middle = z.object({ middle: z.number(), name: z.string(), addresses: z.array(address) });
  return z.array(z.object({ main: z.number(), name: z.string(), middles: z.array(middle) }));
}
/** The tree of a project's ETS file. */
export const etsTree = etsTreeOf(etsAddress);
export type EtsTree = z.infer<typeof etsTree>;

/** Name and upload time (epoch ms) of a project's ETS file, and how many addresses it holds. */
export const etsInfos = z.object({ name: z.string(), timestamp: z.number(), count: z.number() });
export type EtsInfos = z.infer<typeof etsInfos>;

/** An entry of the file that was left out, with why (a 206 reply lists them). */
export const skippedAddress = z.object({
  address: z.string().optional(),
  name: z.string().optional(),
  reason: z.enum(['missingAddress', 'malformedAddress', 'duplicateAddress']),
});

/** GET /api/project/ets/{id}. */
export const etsFileReply = z.object({ ets: etsInfos.extend({ file: etsTree }) });
/** GET /api/project/ets/infos/{id}: null when the project has no file. */
export const etsInfosReply = z.object({ infos: etsInfos.nullable() });
/** GET /api/project/ets/simplified/{id}: empty when the project has no file. */
export const etsSimplifiedReply = z.object({ addresses: z.array(etsAddress) });
/** Upload (200, or 206 when `skipped` is not empty): the stored file's infos. */
export const etsUploadReply = z.object({ infos: etsInfos, skipped: z.array(skippedAddress) });
/** Verify (200, or 206 when `skipped` is not empty): what an upload would store; nothing is. */
export const etsVerifyReply = etsInfos.omit({ timestamp: true }).extend({
  file: etsTree,
  skipped: z.array(skippedAddress),
});
/** Delete: `monitored` addresses are kept; the console offers to reset them when > 0. */
export const etsDeleteReply = z.object({ message: z.string(), monitored: z.number() });

/** Why an address of the gateway's ETS view cannot be picked (document 2 §5). */
export const DISABLED_REASONS = ['addressHasNoDpt', 'invalidDPT', 'addressAlreadyUsed'] as const;

/** An ETS address as the monitored-addresses dialog of one gateway shows it. */
export const gatewayEtsAddress = etsAddress.extend({
  monitored: z.boolean().describe('recorded by this gateway'),
  usedBy: z.string().nullable().describe('MAC of the other gateway recording it'),
  disabled: z.enum(DISABLED_REASONS).nullable(),
});
/** GET /api/gateway/ets/{id}: the tree annotated for the gateway, and the counts. */
export const gatewayEtsReply = z.object({
  ets: etsInfos.extend({ file: etsTreeOf(gatewayEtsAddress) }),
  cpt: z.number().describe("this gateway's monitored addresses"),
  total: z.number().describe("the project's monitored addresses"),
  max: z.number().describe("the plan's maximum for the project (logger.address)"),
});

/** A monitored address of a gateway. */
export const monitoredAddress = z.object({
  address: z.string(),
  dpt: z.string(),
  name: z.string(),
});
export type MonitoredAddress = z.infer<typeof monitoredAddress>;
/** A monitored address of a project, with the gateway recording it. */
export const projectMonitoredAddress = monitoredAddress.extend({
  mac: z.string(),
  gateway: z.string().describe('gateway name'),
});

/** GET /api/project/monitored/{id}. */
export const projectMonitoredReply = z.object({ monitored: z.array(projectMonitoredAddress) });
/** GET /api/project/monitored/count/{id}: `cpt` over the project, per gateway in `monitored`. */
export const projectMonitoredCountReply = z.object({
  cpt: z.number(),
  max: z.number(),
  monitored: z.array(z.object({ mac: z.string(), count: z.number() })),
});
/** DELETE /api/project/monitored/{id}: how many addresses were removed. */
export const monitoredResetReply = z.object({ message: z.string(), removed: z.number() });
/** GET /api/gateway/monitored/{id}. */
export const gatewayMonitoredReply = z.object({ monitored: z.array(monitoredAddress) });
/** GET /api/gateway/monitored/count/{id}. */
export const gatewayMonitoredCountReply = gatewayEtsReply.pick({
  cpt: true,
  total: true,
  max: true,
});

/** One address to record: the DPT and name default to the project's ETS file. */
export const monitorItem = z.strictObject({
  address: addressText,
  dpt: dptText.optional(),
  name: z.string().max(ETS_NAME_MAX).optional(),
});
/** The gateway's whole list: it replaces the previous one. */
export const gatewayMonitorBody = z.strictObject({
  monitor: z.array(monitorItem).max(MONITORING_LIMITS.monitorMax),
});
/** POST /api/gateway/monitored/{id}: the stored list. */
export const gatewayMonitorReply = gatewayMonitoredReply.extend({
  sent: z.boolean().describe('the gateway was told at once (else when it next connects)'),
});

/** Error replies naming the addresses at fault, and the maximum for maxAddress. */
export const addressesErrorFields = z.object({
  addresses: z.array(z.string()).optional(),
  max: z.number().optional(),
});

/** Keys of the project logger, the values `projections` may name. */
export const LOGGER_KEYS = loggerSchema.keyof().options;
/** POST /api/project/logs/pause/{id}: true pauses, false restarts. */
export const loggerPauseBody = z.strictObject({ pause: z.boolean() });
/** The project's logger after a change. */
export const loggerReply = z.object({ logger: loggerSchema });
/** GET /api/project/logs/options/{id}?projections=pause,voltage */
export const loggerOptionsQuery = z.strictObject({
  projections: z
    .string()
    .max(500)
    .optional()
    .describe(`comma-separated keys among ${LOGGER_KEYS.join(', ')}; all when absent`),
});
/** The logger fields asked for. */
export const loggerOptionsReply = z.object({ logger: loggerSchema.partial() });

const volts = z
  .number()
  .min(MONITORING_LIMITS.voltageMin)
  .max(MONITORING_LIMITS.voltageMax)
  .nullable()
  .optional();
/** Voltage monitoring: when activated, at least one threshold, and minimum < maximum. */
export const voltageOptionsBody = z.strictObject({
  activate: z.boolean(),
  minimum: volts,
  maximum: volts,
});
/** POST /api/project/voltage/options/{id}: the stored settings. */
export const voltageReply = z.object({ voltage: loggerSchema.shape.voltage });

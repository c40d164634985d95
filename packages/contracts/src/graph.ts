import { z } from 'zod';
import { macSchema } from './gateway';
import { MONITORING_LIMITS } from './monitoring';

/** Graph precisions, aggregations and chart modes (document 2 §2 Graph dialog, §9). */
export const PRECISIONS = ['auto', '1s', '1m', '1h', '1d', '1w'] as const;
export type Precision = (typeof PRECISIONS)[number];
/** How a bucket's points become one value. */
export const AGGREGATIONS = ['mean', 'max', 'min'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
/** Chart modes of the graph dialog (drawn by the console). */
export const CHART_MODES = ['average', 'curve', 'performance'] as const;

/** The measurement naming a gateway's supply-voltage series (a default series of every gateway). */
export const VOLTAGE_MEASUREMENT = 'voltage';

/** The measurement naming a Modbus value's series: `modbus:{value id}` (issue 15). */
export { MODBUS_MEASUREMENT_PREFIX, modbusMeasurement, valueIdOf } from './modbus-measurement';

/** A measurement: a monitored group address (`1/2/3`), `voltage` or a Modbus value. */
const measurement = z.string().trim().min(1).max(80);
const epochMs = z.number().int().describe('epoch ms');

/**
 * A graph query (document 3 §7: measurements, destinations, start, stop, window,
 * aggregation, isBool). An empty `measurements` answers 400 noAddress.
 */
export const graphQueryBody = z.strictObject({
  measurements: z
    .array(measurement)
    .max(MONITORING_LIMITS.measurementsMax)
    .describe('monitored group addresses, `voltage`, and/or Modbus values (`modbus:{id}`)'),
  destinations: z
    .array(macSchema)
    .max(1000)
    .optional()
    .describe('gateway MACs to read from; all gateways of the project when absent'),
  start: epochMs,
  stop: epochMs.describe('epoch ms, excluded'),
  window: z.enum(PRECISIONS).default('auto').describe('precision; auto gives about 1,000 points'),
  aggregation: z.enum(AGGREGATIONS).default('mean'),
  isBool: z
    .boolean()
    .optional()
    .describe('DPT 1 and 2 as steps; when absent, taken from the DPTs (mixing them is invalidDPT)'),
});
export type GraphQuery = z.infer<typeof graphQueryBody>;

/** One point: `x` the start of its bucket (epoch ms), `y` the aggregated value. */
export const graphPoint = z.object({ x: z.number(), y: z.number() });

/** One series of the reply: a group address recorded by a gateway, or a gateway's voltage. */
export const graphSeries = z.object({
  address: z.string().describe('the group address, `voltage`, or `modbus:{value id}`'),
  mac: z.string(),
  name: z
    .string()
    .describe('ETS name of the address, the gateway name for voltage, "meter – value" for Modbus'),
  dpt: z.string().nullable(),
  unit: z.string(),
  isBool: z.boolean(),
  list: z.array(graphPoint),
});
export type GraphSeries = z.infer<typeof graphSeries>;

/** The chart data, in the order asked; `code: noData` when no series has any point. */
export const graphReply = z.object({
  precision: z.enum(PRECISIONS).exclude(['auto']).describe('the window used'),
  data: z.array(graphSeries),
  code: z.literal('noData').optional(),
});
export type GraphReply = z.infer<typeof graphReply>;

/** A saved graph selection of a project (document 2 §3 Favorite). */
export const favorite = z.object({
  name: z.string().trim().max(MONITORING_LIMITS.favoriteNameMax),
  list: z.array(measurement).max(MONITORING_LIMITS.measurementsMax),
  display: z.string().max(MONITORING_LIMITS.favoriteDisplayMax),
});
export type Favorite = z.infer<typeof favorite>;

/**
 * Saves one favorite. An empty name is 400 nameNotChosen, an empty list 400
 * noAddressSelected; an existing name is 409 favoriteAlreadyExists unless `overwrite`.
 */
export const favoritesAddBody = z.strictObject({
  favorites: favorite,
  overwrite: z.boolean().optional(),
});
/** Removes the favorite of that name; 404 favoriteNotFound. */
export const favoritesRemoveBody = z.strictObject({
  favorite: z.string().max(MONITORING_LIMITS.favoriteNameMax).describe('its name'),
});
/** Every favorite of the project, by name. */
export const favoritesReply = z.object({ favorites: z.array(favorite) });

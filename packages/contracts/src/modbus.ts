import { z } from 'zod';
import { macSchema } from './gateway';

/**
 * Modbus (document 3 §3-§5, issue 15): the data types and function codes a value is read
 * with, and what the cloud sends a kloudnx gateway so that it polls its meters.
 * The console's entities (meters, values) are built on these below.
 */

/** Data types of a value (document 3 §3): the configuration form offers all but STRING. */
export const MODBUS_DATA_TYPES = [
  'INT16',
  'UINT16',
  'INT32',
  'UINT32',
  'FLOAT32',
  'STRING',
] as const;
export type ModbusDataType = (typeof MODBUS_DATA_TYPES)[number];
export const MODBUS_FORM_DATA_TYPES = MODBUS_DATA_TYPES.filter((t) => t !== 'STRING');

/** Registers a numeric type takes; STRING takes the value's `wordLength` (2 characters a register). */
export const MODBUS_TYPE_WORDS: Readonly<Record<Exclude<ModbusDataType, 'STRING'>, number>> = {
  INT16: 1,
  UINT16: 1,
  INT32: 2,
  UINT32: 2,
  FLOAT32: 2,
};

/**
 * Function codes the configuration form offers (document 3 §3): 1 Read Coils, 2 Read Discrete
 * Inputs, 3 Read Multiple Holding Registers, 4 Read Input Registers, 5 Write Single Coil,
 * 6 Write Single Holding Register. A value with a write code is read back with the matching
 * read code (5 → 1, 6 → 3) when polled.
 */
export const MODBUS_FUNCTION_CODES = [1, 2, 3, 4, 5, 6] as const;
export type ModbusFunctionCode = (typeof MODBUS_FUNCTION_CODES)[number];
export const MODBUS_READ_CODE: Readonly<Record<ModbusFunctionCode, 1 | 2 | 3 | 4>> = {
  1: 1,
  2: 2,
  3: 3,
  4: 4,
  5: 1,
  6: 3,
};

/** Most registers one read asks for (the Modbus limit of FC 3/4). */
export const MODBUS_MAX_WORDS = 125;
/** Meters one gateway polls, values one meter holds (the benchmark's 100 × 20 fits). */
export const MODBUS_LIMITS = {
  metersPerGateway: 100,
  valuesPerMeter: 50,
  minIntervalSeconds: 1,
  maxIntervalSeconds: 3600,
  defaultIntervalSeconds: 10,
} as const;

/** scaleFactor: at most 5 decimals, never 0 (document 3 §5). */
export const scaleFactorSchema = z
  .number()
  .finite()
  .refine((x) => x !== 0, 'scaleFactor')
  .refine((x) => Math.abs(Math.round(x * 1e5) / 1e5 - x) < 1e-9, 'scaleFactor');

/** Dotted IPv4, each part 0-255 (document 3 §5). */
export const ipv4Schema = z
  .string()
  .trim()
  .regex(
    /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/,
    'ipAddress',
  );
export const portSchema = z.number().int('port').min(0, 'port').max(65535, 'port');

/** How one value is read and decoded: what a poll and a live test need. */
export const modbusReadSpec = z.object({
  registerAddress: z.number().int().min(0).max(65535),
  wordLength: z.number().int().min(1).max(MODBUS_MAX_WORDS),
  functionCode: z.union(MODBUS_FUNCTION_CODES.map((c) => z.literal(c))),
  unitID: z.number().int().min(0).max(255),
  scaleFactor: scaleFactorSchema,
  dataType: z.enum(MODBUS_DATA_TYPES),
  swapBytes: z.boolean().default(false),
  swapWords: z.boolean().default(false),
});
export type ModbusReadSpec = z.infer<typeof modbusReadSpec>;

/** One meter as a gateway polls it: its values carry the ids the readings are sent back with. */
export const gatewayModbusMeter = z.object({
  id: z.string().min(1).max(64),
  ip: ipv4Schema,
  port: portSchema,
  /** Seconds between two polls of every value of the meter. */
  interval: z
    .number()
    .int()
    .min(MODBUS_LIMITS.minIntervalSeconds)
    .max(MODBUS_LIMITS.maxIntervalSeconds),
  values: z
    .array(modbusReadSpec.extend({ id: z.string().min(1).max(64) }))
    .max(MODBUS_LIMITS.valuesPerMeter),
});
export type GatewayModbusMeter = z.infer<typeof gatewayModbusMeter>;

/**
 * `modbus.config` command: the whole polling configuration of the gateway (enabled meters
 * only); it replaces the previous one.
 */
export const modbusConfigArgs = z.object({
  meters: z.array(gatewayModbusMeter).max(MODBUS_LIMITS.metersPerGateway),
});

/** `modbus.read` command (the live test): one real read of one value. */
export const modbusReadArgs = modbusReadSpec.extend({ ip: ipv4Schema, port: portSchema });
export type ModbusReadArgs = z.infer<typeof modbusReadArgs>;

/**
 * Why a live read failed, in the reply's `result.error` (the command itself succeeds):
 * `timeout` no answer in time, `unreachable` no TCP connection to the meter, a Modbus exception
 * (1 illegal function, 2 illegal data address, 3 illegal data value, 4 device failure,
 * 10 gateway path unavailable, 11 target device failed to respond) by its name.
 */
export const MODBUS_READ_ERRORS = [
  'timeout',
  'unreachable',
  'illegalFunction',
  'illegalDataAddress',
  'illegalDataValue',
  'deviceFailure',
  'gatewayPathUnavailable',
  'deviceNotResponding',
  'decode',
] as const;
export type ModbusReadError = (typeof MODBUS_READ_ERRORS)[number];

/** The exception code of a Modbus exception reply → its read error. */
export const MODBUS_EXCEPTIONS: Readonly<Record<number, ModbusReadError>> = {
  1: 'illegalFunction',
  2: 'illegalDataAddress',
  3: 'illegalDataValue',
  4: 'deviceFailure',
  10: 'gatewayPathUnavailable',
  11: 'deviceNotResponding',
};

/** `result` of a `modbus.read` reply: the decoded value and raw registers, or the failure. */
export const modbusReadResult = z.union([
  z.object({
    value: z.union([z.number(), z.string().max(256), z.boolean()]),
    registers: z.array(z.number().int().min(0).max(65535)).max(MODBUS_MAX_WORDS),
    t: z.number().int(),
  }),
  z.object({ error: z.enum(MODBUS_READ_ERRORS), t: z.number().int() }),
]);
export type ModbusReadResult = z.infer<typeof modbusReadResult>;

// ---------------------------------------------------------------------------------------------
// The console's entities (document 3 §3): meters and values (configurations), and the
// wizard's per-gateway configurations. `interval` (meter) and `unit` (value) are Atrium's
// additions (decision 0019).

export const MODBUS_NAME_MAX = 64;
export const MODBUS_UNIT_MAX = 16;
const entityId = z.string().min(1).max(64);
const entityName = z.string().trim().min(1, 'required').max(MODBUS_NAME_MAX, 'invalidName');
export const modbusIntervalSchema = z
  .number()
  .int('interval')
  .min(MODBUS_LIMITS.minIntervalSeconds, 'interval')
  .max(MODBUS_LIMITS.maxIntervalSeconds, 'interval');

/** A meter as the console sends it (POST without `id`, PUT with it). */
export const modbusMeterBody = z.object({
  id: entityId.optional(),
  gatewayMac: macSchema,
  name: entityName,
  network: z.object({ ip: ipv4Schema, port: portSchema }),
  /** Treated as true when absent (document 3 §3). */
  enabled: z.boolean().optional(),
  interval: modbusIntervalSchema.optional(),
});
export type ModbusMeterBody = z.infer<typeof modbusMeterBody>;
/** A meter as the server answers it. */
export interface ModbusMeter {
  id: string;
  gatewayMac: string;
  name: string;
  network: { ip: string; port: number };
  enabled: boolean;
  interval: number;
}

/** A value (configuration) as the console sends it. */
export const modbusValueBody = z.object({
  id: entityId.optional(),
  meterId: entityId,
  name: entityName,
  unit: z.string().trim().max(MODBUS_UNIT_MAX, 'unit').optional(),
  options: modbusReadSpec,
});
export type ModbusValueBody = z.infer<typeof modbusValueBody>;
/** A value as the server answers it. */
export interface ModbusValue {
  id: string;
  meterId: string;
  name: string;
  unit: string;
  options: ModbusReadSpec;
}

/**
 * One card of the wizard (document 3 §2-§3): a meter of the selected gateway with its values.
 * Cards without `id` are new; the saved list replaces the gateway's meters.
 */
export const modbusWizardConfiguration = z.object({
  id: entityId.optional(),
  name: entityName,
  network: z.object({ ip: ipv4Schema, port: portSchema }),
  enabled: z.boolean().optional(),
  interval: modbusIntervalSchema.optional(),
  values: z
    .array(
      modbusReadSpec.extend({
        id: entityId.optional(),
        name: entityName,
        unit: z.string().trim().max(MODBUS_UNIT_MAX, 'unit').optional(),
        scaleFactor: scaleFactorSchema.default(1),
      }),
    )
    .max(MODBUS_LIMITS.valuesPerMeter),
});
export type ModbusWizardConfiguration = z.infer<typeof modbusWizardConfiguration>;
export const modbusWizardBody = z
  .array(modbusWizardConfiguration)
  .max(MODBUS_LIMITS.metersPerGateway);

// ---------------------------------------------------------------------------------------------
// What the server answers (issue 15, decision 0019). `sent` is false when a gateway whose
// configuration changed could not be told now: it gets it when it next connects.

/** A meter as the server answers it (ModbusMeter). */
export const modbusMeterReplyItem = z.object({
  id: z.string(),
  gatewayMac: z.string(),
  name: z.string(),
  network: z.object({ ip: z.string(), port: z.number() }),
  enabled: z.boolean(),
  interval: z.number(),
}) satisfies z.ZodType<ModbusMeter>;

const readSpecReply = z.object({
  registerAddress: z.number(),
  wordLength: z.number(),
  functionCode: z.union(MODBUS_FUNCTION_CODES.map((c) => z.literal(c))),
  unitID: z.number(),
  scaleFactor: z.number(),
  dataType: z.enum(MODBUS_DATA_TYPES),
  swapBytes: z.boolean(),
  swapWords: z.boolean(),
});

/** A value as the server answers it (ModbusValue); `unit` is '' when none was given. */
export const modbusValueReplyItem = z.object({
  id: z.string(),
  meterId: z.string(),
  name: z.string(),
  unit: z.string(),
  options: readSpecReply,
}) satisfies z.ZodType<ModbusValue>;

/** One wizard card as the server answers it: a meter of the gateway with its values. */
export const modbusConfigurationReplyItem = z.object({
  id: z.string(),
  name: z.string(),
  network: z.object({ ip: z.string(), port: z.number() }),
  enabled: z.boolean(),
  interval: z.number(),
  values: z.array(readSpecReply.extend({ id: z.string(), name: z.string(), unit: z.string() })),
});
export type ModbusConfiguration = z.infer<typeof modbusConfigurationReplyItem>;

export const modbusMetersReply = z.object({ meters: z.array(modbusMeterReplyItem) });
export const modbusMeterReply = z.object({ meter: modbusMeterReplyItem, sent: z.boolean() });
export const modbusValuesReply = z.object({ values: z.array(modbusValueReplyItem) });
export const modbusValueReply = z.object({ value: modbusValueReplyItem, sent: z.boolean() });
export const modbusRemovedReply = z.object({ removed: z.literal(true), sent: z.boolean() });
/** The values saved by a list save, and whether every gateway concerned was told. */
export const modbusValuesSaveReply = modbusValuesReply.extend({ sent: z.boolean() });
export const modbusWizardReply = z.object({ list: z.array(modbusConfigurationReplyItem) });
export const modbusWizardSaveReply = modbusWizardReply.extend({ sent: z.boolean() });
export const modbusImportReply = z.object({
  meters: z.number(),
  values: z.number(),
  sent: z.boolean(),
});

/**
 * `POST /api/project/monitored/modbus/values/{id}` (decision 0019): the body is the list of
 * values; the query's `gatewayMac` widens what it replaces to every meter of that gateway.
 */
export const modbusValuesBody = z
  .array(modbusValueBody)
  .max(MODBUS_LIMITS.metersPerGateway * MODBUS_LIMITS.valuesPerMeter);
export const modbusValuesQuery = z.object({ gatewayMac: macSchema.optional() });

/**
 * CSV import (`POST /api/project/importCsv/{id}`, decision 0019): one value a row; the rows of
 * one meter (same gateway and meter name) repeat its network. Optional columns follow, in order.
 */
export const MODBUS_CSV_REQUIRED = [
  'gateway',
  'meter',
  'ip',
  'port',
  'name',
  'registeraddress',
  'wordlength',
  'functioncode',
  'unitid',
  'scalefactor',
  'datatype',
] as const;
export const MODBUS_CSV_OPTIONAL = ['swapbytes', 'swapwords', 'unit', 'interval'] as const;

/** A recorded value as the graph dialog names it (`valuesOf` of the server's modbus module). */
export interface ModbusValueRef {
  id: string;
  meterId: string;
  gatewayMac: string;
  name: string;
  meterName: string;
  unit: string;
}

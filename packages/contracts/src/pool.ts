import { z } from 'zod';
import { macSchema, POOL_TYPES } from './gateway';

/**
 * Pool controller integration (document 2 §2-§5, §7, §9; issue 19): a poolnx gateway bridges a
 * Klereo or PoolCop pool to the KNX bus. POOL_to_KNX rows put pool values on group addresses,
 * KNX_to_POOL rows turn group writes into pool commands; options and a hysteresis thermostat
 * (tempControl) complete the bridge. The calls live under /api/poolnx (§7), the live table in the
 * socket.io room `poolnx:{mac}` (§4).
 */

export { POOL_TYPES };
export type PoolType = (typeof POOL_TYPES)[number];
export const poolTypeSchema = z.enum(POOL_TYPES);

/** Business constants (§9, document 1 §9). */
export const POOL_LIMITS = {
  /** refresh_auto choices, in minutes: 10 min, 30 min, 1 h, 1 d; default 10. */
  refreshMinutes: [10, 30, 60, 1440] as const,
  defaultRefreshMinutes: 10,
  /** The console asks the live table for a refresh this often (and on demand). */
  liveRefreshMs: 300_000,
  /** The console waits this long after a pool type change before reloading. */
  typeChangeDelayMs: 10_000,
  /** tempControl.hysteresis, in kelvin: strictly positive, at most this. */
  hysteresisMax: 10,
  /** options.tcp.addresses. */
  tcpAddressesMax: 8,
  renameMax: 64,
  descriptionMax: 256,
  unitMax: 16,
  /** Rows of one mapping table (the longest key list is far below). */
  rowsMax: 64,
} as const;
export type PoolRefreshMinutes = (typeof POOL_LIMITS.refreshMinutes)[number];

/**
 * A group address of the pool tables (§5): `main/middle/sub`, main 0-31, middle 0-7, sub 0-255
 * (message key malformedAddress). Leading zeros are accepted and dropped (`1/2/003` → `1/2/3`).
 */
export function parsePoolAddress(text: string): string | null {
  const m = /^(\d{1,2})\/(\d)\/(\d{1,3})$/.exec(text.trim());
  if (!m) return null;
  const [main, middle, sub] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (main > 31 || middle > 7 || sub > 255) return null;
  return `${main}/${middle}/${sub}`;
}

/** The address after `address` when auto-filling rows (sub + 1, then the next middle, main). */
export function nextPoolAddress(address: string): string | null {
  const a = parsePoolAddress(address);
  if (!a) return null;
  let [main, middle, sub] = a.split('/').map(Number) as [number, number, number];
  sub += 1;
  if (sub > 255) [sub, middle] = [0, middle + 1];
  if (middle > 7) [middle, main] = [0, main + 1];
  return main > 31 ? null : `${main}/${middle}/${sub}`;
}

/** A set group address, normalised (malformedAddress). */
export const poolAddressSchema = z
  .string()
  .max(20, 'malformedAddress')
  .transform((value, ctx) => {
    const a = parsePoolAddress(value);
    if (a) return a;
    ctx.addIssue({ code: 'custom', message: 'malformedAddress' });
    return z.NEVER;
  });
/** A group address that may be left empty ('' = not mapped). */
export const optionalPoolAddressSchema = z.union([z.literal(''), poolAddressSchema], {
  error: 'malformedAddress',
});

/** A DPT (§5): digits, a dot, three digits, required (invalidDPT): `9.001`, `1.001`. */
export const poolDptSchema = z
  .string()
  .trim()
  .regex(/^\d{1,3}\.\d{3}$/, 'invalidDPT');

/** The value last seen on a row: booleans for DPT 1, numbers otherwise; null before any. */
export const poolValueSchema = z.union([z.number(), z.boolean(), z.string().max(256)]).nullable();
export type PoolValue = z.infer<typeof poolValueSchema>;

/** One row of POOL_to_KNX or KNX_to_POOL as the cloud answers it. */
export const poolRow = z.object({
  /** The pool value's key (GET /statusKeys). */
  name: z.string(),
  /** Group address, '' when not mapped. */
  address: z.string(),
  enabled: z.boolean(),
  /** The installer's label, '' for none. */
  rename: z.string(),
  dpt: z.string(),
  value: poolValueSchema,
  unit: z.string(),
  description: z.string(),
  /** Epoch ms of `value`, null before any. */
  timestamp: z.number().nullable(),
});
export type PoolRow = z.infer<typeof poolRow>;

/**
 * A row as the console saves it: `value`, `timestamp` (live data) and `unit`, `description`
 * (from the key list) may be sent back and are ignored. An enabled row needs an address
 * (malformedAddress); `name` must be a key of the pool type (poolUnknownKey).
 */
export const poolRowInput = z
  .object({
    name: z.string().trim().min(1, 'poolUnknownKey').max(64, 'poolUnknownKey'),
    address: optionalPoolAddressSchema,
    enabled: z.boolean(),
    rename: z.string().trim().max(POOL_LIMITS.renameMax).default(''),
    dpt: poolDptSchema,
    value: poolValueSchema.optional(),
    unit: z.string().max(POOL_LIMITS.unitMax).optional(),
    description: z.string().max(POOL_LIMITS.descriptionMax).optional(),
    timestamp: z.number().nullable().optional(),
  })
  .superRefine((row, ctx) => {
    if (row.enabled && row.address === '')
      ctx.addIssue({ code: 'custom', message: 'malformedAddress', path: ['address'] });
  });
export type PoolRowInput = z.input<typeof poolRowInput>;

const rows = z.array(poolRowInput).max(POOL_LIMITS.rowsMax);

/** `{address, enabled}` of an option: an enabled option needs an address (malformedAddress). */
const addressOption = z
  .strictObject({ address: optionalPoolAddressSchema, enabled: z.boolean() })
  .superRefine((o, ctx) => {
    if (o.enabled && o.address === '')
      ctx.addIssue({ code: 'custom', message: 'malformedAddress', path: ['address'] });
  });

/** `host` or `host:port` (IPv4 or a host name) the gateway also sends its values to. */
export const poolTcpAddressSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/, 'ipAddress')
  .refine((a) => {
    const port = a.split(':')[1];
    return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
  }, 'ipAddress');

/**
 * Pool options (§3): refresh_knx (a group write there makes the gateway read the pool and send
 * every value), refresh_auto (every value sent again every `time` minutes), error (1 while the
 * vendor cannot be read, 0 when it can), watchdog_knx (the gateway writes 1 there every minute
 * so the bus knows the bridge lives), tcp (hosts the values are also sent to, JSON lines).
 */
export const poolOptionsSchema = z.strictObject({
  refresh_knx: addressOption,
  refresh_auto: z.strictObject({
    time: z.union(
      POOL_LIMITS.refreshMinutes.map((m) => z.literal(m)),
      { error: 'validation' },
    ),
    enabled: z.boolean(),
  }),
  error: addressOption,
  watchdog_knx: addressOption,
  tcp: z.strictObject({
    addresses: z.array(poolTcpAddressSchema).max(POOL_LIMITS.tcpAddressesMax),
    enabled: z.boolean(),
  }),
});
export type PoolOptions = z.infer<typeof poolOptionsSchema>;

/** The hysteresis (§5): a number, required (message key hysteresis), > 0 and ≤ 10 K. */
export const hysteresisSchema = z
  .number({ error: 'hysteresis' })
  .finite('hysteresis')
  .gt(0, 'hysteresis')
  .max(POOL_LIMITS.hysteresisMax, 'hysteresis');

const tcAddress = z.strictObject({ address: optionalPoolAddressSchema });

/**
 * Temperature control (§3): a hysteresis thermostat run by the gateway. `control` (DPT 1.001)
 * switches it on and off from the bus, `setpoint` (DPT 9.001) sets the wanted water temperature,
 * `currentTemp` (DPT 9.001) is where the water temperature is read (empty: the pool's own
 * probe); the gateway then drives the pool's heating: on below setpoint − hysteresis/2, off above
 * setpoint + hysteresis/2, and answers on `controlFeedback` and `setpointFeedback`. Enabled, it
 * needs `control` and `setpoint` (malformedAddress).
 */
export const tempControlSchema = z
  .strictObject({
    control: tcAddress,
    currentTemp: tcAddress,
    setpoint: tcAddress,
    setpointFeedback: tcAddress,
    controlFeedback: tcAddress,
    hysteresis: hysteresisSchema,
    enabled: z.boolean(),
  })
  .superRefine((t, ctx) => {
    if (!t.enabled) return;
    for (const k of ['control', 'setpoint'] as const)
      if (t[k].address === '')
        ctx.addIssue({ code: 'custom', message: 'malformedAddress', path: [k, 'address'] });
  });
export type TempControl = z.infer<typeof tempControlSchema>;

/** A pool of the vendor account (Klereo idSystem, PoolCop id), as a string. */
export const poolIdSchema = z.union([
  z.string().trim().min(1).max(64),
  z
    .number()
    .int()
    .min(0)
    .transform((n) => String(n)),
]);

/**
 * State of the vendor side as the gateway last saw it: ok, invalidIds (the vendor refused the
 * credentials), unavailable (outage, timeout), rateLimited (quota spent, PoolCop), notConfigured
 * (no credentials or no pool selected yet), unknown (nothing heard from the gateway yet).
 */
export const POOL_VENDOR_STATES = [
  'ok',
  'invalidIds',
  'unavailable',
  'rateLimited',
  'notConfigured',
  'unknown',
] as const;
export type PoolVendorState = (typeof POOL_VENDOR_STATES)[number];
export const poolVendorStatus = z.object({
  state: z.enum(POOL_VENDOR_STATES),
  /** Epoch ms the gateway reported it, null when never. */
  at: z.number().nullable(),
  /** PoolCop: when the quota refills (epoch ms), when known. */
  retryAt: z.number().nullable().optional(),
});
export type PoolVendorStatus = z.infer<typeof poolVendorStatus>;

/**
 * Credentials as the config shows them (never the secrets): Klereo's username; for PoolCop only
 * the last 4 characters of the key (`apikey: "••••7f3a"`). null when none is stored.
 */
export const poolAuthInfo = z
  .object({
    username: z.string().optional(),
    apikey: z.string().optional().describe('masked: only the last 4 characters'),
  })
  .nullable();

/** The options and tempControl as replies carry them (already valid: no transforms to run). */
const addressShape = z.object({ address: z.string() });
const optionShape = addressShape.extend({ enabled: z.boolean() });
export const poolOptionsReply = z.object({
  refresh_knx: optionShape,
  refresh_auto: z.object({ time: z.number(), enabled: z.boolean() }),
  error: optionShape,
  watchdog_knx: optionShape,
  tcp: z.object({ addresses: z.array(z.string()), enabled: z.boolean() }),
});
export const tempControlReply = z.object({
  control: addressShape,
  currentTemp: addressShape,
  setpoint: addressShape,
  setpointFeedback: addressShape,
  controlFeedback: addressShape,
  hysteresis: z.number(),
  enabled: z.boolean(),
});

/** GET /api/poolnx/config?mac=: the pool configuration (§3). */
export const poolConfigReply = z.object({
  type: poolTypeSchema.nullable(),
  auth: poolAuthInfo,
  selectedPool: z.string().nullable(),
  options: poolOptionsReply,
  POOL_to_KNX: z.array(poolRow),
  KNX_to_POOL: z.array(poolRow),
  tempControl: tempControlReply,
  /** Epoch ms of the last pool values the gateway sent, null before any. */
  lastUpdate: z.number().nullable(),
  vendor: poolVendorStatus,
  /** Whether the configuration was sent to the gateway (false: queued until it is online). */
  synced: z.boolean(),
});
export type PoolConfig = z.infer<typeof poolConfigReply>;

/** `?mac=` of every pool call (any accepted MAC form). */
export const poolMacQuery = z.strictObject({ mac: macSchema });

/**
 * POST /api/poolnx/update?mac=: a partial configuration (at least one part). Tables are replaced
 * whole; tempControl and options too.
 */
export const poolUpdateBody = z
  .strictObject({
    options: poolOptionsSchema.optional(),
    POOL_to_KNX: rows.optional(),
    KNX_to_POOL: rows.optional(),
    tempControl: tempControlSchema.optional(),
    selectedPool: poolIdSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'validation');
export type PoolUpdateBody = z.input<typeof poolUpdateBody>;

/** Replies of update, init/type and auth: a console message key (changeSuccess). */
export const poolMessageReply = z.object({ message: z.string() });
/**
 * What update, init/type and auth answer: `changeSuccess`, and whether the gateway took the
 * configuration now (false: it is offline and gets it when it next connects).
 */
export const poolSavedReply = poolMessageReply.extend({ synced: z.boolean() });
export type PoolSavedReply = z.infer<typeof poolSavedReply>;

/** GET /api/poolnx/statusKeys?statusOrCmd=&pooltype=. */
export const POOL_KEY_KINDS = ['status', 'cmd'] as const;
export const statusKeysQuery = z.strictObject({
  statusOrCmd: z.enum(POOL_KEY_KINDS),
  pooltype: poolTypeSchema,
});
/** One key: its default DPT, unit and description (English). */
export const poolKey = z.object({
  name: z.string(),
  dpt: z.string(),
  unit: z.string(),
  description: z.string(),
});
export type PoolKey = z.infer<typeof poolKey>;
export const statusKeysReply = z.array(poolKey);

/** POST /api/poolnx/init/type?mac=: `{type}` (change the pool type) or `{pool}` (select a pool). */
export const poolInitTypeBody = z.union([
  z.strictObject({ type: poolTypeSchema }),
  z.strictObject({ pool: poolIdSchema }),
]);
export type PoolInitTypeBody = z.input<typeof poolInitTypeBody>;

/** Klereo username (§5): letters and digits (noSpecialCharacters). */
export const klereoUsernameSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(64, 'noSpecialCharacters')
  .regex(/^[A-Za-z0-9]+$/, 'noSpecialCharacters');
/** The Klereo password as sent: its SHA-1, 40 hex (the console hashes it; Klereo wants it so). */
export const sha1HexSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{40}$/, 'validation')
  .transform((s) => s.toLowerCase());
/** A PoolCop API key: 8 to 128 letters, digits, `-` or `_`. */
export const poolcopApikeySchema = z
  .string()
  .trim()
  .min(1, 'required')
  .regex(/^[A-Za-z0-9_-]{8,128}$/, 'validation');

/**
 * Password rules of the auth dialog (§5), checked by the console before hashing: 8 or more
 * letters and digits with an uppercase letter, a lowercase letter and a digit.
 */
export const KLEREO_PASSWORD_CRITERIA = {
  atLeast8: (p: string) => p.length >= 8,
  upperCase: (p: string) => /[A-Z]/.test(p),
  lowerCase: (p: string) => /[a-z]/.test(p),
  digitsCriteriaMsg: (p: string) => /\d/.test(p),
  noSpecialCharactersPwd: (p: string) => /^[A-Za-z0-9]*$/.test(p),
} as const;

export const klereoAuth = z.strictObject({
  username: klereoUsernameSchema,
  password: sha1HexSchema,
});
export const poolcopAuth = z.strictObject({ apikey: poolcopApikeySchema });
export type KlereoAuth = z.infer<typeof klereoAuth>;
export type PoolcopAuth = z.infer<typeof poolcopAuth>;

/**
 * POST /api/poolnx/auth?mac= (§7: `{type, auth}`): the vendor credentials. Checked against the
 * vendor (through the gateway) before being stored: refused → poolInvalidIds, nothing stored.
 */
export const poolAuthBody = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('klereo'), auth: klereoAuth }),
  z.strictObject({ type: z.literal('poolcop'), auth: poolcopAuth }),
]);
export type PoolAuthBody = z.input<typeof poolAuthBody>;

/** GET /api/poolnx/klereo/poollist?mac=: the pools of the Klereo account. */
export const klereoPool = z.object({ id: z.string(), name: z.string() });
export type KlereoPool = z.infer<typeof klereoPool>;
export const klereoPoolListReply = z.array(klereoPool);

/* ---------------------------------------------------------------- socket.io (§4, §7) */

/** Socket events of the live table. */
export const POOL_SOCKET_EVENTS = {
  /** console → server: `{mac}`; acknowledged with PoolRefreshAnswer. */
  refresh: 'poolnx:refresh',
  /** server → room `poolnx:{mac}`: PoolDataEvent. */
  data: 'poolnx:data',
} as const;

/** The live table's room; the console joins it with `join` and the room's name as payload. */
export const poolnxRoom = (mac: string) => `poolnx:${mac}`;
const POOLNX_ROOM = /^poolnx:([0-9a-f]{12})$/;
/** The MAC (stored form) of a `poolnx:{mac}` room name, or null. */
export function macOfPoolnxRoom(room: unknown): string | null {
  if (typeof room !== 'string') return null;
  return POOLNX_ROOM.exec(room.trim().toLowerCase())?.[1] ?? null;
}

/** `poolnx:refresh` payload. */
export const poolRefreshRequest = z.object({ mac: z.string().min(12).max(40) });
export type PoolRefreshRequest = z.infer<typeof poolRefreshRequest>;
/**
 * The acknowledgement of `join poolnx:{mac}` and of `poolnx:refresh`: ok (the gateway was asked;
 * its values arrive as `poolnx:data`), or a catalogue code (gatewayOffline, notFound, forbidden,
 * validation, poolUnsupported).
 */
export type PoolRefreshAnswer = { ok: true } | { ok: false; code: string };

/** `poolnx:data`: the live table. */
export const poolDataEvent = z.object({
  mac: z.string(),
  lastUpdate: z.number().nullable(),
  POOL_to_KNX: z.array(poolRow),
  KNX_to_POOL: z.array(poolRow),
  vendor: poolVendorStatus,
});
export type PoolDataEvent = z.infer<typeof poolDataEvent>;

/* ---------------------------------------------------------------- keys per vendor */

const key = (name: string, dpt: string, unit: string, description: string): PoolKey => ({
  name,
  dpt,
  unit,
  description,
});

/**
 * What each vendor offers (domain README §5): status values (POOL_to_KNX) and commands
 * (KNX_to_POOL). Names are shared between vendors where the thing is the same (filtration is
 * Klereo's output 1 and PoolCop's pump).
 */
export const POOL_KEYS: Readonly<Record<PoolType, Record<'status' | 'cmd', readonly PoolKey[]>>> = {
  klereo: {
    status: [
      key('waterTemp', '9.001', '°C', 'Water temperature'),
      key('airTemp', '9.001', '°C', 'Air temperature'),
      key('techRoomTemp', '9.001', '°C', 'Technical room temperature'),
      key('pH', '14.000', 'pH', 'pH'),
      key('redox', '9.020', 'mV', 'Redox (ORP)'),
      key('filterPressure', '7.001', 'mbar', 'Filter pressure'),
      key('waterLevel', '5.001', '%', 'Water level'),
      key('chlorine', '9.008', 'mg/L', 'Free chlorine'),
      key('filtration', '1.001', '', 'Filtration running'),
      key('filtrationMode', '5.010', '', 'Filtration mode (0 manual, 1 slots, 2 timer, 3 regul.)'),
      key('lighting', '1.001', '', 'Lighting on'),
      key('heating', '1.001', '', 'Heating on'),
      key('phCorrector', '1.001', '', 'pH corrector running'),
      key('disinfectant', '1.001', '', 'Disinfectant running'),
      key('aux1', '1.001', '', 'Auxiliary 1 on'),
      key('setpoint', '9.001', '°C', 'Water temperature setpoint'),
      key('alarm', '1.005', '', 'Pool alarm'),
    ],
    cmd: [
      key('filtration', '1.001', '', 'Filtration on/off (manual mode)'),
      key('filtrationAuto', '1.001', '', 'Filtration back to its time slots'),
      key('lighting', '1.001', '', 'Lighting on/off'),
      key('heating', '1.001', '', 'Heating on/off'),
      key('aux1', '1.001', '', 'Auxiliary 1 on/off'),
      key('setpoint', '9.001', '°C', 'Water temperature setpoint'),
    ],
  },
  poolcop: {
    status: [
      key('waterTemp', '9.001', '°C', 'Water temperature'),
      key('airTemp', '9.001', '°C', 'Air temperature'),
      key('pH', '14.000', 'pH', 'pH'),
      key('orp', '9.020', 'mV', 'Redox (ORP)'),
      key('pressure', '7.001', 'mbar', 'Filter pressure'),
      key('voltage', '14.027', 'V', 'Supply voltage'),
      key('filtration', '1.001', '', 'Pump running'),
      key('pumpSpeed', '5.010', '', 'Pump speed (1-3)'),
      key('valvePosition', '5.010', '', 'Valve position'),
      key('waterLevel', '1.001', '', 'Water level low'),
      key('forced', '1.001', '', 'Filtration forced'),
      key('aux1', '1.001', '', 'Auxiliary 1 on'),
      key('aux2', '1.001', '', 'Auxiliary 2 on'),
      key('alarm', '1.005', '', 'Pool alarm'),
    ],
    cmd: [
      key('filtration', '1.001', '', 'Pump on/off'),
      key('pumpSpeed', '5.010', '', 'Pump speed (1-3)'),
      key('aux1', '1.001', '', 'Auxiliary 1 on/off'),
      key('aux2', '1.001', '', 'Auxiliary 2 on/off'),
      key('clearAlarm', '1.017', '', 'Clear the alarm'),
    ],
  },
};

/** The key list of a pool type and kind. */
export const poolKeysOf = (type: PoolType, kind: 'status' | 'cmd'): readonly PoolKey[] =>
  POOL_KEYS[type][kind];

/** Rows of a fresh configuration: every key, unmapped and disabled. */
export function defaultPoolRows(type: PoolType, kind: 'status' | 'cmd'): PoolRow[] {
  return poolKeysOf(type, kind).map((k) => ({
    name: k.name,
    address: '',
    enabled: false,
    rename: '',
    dpt: k.dpt,
    value: null,
    unit: k.unit,
    description: k.description,
    timestamp: null,
  }));
}

export const DEFAULT_POOL_OPTIONS: PoolOptions = {
  refresh_knx: { address: '', enabled: false },
  refresh_auto: { time: POOL_LIMITS.defaultRefreshMinutes, enabled: true },
  error: { address: '', enabled: false },
  watchdog_knx: { address: '', enabled: false },
  tcp: { addresses: [], enabled: false },
};

export const DEFAULT_TEMP_CONTROL: TempControl = {
  control: { address: '' },
  currentTemp: { address: '' },
  setpoint: { address: '' },
  setpointFeedback: { address: '' },
  controlFeedback: { address: '' },
  hysteresis: 1,
  enabled: false,
};

/* ---------------------------------------------------------------- gateway protocol (decision 0031) */

/** A mapped row as the gateway bridges it. */
export const gatewayPoolRow = z.object({
  name: z.string().min(1).max(64),
  address: optionalPoolAddressSchema,
  enabled: z.boolean(),
  dpt: poolDptSchema,
});
export type GatewayPoolRow = z.infer<typeof gatewayPoolRow>;

/** Vendor credentials as the gateway receives them (over the gateway's TLS link only). */
export const gatewayPoolCredentials = z.union([klereoAuth, poolcopAuth]);
export type GatewayPoolCredentials = z.infer<typeof gatewayPoolCredentials>;

/**
 * `pool.config` command: the whole bridge configuration (it replaces the previous one); queued
 * by the cloud while the gateway is offline. `credentials` null: none stored yet.
 */
export const poolConfigArgs = z.object({
  type: poolTypeSchema,
  selectedPool: z.string().max(64).nullable(),
  credentials: gatewayPoolCredentials.nullable(),
  options: poolOptionsSchema,
  POOL_to_KNX: z.array(gatewayPoolRow).max(POOL_LIMITS.rowsMax),
  KNX_to_POOL: z.array(gatewayPoolRow).max(POOL_LIMITS.rowsMax),
  tempControl: tempControlSchema,
});
export type PoolConfigArgs = z.infer<typeof poolConfigArgs>;

/**
 * `pool.auth` command: log in to the vendor with these credentials and answer ok, or the error
 * vendorAuth / vendorUnavailable / vendorRateLimited. Nothing is kept by the gateway.
 */
export const poolAuthArgs = z.discriminatedUnion('type', [
  z.object({ type: z.literal('klereo'), auth: klereoAuth }),
  z.object({ type: z.literal('poolcop'), auth: poolcopAuth }),
]);
export type PoolAuthArgs = z.infer<typeof poolAuthArgs>;
/** `pool.poollist` command (Klereo): the account's pools; result `{pools}`. */
export const poolListArgs = z.object({ auth: klereoAuth });
export const poolListResult = z.object({ pools: z.array(klereoPool).max(100) });
/** `pool.refresh` command: read the pool now and publish `nx/{mac}/pool`. */
export const poolRefreshArgs = z.object({});

/** The vendor state a gateway reports (no `unknown`: the gateway always knows). */
export const gatewayVendorState = z.enum(POOL_VENDOR_STATES).exclude(['unknown']);

import { z } from 'zod';
import { gatewayTypeSchema, macSchema, POOL_TYPES, versionSchema } from './gateway';
import { TOKEN_SERVICES, UPDATE_BRANCHES } from './gateway-protocol';
import { LIMITS } from './limits';
import { modbusReadArgs, type ModbusReadResult } from './modbus';

/**
 * REST bodies and replies of the gateway commands (document 3 §7, Gateway
 * service), the firmware upload, and the console's socket events.
 */

/** Live criteria of the remote-access credentials (document 1 §5), as message keys. */
export const ID_CRITERIA = {
  atLeast8: (p: string) => p.length >= LIMITS.passwordMin,
  upperCase: (p: string) => /[A-Z]/.test(p),
  digitsCriteriaMsg: (p: string) => /\d/.test(p),
  noSpecialCharactersPwd: (p: string) => /^[A-Za-z0-9]*$/.test(p),
} as const;

/** Username: letters and digits only (message key noSpecialCharacters). */
export const gatewayUsername = z
  .string()
  .min(1, 'required')
  .max(64)
  .regex(/^[A-Za-z0-9]+$/, 'noSpecialCharacters');

/** Password: 8+ letters and digits, with an uppercase letter and a digit. */
export const gatewayPassword = z
  .string()
  .max(128)
  .superRefine((p, ctx) => {
    for (const [key, ok] of Object.entries(ID_CRITERIA)) {
      if (!ok(p)) ctx.addIssue({ code: 'custom', message: key });
    }
  });

export const gatewayCredentials = z.strictObject({
  username: gatewayUsername,
  password: gatewayPassword,
});

/** Password set-up wizard: config, and for kloudnx the flow editor and its dashboard. */
export const initPasswordsBody = z.strictObject({
  config: gatewayCredentials,
  nodered: gatewayCredentials.optional(),
  dashboard: gatewayCredentials.optional(),
});
export const configPasswordBody = gatewayCredentials;
/** Flow-editor IDs: the password alone, or the editor and UI credentials. */
export const noderedPasswordBody = z.strictObject({
  username: gatewayUsername.optional(),
  password: gatewayPassword,
  username_ui: gatewayUsername.optional(),
  password_ui: gatewayPassword.optional(),
});
export const poolTypeBody = z.strictObject({ pool: z.enum(POOL_TYPES) });
/** Transfer dialog: copy the configuration of gateway `from` onto gateway `to` (MACs). */
export const exportConfigBody = z.strictObject({ from: macSchema, to: macSchema });
export const tokenGenerateBody = z.strictObject({ type: z.enum(TOKEN_SERVICES) });

/** `GET /api/gateway/update/{id}/{branch}`: MAIN (default) or beta, in any case. */
export const updateBranchParam = z
  .string()
  .max(8)
  .transform((b, ctx) => {
    const lower = b.toLowerCase();
    if (lower === 'main') return 'MAIN' as const;
    if (lower === 'beta') return 'beta' as const;
    ctx.addIssue({ code: 'custom', message: 'invalidBranch' });
    return z.NEVER;
  });

/** A command's reply: `message` is a console message key. */
export const commandReply = z.object({ message: z.string() });
export const hubTokenReply = z.object({
  token: z.string(),
  expiresAt: z.number().nullable().describe('epoch ms; null for a permanent token'),
});
export const permaTokenReply = z.object({ token: z.string().nullable() });

export const FIRMWARE_MAX_BYTES = 256 * 1024 * 1024;
export const firmwareQuery = z.strictObject({
  type: gatewayTypeSchema,
  version: versionSchema,
  branch: z.enum(UPDATE_BRANCHES).default('MAIN'),
});
export const firmwareItem = z.object({
  id: z.string(),
  type: gatewayTypeSchema,
  version: z.string(),
  branch: z.enum(UPDATE_BRANCHES),
  sha256: z.string(),
  size: z.number(),
  createdAt: z.number(),
});
export type FirmwareItem = z.infer<typeof firmwareItem>;
export const firmwareReply = z.object({ firmware: firmwareItem });

/** Counters of GET /api/hub/stats (administrators). */
export const hubStatsReply = z.object({
  transport: z.enum(['embedded', 'external', 'disabled']),
  connected: z.number().describe('gateways online as this node sees them (demo gateways included)'),
  accepted: z.record(z.string(), z.number()),
  dropped: z.record(z.string(), z.number()),
  disconnected: z.record(z.string(), z.number()),
  pendingCommands: z.number(),
  /**
   * The embedded broker's overload guard (decision 0039): publishes awaiting their commit
   * now and at most, and how often reading gateways was slowed or paused. Absent with an
   * external broker.
   */
  overload: z
    .object({
      inFlight: z.number(),
      inFlightBytes: z.number(),
      peakInFlight: z.number(),
      peakInFlightBytes: z.number(),
      pausedReads: z.number(),
      slowedReads: z.number(),
      pauses: z.number(),
      paused: z.boolean(),
    })
    .optional(),
  /**
   * The time-series writer the hub stores telegrams and readings through: points queued for
   * their batch now; past its queue (200,000 points) a publish's points wait for room, their
   * PUBACK delayed (now, at most, and how many publishes waited since the start).
   */
  store: z.object({
    queuedPoints: z.number(),
    waitingForRoom: z.number(),
    peakWaitingForRoom: z.number(),
    waitedForRoom: z.number(),
  }),
});
export type HubStats = z.infer<typeof hubStatsReply>;

/** Socket.io (path /socket.io): the client's requests. */
export const joinRequest = z.strictObject({
  project: z.string().min(1).max(64),
  /** Also receive the project's KNX telegrams (event knx:telegrams). */
  telegrams: z.boolean().optional(),
});

/** Socket.io event names (docs/gateway-protocol.md, "Console events"). */
export const SOCKET_EVENTS = {
  state: 'gateway:state',
  info: 'gateway:info',
  update: 'gateway:update',
  telegrams: 'knx:telegrams',
  /** The Modbus live test (document 3 §4): the console's read request, and its answer. */
  modbusLive: 'modbus:live',
} as const;

/**
 * The live test's room of a gateway (document 3 §7, "Live test socket"): the console joins it
 * with `join` and the room's name as payload, then emits `modbus:live` with the form's values.
 */
export const modbusLiveRoom = (mac: string) => `${mac}:modbus:live`;
const MODBUS_LIVE_ROOM = /^([0-9a-f]{12}):modbus:live$/;
/** The gateway MAC of a live-test room name (stored form), or null. */
export function macOfModbusLiveRoom(room: unknown): string | null {
  if (typeof room !== 'string') return null;
  return MODBUS_LIVE_ROOM.exec(room.toLowerCase())?.[1] ?? null;
}

/**
 * `modbus:live` from the console: the form's values (modbusReadArgs) and the
 * gateway; the answer, to the socket's acknowledgement and as a `modbus:live` event in the
 * room: the read's result (ModbusReadResult), or `{ ok: false, code }` with an error code of
 * the catalogue (gatewayOffline, gatewayTimeout, validation, notFound, forbidden).
 */
export const modbusLiveRequest = z.object({
  mac: z.string().min(12).max(17),
  read: modbusReadArgs,
});
export type ModbusLiveRequest = z.infer<typeof modbusLiveRequest>;

/** The answer to a `modbus:live` request. */
export type ModbusLiveAnswer =
  | { ok: true; mac: string; result: ModbusReadResult }
  | { ok: false; mac: string | null; code: string };

export const gatewayStateEvent = z.object({
  project: z.string(),
  mac: z.string(),
  online: z.boolean(),
  lastOnline: z.number().nullable(),
  lastConnection: z.number().nullable(),
});
export const gatewayInfoEvent = z.object({
  project: z.string(),
  mac: z.string(),
  version: z.string().nullable(),
  ip: z.string().nullable(),
  volt: z.number().nullable(),
  busload: z.number().nullable(),
  protect: z.boolean(),
  vpn: z.object({ online: z.boolean(), lastConnection: z.number().nullable() }),
});
export const gatewayUpdateEvent = z.object({
  project: z.string(),
  mac: z.string(),
  step: z.union([z.string(), z.literal(-1)]).nullable(),
  version: z.string().nullable(),
  /** A console message key when the update failed (firmwareChecksumMismatch…). */
  error: z.string().optional(),
});
export const telegramsEvent = z.object({
  project: z.string(),
  mac: z.string(),
  items: z.array(
    z.object({
      ga: z.string(),
      dpt: z.string(),
      value: z.union([z.number(), z.boolean()]),
      t: z.number(),
    }),
  ),
});
/**
 * The console's `knx:telegrams` event (decision 0044): a project's telegrams the hub accepted,
 * at most one event per project per `TELEGRAM_WINDOW_MS`, one entry per gateway batch in the
 * order the hub took them, at most `TELEGRAM_EVENT_MAX_ITEMS` telegrams per event.
 */
export const telegramsSocketEvent = z.object({
  project: z.string(),
  batches: z.array(telegramsEvent.omit({ project: true })),
});
/**
 * `gateway:info` to the console (decision 0048): a project's gateways' latest info, at most
 * one event per project per `GATEWAY_INFO_WINDOW_MS`.
 */
export const gatewayInfoSocketEvent = z.object({
  project: z.string(),
  infos: z.array(gatewayInfoEvent.omit({ project: true })),
});
/** How long the hub gathers a project's infos into one `gateway:info` event (ms). */
export const GATEWAY_INFO_WINDOW_MS = 1_000;
/** How long the hub gathers a project's telegrams into one `knx:telegrams` event (ms). */
export const TELEGRAM_WINDOW_MS = 50;
/** The widest the window grows while the server's main thread is saturated (ms). */
export const TELEGRAM_WINDOW_MAX_MS = 100;
/** A `knx:telegrams` event goes out at once when it holds this many telegrams. */
export const TELEGRAM_EVENT_MAX_ITEMS = 1_000;
export type GatewayStateEvent = z.infer<typeof gatewayStateEvent>;
export type GatewayInfoEvent = z.infer<typeof gatewayInfoEvent>;
export type GatewayUpdateEvent = z.infer<typeof gatewayUpdateEvent>;
export type TelegramsEvent = z.infer<typeof telegramsEvent>;
export type TelegramsSocketEvent = z.infer<typeof telegramsSocketEvent>;
export type GatewayInfoSocketEvent = z.infer<typeof gatewayInfoSocketEvent>;

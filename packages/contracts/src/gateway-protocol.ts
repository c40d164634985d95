import { z } from 'zod';
import { POOL_TYPES, versionSchema } from './gateway';
import { modbusConfigArgs, modbusReadArgs } from './modbus';
import {
  gatewayVendorState,
  poolAuthArgs,
  poolConfigArgs,
  poolListArgs,
  poolRefreshArgs,
} from './pool';

/**
 * The gateway protocol over MQTT 3.1.1 (docs/gateway-protocol.md): topics
 * under `nx/{mac}/`, JSON bodies carrying a protocol version `v`, commands
 * and replies matched by an id in the body (MQTT 3.1.1 has no correlation data).
 */
export const PROTOCOL_VERSION = 1;

/** The sub-topics of `nx/{mac}/`; anything else is dropped by the hub. */
export const GATEWAY_TOPICS = [
  'state',
  'info',
  'telegrams',
  'modbus',
  'pool',
  'cmd',
  'reply',
] as const;
export type GatewayTopic = (typeof GATEWAY_TOPICS)[number];

/** Limits both sides keep; the hub drops (and counts) what exceeds them. */
export const PROTOCOL_LIMITS = {
  /** Largest accepted publish body, in bytes. */
  maxPayloadBytes: 64 * 1024,
  /** Telegrams in one `telegrams` publish. */
  maxTelegramsPerMessage: 500,
  /** Token bucket per gateway: burst size and refill per second (publishes). */
  rateBurst: 100,
  ratePerSecond: 20,
  /** Publishes refused in a row for rate before the gateway is disconnected. */
  floodDisconnectAfter: 50,
  /** How long the cloud waits for a command's reply. */
  commandTimeoutMs: 10_000,
  /** The update command downloads and checks the firmware before it replies. */
  updateTimeoutMs: 60_000,
} as const;

const MAC = /^[0-9a-f]{12}$/;

/** `nx/{mac}/{kind}` for a MAC in the stored form (12 lowercase hex). */
export const topicOf = (mac: string, kind: GatewayTopic): string => `nx/${mac}/${kind}`;

/** The MAC and sub-topic of a gateway topic, or null for any other topic. */
export function parseTopic(topic: string): { mac: string; kind: GatewayTopic } | null {
  const [root, mac, kind, ...rest] = topic.split('/');
  if (root !== 'nx' || !mac || !MAC.test(mac) || rest.length) return null;
  const known = GATEWAY_TOPICS.find((t) => t === kind);
  return known ? { mac, kind: known } : null;
}

/** Body of `nx/{mac}/state` (retained; the last will publishes `offline`). */
export const stateMessage = z.enum(['online', 'offline']);
export type StateMessage = z.infer<typeof stateMessage>;

const v = z.literal(PROTOCOL_VERSION);

/** `nx/{mac}/info`: what the detail screen shows (document 1 §3, Gateway info). */
export const infoMessage = z.object({
  v,
  version: versionSchema,
  ip: z.string().max(64),
  volt: z.number().min(0).max(100),
  busload: z.number().min(0).max(100),
  protect: z.boolean(),
  vpn: z.object({ online: z.boolean(), lastConnection: z.number().int().nullable() }),
  pooltype: z.enum(POOL_TYPES).optional(),
});
export type InfoMessage = z.infer<typeof infoMessage>;

/** KNX group address in 3-level form "main/middle/sub". */
export const groupAddressSchema = z
  .string()
  .regex(/^(\d{1,2}\/[0-7]\/\d{1,3}|\d{1,2}\/\d{1,4})$/, 'invalidGroupAddress');

/** One KNX group value: epoch-ms `t`; booleans are stored as 0/1. */
export const telegramItem = z.object({
  ga: groupAddressSchema,
  dpt: z.string().regex(/^\d{1,3}(\.\d{1,3})?$/),
  value: z.union([z.number(), z.boolean()]),
  t: z.number().int().min(0),
});
export type TelegramItem = z.infer<typeof telegramItem>;

/** `nx/{mac}/telegrams` (QoS 1): acknowledged only once committed; `seq` names the batch. */
export const telegramsMessage = z.object({
  v,
  seq: z.number().int().min(0),
  items: z.array(telegramItem).min(1).max(PROTOCOL_LIMITS.maxTelegramsPerMessage),
});
export type TelegramsMessage = z.infer<typeof telegramsMessage>;

/**
 * `nx/{mac}/modbus` (QoS 1): meter readings (`meter` and `value` are the ids of the
 * `modbus.config` command), acknowledged once committed like telegrams; numeric values only.
 */
export const modbusItem = z.object({
  meter: z.string().min(1).max(64),
  value: z.string().min(1).max(64),
  v: z.number(),
  t: z.number().int().min(0),
});
export type ModbusItem = z.infer<typeof modbusItem>;
export const modbusMessage = z.object({
  v,
  seq: z.number().int().min(0),
  items: z.array(modbusItem).min(1).max(PROTOCOL_LIMITS.maxTelegramsPerMessage),
});
export type ModbusMessage = z.infer<typeof modbusMessage>;

/** `nx/{mac}/pool`: pool status and command values, consumed by the pool module. */
export const poolMessage = z.object({
  v,
  /** POOL_to_KNX values by key (every key the vendor gave, mapped or not). */
  values: z.record(z.string().max(64), z.union([z.number(), z.string().max(256), z.boolean()])),
  /** Epoch ms the pool was read; absent from old firmware (the cloud uses its receive time). */
  t: z.number().int().min(0).optional(),
  /** KNX_to_POOL: the last value written from the bus to each command key, with its time. */
  commands: z
    .record(
      z.string().max(64),
      z.object({ value: z.union([z.number(), z.boolean()]), t: z.number().int().min(0) }),
    )
    .optional(),
  /** How the vendor answered the last read; `retryAt` (epoch ms) when rate limited. */
  vendor: z
    .object({ state: gatewayVendorState, retryAt: z.number().int().nullable().optional() })
    .optional(),
});
export type PoolMessage = z.infer<typeof poolMessage>;

/** Username and password the gateway's local services accept (document 1 §5). */
export const credentials = z.object({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
});

export const TOKEN_SERVICES = ['klocknx', 'emergynx', 'nodered', 'pool'] as const;
export type TokenService = (typeof TOKEN_SERVICES)[number];
export const UPDATE_BRANCHES = ['MAIN', 'beta'] as const;
export type UpdateBranch = (typeof UPDATE_BRANCHES)[number];

/** Every command the cloud sends, with its arguments. */
export const COMMAND_ARGS = {
  reboot: z.object({}),
  init: z.object({}),
  update: z.object({
    version: versionSchema,
    branch: z.enum(UPDATE_BRANCHES),
    /** Absent for demo gateways, which have nothing to flash. */
    url: z.url().optional(),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    size: z.number().int().min(0).optional(),
  }),
  'passwords.init': z.object({
    config: credentials,
    nodered: credentials.optional(),
    dashboard: credentials.optional(),
  }),
  'config.password': credentials,
  'nodered.password': z.object({
    username: z.string().max(64).optional(),
    password: z.string().min(1).max(128),
    username_ui: z.string().max(64).optional(),
    password_ui: z.string().max(128).optional(),
  }),
  'nodered.restart': z.object({}),
  'nodered.update': z.object({}),
  'pool.type': z.object({ type: z.enum(POOL_TYPES) }),
  'config.export': z.object({}),
  'config.import': z.object({ config: z.string().max(48 * 1024) }),
  'token.set': z.object({
    service: z.enum(TOKEN_SERVICES),
    token: z.string().min(16).max(256),
    expiresAt: z.number().int().nullable(),
  }),
  'token.revoke': z.object({ service: z.enum(TOKEN_SERVICES), token: z.string().max(256) }),
  monitor: z.object({
    addresses: z.array(z.object({ ga: groupAddressSchema, dpt: z.string().max(16) })).max(2000),
  }),
  protect: z.object({ on: z.boolean() }),
  /**
   * Remote access (decision 0017): connect to the cloud's SSH endpoint at `host:port` (user =
   * MAC, password = device secret), check its host key against `hostKey` (SHA256 fingerprint,
   * base64 as OpenSSH prints it), ask for remote forwards of the local services, and keep the
   * tunnel up (reconnecting) until `until` (epoch ms, -1 for no end) or `vpn.close`.
   */
  'vpn.open': z.object({
    host: z.string().min(1).max(255),
    port: z.number().int().min(1).max(65535),
    until: z.number().int().min(-1),
    hostKey: z.string().max(128),
  }),
  'vpn.close': z.object({}),
  /** The custom proxy's target on the gateway's network, forwarded as TUNNEL_SERVICES.custom. */
  'vpn.proxy': z.object({ url: z.string().max(2048).nullable() }),
  /** kloudnx only: the meters to poll (replaces the previous configuration; issue 15). */
  'modbus.config': modbusConfigArgs,
  /** kloudnx only: the live test, one real read; the reply's result is a ModbusReadResult. */
  'modbus.read': modbusReadArgs,
  /** poolnx only (issue 19, decision 0031): the bridge's configuration, replacing the last. */
  'pool.config': poolConfigArgs,
  /** poolnx only: check vendor credentials against the vendor's cloud. */
  'pool.auth': poolAuthArgs,
  /** poolnx only (Klereo): the pools of an account; the reply's result is a poolListResult. */
  'pool.poollist': poolListArgs,
  /** poolnx only: read the pool now and publish `nx/{mac}/pool`. */
  'pool.refresh': poolRefreshArgs,
} as const;
export type CommandName = keyof typeof COMMAND_ARGS;
export type CommandArgs<N extends CommandName> = z.infer<(typeof COMMAND_ARGS)[N]>;

/** `nx/{mac}/cmd` envelope; `args` is checked against COMMAND_ARGS[name] by the receiver. */
export const commandMessage = z.object({
  v,
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(64),
  args: z.record(z.string(), z.unknown()),
});
export type CommandMessage = z.infer<typeof commandMessage>;

/** Error codes a gateway may answer (translated by the console). */
export const GATEWAY_ERROR_CODES = [
  'unknownCommand',
  'badArgs',
  'unsupported',
  'busy',
  'firmwareDownloadFailed',
  'firmwareChecksumMismatch',
  'protected',
  /** Pool vendor (issue 19): credentials refused, cloud unreachable, quota spent. */
  'vendorAuth',
  'vendorUnavailable',
  'vendorRateLimited',
] as const;
export type GatewayErrorCode = (typeof GATEWAY_ERROR_CODES)[number];

const id = z.string().min(1).max(64);
/** Final answer to a command: exactly one per command id. */
export const okReply = z.strictObject({
  v,
  id,
  ok: z.literal(true),
  result: z.record(z.string(), z.unknown()).optional(),
});
export const errorReply = z.strictObject({
  v,
  id,
  ok: z.literal(false),
  error: z.object({ code: z.enum(GATEWAY_ERROR_CODES), message: z.string().max(500) }),
});
/** Update progress after the reply: "n/m" flashed, then -1 (booting). */
export const progressEvent = z.strictObject({
  v,
  id,
  progress: z.union([z.string().regex(/^\d{1,4}\/\d{1,4}$/), z.literal(-1)]),
});
/** Update finished: the gateway runs `version` (sent once it is back online). */
export const versionEvent = z.strictObject({ v, id, version: versionSchema });
/** `nx/{mac}/reply`: a reply, or a progress or version event of a long command. */
export const replyMessage = z.union([okReply, errorReply, progressEvent, versionEvent]);
export type ReplyMessage = z.infer<typeof replyMessage>;

/** Result of `config.export`. */
export const exportResult = z.object({ config: z.string().max(48 * 1024) });

/** Parses a JSON body; undefined when it is not JSON. */
export function parseJson(body: Buffer | string): unknown {
  try {
    return JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    return undefined;
  }
}

import { z } from 'zod';
import { GATEWAY_TYPES, LIMITS } from './limits';
import { emailSchema } from './user';

const HEX_MAC = /^[0-9a-f]{12}$/i;
const SEPARATED_MAC = /^[0-9a-f]{2}([:-])[0-9a-f]{2}(?:\1[0-9a-f]{2}){4}$/i;
// The device prints its MAC as a Java long: `0x{hex}L`, leading zeros dropped.
const API_MAC = /^0x([0-9a-f]{1,12})l$/i;

/**
 * A MAC address in the stored form (document 1 §3): 12 lowercase hex
 * characters. Accepts 12 hex, colon or dash pairs, and the API form
 * `0x{mac}L`; anything else gives null.
 */
export function parseMac(input: string): string | null {
  const s = input.trim();
  const api = API_MAC.exec(s);
  if (api?.[1]) return api[1].toLowerCase().padStart(LIMITS.macLength, '0');
  if (HEX_MAC.test(s)) return s.toLowerCase();
  if (SEPARATED_MAC.test(s)) return s.replace(/[:-]/g, '').toLowerCase();
  return null;
}

/** The displayed form: 17 characters, uppercase pairs joined by colons ("AA:BB:CC:DD:EE:FF"). */
export function formatMac(mac: string): string {
  const stored = parseMac(mac);
  if (!stored) return mac.toUpperCase();
  return (stored.toUpperCase().match(/../g) ?? []).join(':');
}

/** The API form some gateway calls use: `0x{mac}L`. */
export const apiMac = (mac: string): string => `0x${parseMac(mac) ?? mac}L`;

const SERIAL = /^[A-Z0-9_-]+$/;

/** A serial number: exactly 8 letters, digits, `-` or `_`; compared in uppercase. */
export function parseSerial(input: string): string | null {
  const s = input.trim().toUpperCase();
  return s.length === LIMITS.serialLength && SERIAL.test(s) ? s : null;
}

/**
 * The text of a gateway's QR code: the MAC in its first 17 characters
 * (colon pairs), the serial number in the next 8 (document 1 §5).
 */
export function parseQrCode(text: string): { mac: string; sn: string } | null {
  const mac = parseMac(text.slice(0, LIMITS.macDisplayLength));
  const sn = parseSerial(
    text.slice(LIMITS.macDisplayLength, LIMITS.macDisplayLength + LIMITS.serialLength),
  );
  return mac && sn ? { mac, sn } : null;
}

/** The name a gateway keeps when it is linked to a project: its first 20 characters. */
export const linkedGatewayName = (name: string): string =>
  name.slice(0, LIMITS.gatewayNameLinkedMax).trimEnd();

/** A MAC in any accepted form, normalised to 12 lowercase hex (message key invalidMac). */
export const macSchema = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const mac = parseMac(value);
    if (mac) return mac;
    ctx.addIssue({ code: 'custom', message: 'invalidMac' });
    return z.NEVER;
  });

/** A serial number, normalised to uppercase (message key invalidSerial). */
export const serialSchema = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const sn = parseSerial(value);
    if (sn) return sn;
    ctx.addIssue({ code: 'custom', message: 'invalidSerial' });
    return z.NEVER;
  });

export const gatewayTypeSchema = z.enum(GATEWAY_TYPES);

/** Firmware versions: "8.4", "8.4.2", "8.5.0-beta.1". */
export const versionSchema = z
  .string()
  .trim()
  .regex(/^\d{1,4}\.\d{1,4}(\.\d{1,6})?([-+][0-9A-Za-z.-]{1,32})?$/, 'invalidVersion');

const nameWith = (message: string) =>
  z.string().trim().min(1, message).max(LIMITS.gatewayNameMax, message);

/** A gateway name when adding: 1 to 30 characters (message key invalidNameAddGW). */
export const gatewayNameSchema = nameWith('invalidNameAddGW');

export const POOL_TYPES = ['klereo', 'poolcop'] as const;
export const GATEWAY_ADDONS = ['emergynx', 'klocknx'] as const;
export type GatewayAddon = (typeof GATEWAY_ADDONS)[number];

/** A gateway as the project gateway table and the detail screen read it (document 1 §3). */
export const gatewayItem = z.object({
  _id: z.string(),
  project: z.string().nullable(),
  projectName: z.string().nullable(),
  name: z.string(),
  mac: z.string().describe('12 lowercase hex; display with formatMac'),
  sn: z.string(),
  type: gatewayTypeSchema,
  version: z.string().nullable(),
  online: z.boolean(),
  connection: z.boolean(),
  virtual: z.union([z.literal(0), z.literal(1)]),
  initialized: z.boolean(),
  initpswds: z.boolean(),
  waitingCerts: z.boolean(),
  waitingUpdate: z.boolean(),
  step: z.union([z.string(), z.number()]).nullable().describe('"updating", "n/m", or -1 (booting)'),
  pooltype: z.enum(POOL_TYPES).nullable(),
  addons: z.array(z.enum(GATEWAY_ADDONS)),
  protect: z.boolean(),
  pendingInit: z.boolean().describe('init was asked; the command goes out with the gateway hub'),
});
export type GatewayItem = z.infer<typeof gatewayItem>;

export const gatewayListReply = z.object({ gateways: z.array(gatewayItem) });
/** The caller's account: its gateways (in a project or not), and those shared with the caller. */
export const accountGatewaysReply = z.object({
  gateways: z.array(gatewayItem),
  shared: z.array(gatewayItem).describe('shared with the caller by other accounts (read-only)'),
});
export const gatewayReply = z.object({ gateway: gatewayItem });

/** The gateway info of the detail screen (document 1 §3, "Gateway info"). */
export const gatewayDetails = z.object({
  _id: z.string(),
  mac: z.string(),
  virtual: z.union([z.literal(0), z.literal(1)]),
  online: z.boolean(),
  protect: z.boolean(),
  vpn: z.object({ online: z.boolean(), lastConnection: z.number().nullable() }),
  lastOnline: z.number().nullable().describe('epoch ms'),
  lastConnection: z.number().nullable().describe('epoch ms'),
  volt: z.number().nullable(),
  busload: z.number().nullable(),
  ip: z.string().nullable(),
});
export type GatewayDetails = z.infer<typeof gatewayDetails>;

export const waitingQuery = z.strictObject({ mac: macSchema, sn: serialSchema });
/** Waiting-gateway answer (document 1 §3). */
export const waitingReply = z.object({
  waiting: z.boolean(),
  gw: z.object({
    name: z.string(),
    initialized: z.boolean(),
    project: z.string().nullable(),
    projectName: z.string().nullable(),
  }),
});
export type WaitingReply = z.infer<typeof waitingReply>;

const entityId = z.string().min(1).max(64);

/** Claims a waiting gateway for the caller's account; `id` is an optional project to link it to. */
export const createGatewayBody = z.strictObject({
  name: gatewayNameSchema,
  mac: macSchema,
  sn: serialSchema,
  id: entityId.optional(),
});
export const virtualGatewayBody = z.strictObject({
  name: gatewayNameSchema.default('DEMO'),
  project: entityId,
});
export const renameGatewayBody = z.strictObject({ name: nameWith('invalidRename') });
export const shareGatewayBody = z.strictObject({ email: emailSchema });

/** One imported waiting gateway, with its device secret (shown once). */
export const importedGateway = z.object({
  mac: z.string(),
  sn: z.string(),
  type: gatewayTypeSchema,
  version: z.string().nullable(),
  secret: z.string(),
});
export const importGatewaysReply = z.object({
  imported: z.number(),
  gateways: z.array(importedGateway),
});

import { z } from 'zod';

/**
 * Remote access ("VPN" in the spec, document 1 §2–§9, document 3 §7 "VPN service"): a
 * time-limited session to one gateway, carried by SSH reverse forwards from the gateway to
 * the cloud (ARCHITECTURE.md "Remote access", decision 0017).
 */

const HOUR_MS = 3_600_000;

/** The remote connection dialog's delays (document 1 §9), in ms; the first is the default. */
export const VPN_DELAYS_MS = [2, 4, 8, 24, 48].map((h) => h * HOUR_MS) as readonly number[];
/** `until` of a session without an end (administrators only, decision 0017). */
export const VPN_UNLIMITED = -1;

/**
 * The delays a project may open, in ms: those within its VPN hours (the larger of
 * `logger.vpn` and `logger.vpn_licence`), and at least the first (document 1 §9).
 */
export function allowedDelays(vpnHours: number): number[] {
  const allowed = VPN_DELAYS_MS.filter((d) => d <= Math.max(vpnHours, 2) * HOUR_MS);
  return allowed.length ? allowed : [VPN_DELAYS_MS[0] ?? 2 * HOUR_MS];
}

/**
 * The gateway's local services a tunnel may forward, by the port the gateway asks the cloud
 * to "bind" (`ssh -R {port}:…`): the port names the service, whatever the gateway maps it to.
 */
export const TUNNEL_SERVICES = {
  /** The gateway's configuration page (HTTP). */
  config: 80,
  /** The flow editor (Node-RED): editor at `/`, its dashboard at `/ui`. */
  nodered: 1880,
  /** The gateway's local UI (document 1 §9). */
  localUi: 11196,
  /** KNXnet/IP tunnelling over TCP, for ETS. */
  knx: 3671,
  /** The custom proxy's target (a URL on the gateway's network, chosen by the user). */
  custom: 10080,
} as const;
export type TunnelService = keyof typeof TUNNEL_SERVICES;
export const TUNNEL_SERVICE_NAMES = Object.keys(TUNNEL_SERVICES) as TunnelService[];
/** The service a forwarded port stands for, or undefined for a port no gateway may forward. */
export const serviceOfPort = (port: number): TunnelService | undefined =>
  TUNNEL_SERVICE_NAMES.find((s) => TUNNEL_SERVICES[s] === port);

/** `POST /api/vpn/open/{mac}`: the delay in ms, one of VPN_DELAYS_MS (or -1 for admins). */
export const vpnOpenBody = z.strictObject({
  delay: z
    .number()
    .int()
    .refine((d) => d === VPN_UNLIMITED || VPN_DELAYS_MS.includes(d), 'vpnDelayNotAllowed'),
});
export type VpnOpenBody = z.infer<typeof vpnOpenBody>;

/**
 * `GET /api/vpn/status/{mac}` (document 1 §3, VPN status): `online` as a string, `until` as
 * an epoch-ms string, -1 for unlimited, "0" without a session; `ip` the address the tunnel
 * comes from ("Not found" when unknown). Beyond the spec: whether a session is open (the
 * tunnel may still be on its way), its end, the gateway's LAN address for administrators
 * (document 1 §6), and the delays the project allows.
 */
export const vpnStatusReply = z.object({
  online: z.enum(['true', 'false']),
  until: z.union([z.string(), z.literal(VPN_UNLIMITED)]),
  ip: z.string(),
  open: z.boolean(),
  lan: z.string().nullable(),
  delays: z.array(z.number()),
});
export type VpnStatusReply = z.infer<typeof vpnStatusReply>;

/** Reply of open and disconnect: a console message key. */
export const vpnMessageReply = z.object({ message: z.string() });

/**
 * `GET /api/vpn/proxy/id/{id}`: the session's proxy id and the addresses of the gateway's
 * pages through the cloud (one host per service under PUBLIC_URL's host; decision 0017).
 */
export const vpnProxyReply = z.object({
  id: z.string(),
  urls: z.object({
    config: z.string(),
    editor: z.string(),
    dashboard: z.string(),
    localUi: z.string(),
  }),
});
export type VpnProxyReply = z.infer<typeof vpnProxyReply>;

/** `GET /api/vpn/proxy/ets/create/{id}?ipv6=`. */
export const etsCreateQuery = z.object({
  ipv6: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/**
 * `GET /api/vpn/proxy/ets/port/{id}`: the port ("false" while the node holding the tunnel
 * has not opened it yet), the server to give ETS, and the session's end.
 */
export const etsPortReply = z.object({
  port: z.union([z.literal('false'), z.number().int()]),
  server: z.string(),
  until: z.union([z.string(), z.literal(VPN_UNLIMITED)]),
  ipv6: z.boolean(),
});
export type EtsPortReply = z.infer<typeof etsPortReply>;

/** Custom proxy URL (document 1 §5): required, http:// or https://. */
export const customProxyUrl = z
  .string()
  .trim()
  .min(1, 'required')
  .max(2048)
  .refine((u) => /^https?:\/\/[^\s/?#]+/i.test(u) && URL.canParse(u), 'invalidUrlFormat');
export const customProxyBody = z.strictObject({ url: customProxyUrl });

/** `GET/POST /api/vpn/custom-proxy/{id}`: the URL and its subdomain (null until applied). */
export const customProxyReply = z.object({
  url: z.string(),
  subdomain: z.string().nullable(),
  link: z.string().nullable(),
});
export type CustomProxyReply = z.infer<typeof customProxyReply>;

/** What a session reached through the tunnel (the session log). */
export const VPN_REACHED = ['http', 'ets', 'custom'] as const;
export type VpnReached = (typeof VPN_REACHED)[number];
export const VPN_CLOSE_REASONS = ['disconnected', 'expired', 'replaced'] as const;

/** One remote access session of the log (`GET /api/vpn/log/{id}`). */
export const vpnLogEntry = z.object({
  _id: z.string(),
  openedBy: z.string().describe('e-mail of the user who opened it'),
  openedAt: z.number(),
  until: z.number().describe('epoch ms, or -1 for unlimited'),
  closedAt: z.number().nullable(),
  closeReason: z.enum(VPN_CLOSE_REASONS).nullable(),
  connectedAt: z.number().nullable().describe('first time the tunnel came up'),
  reached: z.array(z.enum(VPN_REACHED)),
  bytesIn: z.number().describe('bytes from the gateway'),
  bytesOut: z.number().describe('bytes to the gateway'),
});
export type VpnLogEntry = z.infer<typeof vpnLogEntry>;
export const vpnLogReply = z.object({ items: z.array(vpnLogEntry) });

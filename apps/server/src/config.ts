import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_ABUSE_LIMITS, TEST_ABUSE_FACTOR, type AbuseLimits } from './lib/abuse-limits';

/** Environment variables and their embedded defaults (see README, "Configuration"). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  // PostgreSQL connections each node's pool may open (its write lanes take 2, a wide graph
  // read 4, decisions 0043 and 0052); PostgreSQL's max_connections must hold every node's.
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(1000).default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Atrium <no-reply@atrium.local>'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  WEB_DIST: z.string().optional(),
  // Gateway hub: embedded MQTT broker port (0 = any free port, -1 = no broker), or an external broker.
  MQTT_PORT: z.coerce.number().int().min(-1).max(65535).default(1883),
  MQTT_URL: z
    .string()
    .regex(/^mqtt:\/\//, 'MQTT_URL must be an mqtt:// URL')
    .optional(),
  // The embedded broker runs in a worker thread of its own (false: on the main thread).
  MQTT_BROKER_THREAD: z.enum(['true', 'false']).default('true'),
  // Embedded broker: connections that have not logged in yet, at most this many at once...
  MQTT_PRE_LOGIN_MAX: z.coerce.number().int().min(1).max(100_000).default(2_000),
  // ...TCP connections past those wait their turn unread, at most this many (decision 0066)...
  MQTT_LOGIN_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(10_000),
  // ...one address may hold at most this many of both (0: no cap; decision 0068)...
  MQTT_PRE_LOGIN_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(256),
  // ...counted by the client's address from a PROXY protocol header when the MQTT port is
  // behind a TCP balancer that sends one (decision 0069); every connection must then start so.
  MQTT_PROXY_PROTOCOL: z.enum(['true', 'false']).default('false'),
  // ...and each has this long from accept to send its CONNECT (aedes' connectTimeout), and as
  // long again in that queue.
  MQTT_LOGIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Embedded broker: publishes awaiting their commit across the node before every gateway's
  // socket is paused (decision 0039; the other overload marks follow from it).
  MQTT_INFLIGHT_MAX: z.coerce.number().int().min(8).max(1_000_000).default(8_000),
  // This node's MQTT client id on an external broker: its persistent session survives a restart.
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'MQTT_CLIENT_ID: 1 to 64 letters, digits, - or _')
    .optional(),
  // Several nodes: socket.io events cross nodes through Redis (sharded pub/sub, Redis 7+).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  HUB_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Demo: the simulated energy meter the demo kloudnx polls, on 127.0.0.1 (0 = any free port, -1 = none).
  DEMO_MODBUS_PORT: z.coerce.number().int().min(-1).max(65535).default(1502),
  // Pool controllers (issue 19, decision 0031): the key that encrypts vendor credentials at rest
  // (base64 of 32 bytes; else DATA_DIR/secrets-key, made on first start), and the vendor clouds
  // the demo's pool gateways use (unset: a simulated Klereo and PoolCop on loopback).
  SECRETS_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/_-]{43}=?$/, 'SECRETS_KEY must be 32 bytes in base64')
    .optional(),
  KLEREO_URL: z.url().optional(),
  POOLCOP_URL: z.url().optional(),
  // Alerts (docs/operations.md, "Alerts"): Pushover's message endpoint, the outbox's poll,
  // how often every node reloads every project's rules, the watchdog's sweep.
  PUSHOVER_URL: z.url().default('https://api.pushover.net/1/messages.json'),
  ALERT_OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  ALERT_RULES_REFRESH_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  ALERT_SWEEP_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
  // First retry of a notification that failed (then x3 each time, at most 15 min).
  ALERT_RETRY_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  // Abuse limits of the public routes (docs/operations.md, "Abuse limits"); unset: the defaults.
  ABUSE_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  ABUSE_MAILS_PER_HOUR: z.coerce.number().int().min(1).optional(),
  ABUSE_MAILS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).optional(),
  ABUSE_LICENCE_CHECKS_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  ABUSE_GRAPHS_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  // What each node keeps of wide graphs' sealed blocks (decision 0054), in MiB; 0 = none.
  GRAPH_CACHE_MB: z.coerce.number().min(0).max(65_536).default(32),
  // Hours between retention sweeps (0 = none); at most 24 days, Node's longest timer.
  RETENTION_SWEEP_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 24)
    .default(24),
  // Billing (decision 0026): Stripe when both keys are set, else manual billing by administrators.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_STARTER: z.string().min(1).optional(),
  STRIPE_PRICE_PRO: z.string().min(1).optional(),
  // Another Stripe API host (stripe-mock, tests): http://127.0.0.1:12111.
  STRIPE_API_URL: z.url().optional(),
  // Seconds between sweeps of ended trials and manual grants (0 = only when read).
  SUBSCRIPTION_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // Hostile clients (docs/operations.md, "HTTP limits and headers"): how long a request may
  // take to arrive, how long a silent socket lives, how many sockets one address may hold.
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  HTTP_UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_600_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(72_000),
  HTTP_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(256),
  // What a console that reads too slowly leaves waiting on the server (its socket.io frames
  // not yet taken by its connection), per socket and for all sockets together (decision 0045).
  SOCKET_BACKLOG_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(16_384)
    .default(4 * 2 ** 20),
  SOCKET_BACKLOG_TOTAL_BYTES: z.coerce
    .number()
    .int()
    .min(16_384)
    .default(256 * 2 ** 20),
  // Whose X-Forwarded-For names the client: a proxy-addr list (addresses, subnets, `loopback`,
  // `linklocal`, `uniquelocal`), `true` (every hop: only behind a proxy that overwrites it),
  // or `false`. By default only private-network peers: a balancer there is
  // believed, a client on the Internet cannot choose the address its limits count against.
  TRUST_PROXY: z.string().min(1).default('loopback,linklocal,uniquelocal'),
  // Remote access (docs/operations.md, "Remote access"): the SSH endpoint gateways connect
  // their tunnels to (0 = any free port, -1 = none), the address they are told to reach it
  // at, the ports ETS connections get, and the URL other nodes reach this one at.
  TUNNEL_PORT: z.coerce.number().int().min(-1).max(65535).default(2222),
  TUNNEL_PUBLIC_HOST: z.string().min(1).max(255).optional(),
  TUNNEL_PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ETS_PORTS: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}$/, 'ETS_PORTS: a range such as 50000-50099')
    .default('50000-50099'),
  ETS_SERVER: z.string().min(1).max(255).optional(),
  // Tunnel clients that have not logged in yet, at most, and how long each has to log in.
  TUNNEL_PRE_AUTH_MAX: z.coerce.number().int().min(1).max(100_000).default(200),
  // Of those, from one address (0: no cap; decision 0068).
  TUNNEL_PRE_AUTH_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(32),
  // The tunnel port is behind a TCP balancer that sends a PROXY protocol header (decision 0069).
  TUNNEL_PROXY_PROTOCOL: z.enum(['true', 'false']).default('false'),
  TUNNEL_LOGIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // A gateway page that sends nothing for this long is answered 503 unavailable.
  TUNNEL_PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  NODE_URL: z.url().optional(),
  // V8's old generation grows by this share of its live size between collections (0: V8's
  // own dynamic factor, which stays near 10 % once an idle server's heap was shrunk; decision 0040).
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(400).default(100),
  // Partner e-mail domains (document 1 §6, roles table): their users get the boss and chart
  // dashboards without licences, and any number of chart dashboards (comma-separated).
  PARTNER_DOMAINS: z.string().max(2000).default(''),
});

/** The HTTP server's limits against slow or greedy clients; 0 turns the idle timeout or the cap off. */
export interface HttpLimits {
  /** From the connection (or the request's first byte) to the end of its headers. */
  headersTimeoutMs: number;
  /** From the end of a request's headers to the end of its body, on every route but long uploads. */
  requestTimeoutMs: number;
  /** The same for a signed-in administrator's firmware upload; the bound of any request. */
  uploadTimeoutMs: number;
  /** A socket with no traffic either way for this long is closed (slow readers, stalls). */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long (above the load balancer's). */
  keepAliveTimeoutMs: number;
  /** Open TCP connections one peer address may hold (0: no cap). */
  maxConnectionsPerIp: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  /** `poolMax`: connections the PostgreSQL pool may open (`DATABASE_POOL_MAX`, 10). */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolMax?: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  logLevel: string;
  /** V8's `--heap-growing-percent`, set when the app is built (0: V8's dynamic factor). */
  heapGrowingPercent: number;
  seedDemo: boolean;
  /** The demo's Modbus TCP energy meter port on loopback (0: any free one), null for none. */
  demoModbusPort: number | null;
  webDist: string;
  i18nDir: string;
  /** Embedded broker TCP port (0: any free one), or null when MQTT_PORT=-1 or MQTT_URL is set. */
  mqttPort: number | null;
  mqttUrl: string | undefined;
  /** Whether the embedded broker runs in a worker thread. */
  mqttBrokerThread: boolean;
  /** Embedded broker: connections not logged in yet, at most (MQTT_PRE_LOGIN_MAX). */
  mqttPreLoginMax: number;
  /** Embedded broker: TCP connections queued for their turn to log in, at most (MQTT_LOGIN_QUEUE_MAX). */
  mqttLoginQueueMax: number;
  /** Embedded broker: TCP connections not logged in yet from one address, at most (MQTT_PRE_LOGIN_PER_ADDRESS; 0: no cap). */
  mqttPreLoginPerAddress: number;
  /** Embedded broker: each TCP connection starts with a balancer's PROXY protocol header (MQTT_PROXY_PROTOCOL). */
  mqttProxyProtocol: boolean;
  /** Embedded broker: how long a connection may take to send its CONNECT (MQTT_LOGIN_TIMEOUT_MS). */
  mqttLoginTimeoutMs: number;
  /** Embedded broker: the overload guard's pause mark, in publishes (MQTT_INFLIGHT_MAX). */
  mqttInflightMax: number;
  /** Client id of this node on the external broker (stable across restarts). */
  mqttClientId: string;
  redisUrl: string | undefined;
  /** Past these bytes waiting for it, a console's socket is closed (SOCKET_BACKLOG_*). */
  socketBacklog: { perSocketBytes: number; totalBytes: number };
  /** Fastify's `trustProxy`: which peers' X-Forwarded-For gives `request.ip` (TRUST_PROXY). */
  trustProxy: boolean | string;
  commandTimeoutMs: number;
  /** Call limits of the public routes (per source, address or user). */
  abuseLimits: AbuseLimits;
  /**
   * Whether this process runs the gateway hub's background work (broker, presence,
   * demo gateways); false for one-off commands such as `npm run admin:create`.
   */
  hubRuns: boolean;
  /** Time between two retention sweeps, in ms; 0 when sweeping is off. */
  retentionSweepMs: number;
  /** What wide graphs may keep of sealed blocks, in bytes (decision 0054). */
  graphCacheBytes: number;
  /** Billing (decision 0026): Stripe's settings when configured, else manual billing. */
  billing: {
    stripe?: {
      secretKey: string;
      webhookSecret: string;
      prices: { starter: string | undefined; pro: string | undefined };
      apiUrl?: string;
    };
    sweepMs: number;
  };
  http: HttpLimits;
  tunnel: TunnelConfig;
  alerts: AlertsConfig;
  /** Partner e-mail domains, lowercase (PARTNER_DOMAINS): dashboards without licences. */
  partnerDomains: readonly string[];
  /** Encrypts secrets stored in the database (pool vendor credentials): 32 bytes, base64url. */
  secretsKey: string;
  /** The vendor clouds demo pool gateways read (unset: the simulated ones on loopback). */
  poolVendors: { klereoUrl: string | undefined; poolcopUrl: string | undefined };
}

/** Alerts and notifications (issue 14). */
export interface AlertsConfig {
  pushoverUrl: string;
  outboxPollMs: number;
  rulesRefreshMs: number;
  sweepMs: number;
  retryBaseMs: number;
}

/** Remote access settings (decision 0017). */
export interface TunnelConfig {
  /** SSH endpoint port (0: any free one), or null when TUNNEL_PORT=-1. */
  port: number | null;
  /** What `vpn.open` tells gateways to connect to; the listening port when unset. */
  publicHost: string;
  publicPort: number | undefined;
  etsPorts: { from: number; to: number };
  /** The host name ETS users are given. */
  etsServer: string;
  /** How other nodes reach this one's HTTP port (their proxies forward here); unset: loopback. */
  nodeUrl: string | undefined;
  preAuthMax: number;
  /** Of those, from one address, at most (TUNNEL_PRE_AUTH_PER_ADDRESS; 0: no cap). */
  preAuthPerAddress: number;
  /** Each connection starts with a balancer's PROXY protocol header (TUNNEL_PROXY_PROTOCOL). */
  proxyProtocol: boolean;
  loginTimeoutMs: number;
  /** A proxied page silent for this long ends with 503 unavailable. */
  proxyTimeoutMs: number;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Reads the JWT secret from DATA_DIR, creating it on first start. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads the key of the secrets stored in the database from DATA_DIR, creating it on first start. */
function loadOrCreateSecretsKey(dataDir: string): string {
  const file = join(dataDir, 'secrets-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** The abuse limits: the environment's, else the defaults (far higher under NODE_ENV=test). */
function abuseLimitsOf(e: z.infer<typeof envSchema>): AbuseLimits {
  const factor = e.NODE_ENV === 'test' ? TEST_ABUSE_FACTOR : 1;
  const d = DEFAULT_ABUSE_LIMITS;
  return {
    signinPerMinute: e.ABUSE_SIGNIN_PER_MINUTE ?? d.signinPerMinute * factor,
    mailsPerHour: e.ABUSE_MAILS_PER_HOUR ?? d.mailsPerHour * factor,
    mailsPerAddressPerHour: e.ABUSE_MAILS_PER_ADDRESS_PER_HOUR ?? d.mailsPerAddressPerHour * factor,
    licenceChecksPerMinute: e.ABUSE_LICENCE_CHECKS_PER_MINUTE ?? d.licenceChecksPerMinute * factor,
    graphsPerMinute: e.ABUSE_GRAPHS_PER_MINUTE ?? d.graphsPerMinute * factor,
  };
}

/** Parses the environment once; nothing else in the server reads `process.env`. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { kind: 'sqlite', file: join(dataDir, 'atrium.sqlite') },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    secretsKey: e.SECRETS_KEY ?? loadOrCreateSecretsKey(dataDir),
    poolVendors: { klereoUrl: e.KLEREO_URL, poolcopUrl: e.POOLCOP_URL },
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : e.NODE_ENV !== 'production',
    demoModbusPort: e.DEMO_MODBUS_PORT < 0 ? null : e.DEMO_MODBUS_PORT,
    webDist: resolve(e.WEB_DIST ?? join(repoRoot, 'apps/web/dist')),
    i18nDir: join(repoRoot, 'apps/web/public/assets/i18n'),
    mqttPort: e.MQTT_URL || e.MQTT_PORT < 0 ? null : e.MQTT_PORT,
    mqttUrl: e.MQTT_URL,
    mqttBrokerThread: e.MQTT_BROKER_THREAD === 'true',
    mqttPreLoginMax: e.MQTT_PRE_LOGIN_MAX,
    mqttLoginQueueMax: e.MQTT_LOGIN_QUEUE_MAX,
    mqttPreLoginPerAddress: e.MQTT_PRE_LOGIN_PER_ADDRESS,
    mqttProxyProtocol: e.MQTT_PROXY_PROTOCOL === 'true',
    mqttLoginTimeoutMs: e.MQTT_LOGIN_TIMEOUT_MS,
    mqttInflightMax: e.MQTT_INFLIGHT_MAX,
    mqttClientId:
      e.MQTT_CLIENT_ID ??
      `atrium-hub-${hostname()
        .replace(/[^A-Za-z0-9_-]/g, '')
        .slice(0, 40)}`,
    redisUrl: e.REDIS_URL,
    socketBacklog: {
      perSocketBytes: e.SOCKET_BACKLOG_MAX_BYTES,
      totalBytes: e.SOCKET_BACKLOG_TOTAL_BYTES,
    },
    commandTimeoutMs: e.HUB_COMMAND_TIMEOUT_MS,
    abuseLimits: abuseLimitsOf(e),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    hubRuns: true,
    retentionSweepMs: Math.round(e.RETENTION_SWEEP_HOURS * 3_600_000),
    graphCacheBytes: Math.round(e.GRAPH_CACHE_MB * 2 ** 20),
    billing: {
      ...(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            stripe: {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              prices: { starter: e.STRIPE_PRICE_STARTER, pro: e.STRIPE_PRICE_PRO },
              ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL } : {}),
            },
          }
        : {}),
      sweepMs: e.SUBSCRIPTION_SWEEP_SECONDS * 1000,
    },
    http: httpLimits(e),
    tunnel: tunnelConfig(e),
    alerts: {
      pushoverUrl: e.PUSHOVER_URL,
      outboxPollMs: e.ALERT_OUTBOX_POLL_MS,
      rulesRefreshMs: e.ALERT_RULES_REFRESH_MS,
      sweepMs: e.ALERT_SWEEP_MS,
      retryBaseMs: e.ALERT_RETRY_BASE_MS,
    },
    partnerDomains: e.PARTNER_DOMAINS.split(',')
      .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
      .filter(Boolean),
  };
}

function tunnelConfig(e: z.infer<typeof envSchema>): TunnelConfig {
  const publicHost = new URL(e.PUBLIC_URL ?? 'http://localhost').hostname;
  const [from = 0, to = 0] = e.ETS_PORTS.split('-').map(Number);
  if (from < 1 || to > 65535 || from > to) throw new Error('Invalid configuration:\nETS_PORTS');
  return {
    port: e.TUNNEL_PORT < 0 ? null : e.TUNNEL_PORT,
    publicHost: e.TUNNEL_PUBLIC_HOST ?? publicHost,
    publicPort: e.TUNNEL_PUBLIC_PORT,
    etsPorts: { from, to },
    etsServer: e.ETS_SERVER ?? publicHost,
    nodeUrl: e.NODE_URL?.replace(/\/$/, ''),
    preAuthMax: e.TUNNEL_PRE_AUTH_MAX,
    preAuthPerAddress: e.TUNNEL_PRE_AUTH_PER_ADDRESS,
    proxyProtocol: e.TUNNEL_PROXY_PROTOCOL === 'true',
    loginTimeoutMs: e.TUNNEL_LOGIN_TIMEOUT_MS,
    proxyTimeoutMs: e.TUNNEL_PROXY_TIMEOUT_MS,
  };
}

/** TRUST_PROXY as Fastify takes it: a boolean, or a list of trusted peers. */
function trustProxyOf(value: string): boolean | string {
  return value === 'true' || value === 'false' ? value === 'true' : value;
}

/** The HTTP limits, checked against each other and against the hub's command wait. */
function httpLimits(e: z.infer<typeof envSchema>): HttpLimits {
  const limits: HttpLimits = {
    headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    uploadTimeoutMs: e.HTTP_UPLOAD_TIMEOUT_MS,
    idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    maxConnectionsPerIp: e.HTTP_MAX_CONNECTIONS_PER_IP,
  };
  const problems = [
    limits.headersTimeoutMs > limits.requestTimeoutMs &&
      'HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS',
    limits.requestTimeoutMs > limits.uploadTimeoutMs &&
      'HTTP_REQUEST_TIMEOUT_MS must not exceed HTTP_UPLOAD_TIMEOUT_MS',
    // A command reply is awaited in silence: the idle timeout would cut the caller's socket.
    limits.idleTimeoutMs > 0 &&
      limits.idleTimeoutMs <= e.HUB_COMMAND_TIMEOUT_MS &&
      'HTTP_IDLE_TIMEOUT_MS must be 0 or longer than HUB_COMMAND_TIMEOUT_MS',
  ].filter((p) => typeof p === 'string');
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return limits;
}

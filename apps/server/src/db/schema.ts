import type { Generated } from 'kysely';
import type { Rank } from '@atrium/contracts/limits';

/** Booleans are stored as 0/1 integers so SQLite and PostgreSQL share one code path. */
type Flag = number;

export interface TeamTable {
  id: string;
  name: string;
  created_at: number;
}

export interface UserTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  rank: Rank;
  team_id: string;
  email_verified: Flag;
  failed_attempts: number;
  last_failed_at: number | null;
  locked: Flag;
  token_version: number;
  created_at: number;
  /** Wrong one-time codes since the last right one, across codes (decision 0016). */
  otp_failures: number;
}

export type UserTokenKind = 'verifyEmail' | 'reset' | 'unlock';

export interface UserTokenTable {
  hash: string;
  user_id: string;
  kind: UserTokenKind;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface OtpTable {
  user_id: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
  sent_at: number;
}

/** Wrong passwords per account and source (an IPv4 address or an IPv6 /64), decision 0016. */
export interface SigninFailureTable {
  user_id: string;
  source: string;
  failures: number;
  last_failed_at: number;
  locked: Flag;
}

/** A remote access session (decision 0017); `until` is -1 for no end. */
export interface VpnSessionTable {
  id: string;
  gateway_id: string;
  mac: string;
  project_id: string | null;
  team_id: string;
  opened_by: string;
  opened_at: number;
  until: number;
  closed_at: number | null;
  close_reason: string | null;
  proxy_id: string | null;
  ets_requested: Generated<Flag>;
  ets_ipv6: Generated<Flag>;
  ets_port: number | null;
  /** The internal URL of the node that holds the gateway's tunnel, while it is up. */
  tunnel_node: string | null;
  tunnel_ip: string | null;
  connected_at: number | null;
  last_connection: number | null;
  /** The services the tunnel forwards, comma-separated (TUNNEL_SERVICES). */
  forwards: Generated<string>;
  /** What the session reached, comma-separated (VPN_REACHED). */
  reached: Generated<string>;
  bytes_in: Generated<number>;
  bytes_out: Generated<number>;
}

export interface VpnCustomProxyTable {
  gateway_id: string;
  url: string;
  subdomain: string;
  updated_at: number;
}

export interface KnownDeviceTable {
  user_id: string;
  device_hash: string;
  created_at: number;
}

export interface ProjectTable {
  id: string;
  team_id: string;
  name: string;
  name_key: string;
  licence_bossnx: Flag;
  licence_chartnx: number;
  /** Comma-separated addons (emergynx, klocknx). */
  addons: string;
  logger_subscription: string;
  logger_retention: string;
  logger_endlogdate: number;
  logger_pause: Flag;
  logger_status: string;
  logger_vpn: number;
  logger_vpn_licence: number;
  logger_address: number;
  logger_max_thresholds: number;
  voltage_activate: Flag;
  voltage_minimum: number | null;
  voltage_maximum: number | null;
  /** Notification settings as JSON; null means the defaults. */
  notification: string | null;
  /** Thresholds as a JSON list (document 2 §3 logger.thresholds); null means none. */
  logger_thresholds: string | null;
  created_at: number;
  updated_at: number;
}

export interface ProjectViewerTable {
  project_id: string;
  user_id: string;
  created_at: number;
}

export interface GatewayTable {
  id: string;
  /** 12 lowercase hex. */
  mac: string;
  sn: string;
  type: string;
  name: string;
  /** The owning team (account); null while waiting. */
  team_id: string | null;
  project_id: string | null;
  version: string | null;
  waiting: Flag;
  virtual: Flag;
  online: Flag;
  connection: Flag;
  initialized: Flag;
  pending_init: Flag;
  initpswds: Flag;
  waiting_certs: Flag;
  waiting_update: Flag;
  step: string | null;
  pooltype: string | null;
  protect: Flag;
  /** sha256 of the device secret; null for virtual gateways. */
  secret_hash: string | null;
  ip: string | null;
  volt: number | null;
  busload: number | null;
  last_online: number | null;
  last_connection: number | null;
  vpn_online: Flag;
  vpn_last_connection: number | null;
  created_at: number;
  updated_at: number;
}

export interface GatewayShareTable {
  gateway_id: string;
  user_id: string;
  created_at: number;
}

export interface LicenceTable {
  key: string;
  type: string;
  value: number | null;
  project_id: string | null;
  used_by: string | null;
  used_at: number | null;
  created_at: number;
}

export interface LatestVersionTable {
  type: string;
  version: string;
  updated_at: number;
}

export interface InformationMessageTable {
  id: string;
  color: string;
  text: string;
  created_at: number;
}

/** Bumped by every write to a team's projects or gateways; list caches compare it. */
export interface TeamRevisionTable {
  team_id: string;
  revision: number;
}

/** What a time series records: a KNX group address, the supply voltage or a Modbus meter value. */
export type SeriesKind = 'knx' | 'voltage' | 'modbus';

export interface TsSeriesTable {
  id: Generated<number>;
  project_id: string;
  gateway_mac: string;
  address: string;
  kind: SeriesKind;
  created_at: number;
}

/** One raw point: epoch-ms `t`, primary key (series, t). */
export interface TsRawTable {
  series: number;
  t: number;
  v: number;
}

/** A rollup bucket (1 min, 1 h or 1 UTC day) starting at epoch-ms `bucket`. */
/** A sealed block's generation (decision 0054); block -1 is bumped by prunes. */
export interface TsBlockGenTable {
  block: number;
  gen: number;
}

export interface TsRollupTable {
  series: number;
  bucket: number;
  count: number;
  sum: number;
  min: number;
  max: number;
}

/** An update asked by an administrator while the gateway was offline; sent when it connects. */
export interface GatewayPendingUpdateTable {
  gateway_id: string;
  version: string;
  branch: string;
  created_at: number;
}

/** An uploaded firmware file, stored as DATA_DIR/firmware/{file}. */
export interface FirmwareTable {
  id: string;
  type: string;
  version: string;
  branch: string;
  sha256: string;
  size: number;
  file: string;
  created_at: number;
}

/** A permanent link or emergency token handed to a gateway (one per service). */
export interface GatewayTokenTable {
  gateway_id: string;
  service: string;
  token: string;
  created_at: number;
}

/** A project's ETS file: its parsed tree (contracts `etsTree`) as JSON text. */
export interface EtsFileTable {
  project_id: string;
  name: string;
  timestamp: number;
  address_count: number;
  tree: string;
}

/** A group address a gateway records for its project; one gateway per (project, address). */
export interface MonitoredAddressTable {
  project_id: string;
  address: string;
  /** 12 lowercase hex. */
  gateway_mac: string;
  /** Dotted DPT, `9.001`. */
  dpt: string;
  name: string;
  created_at: number;
}

/** A saved graph selection of a project; `list` is a JSON array of measurements. */
export interface GraphFavoriteTable {
  project_id: string;
  name: string;
  list: string;
  display: string;
  updated_at: number;
}

/** Per project: offline delay and watchdog (JSON), and what stopped a channel. */
export interface AlertSettingsTable {
  project_id: string;
  settings: string;
  /** JSON {at, reason} when the channel was refused (Pushover's invalid key); null when fine. */
  email_problem: string | null;
  pushover_problem: string | null;
  updated_at: number;
}

export interface AlertMuteTable {
  id: string;
  project_id: string;
  /** null mutes the whole project. */
  mac: string | null;
  until: number;
  created_by: string;
  created_at: number;
}

export interface AlertTable {
  id: string;
  project_id: string;
  mac: string;
  kind: string;
  /** threshold:{id}, voltage:{mac}, status:{mac}, stale:{mac}:{ga}, busload:{mac}. */
  rule_key: string;
  rule: string | null;
  address: string | null;
  condition: string | null;
  limit_value: number | null;
  unit: string | null;
  value: number | null;
  raised_at: number;
  cleared_at: number | null;
  clear_value: number | null;
  muted: Flag;
}

/** The outbox: one row per alert transition and channel, sent once. */
export interface AlertNotificationTable {
  id: string;
  alert_id: string;
  project_id: string;
  channel: string;
  /** raised or cleared. */
  transition: string;
  /** pending, sending, sent, failed (gave up), dropped (cleared during quiet hours). */
  status: string;
  attempts: number;
  next_at: number;
  claimed_until: number | null;
  created_at: number;
  sent_at: number | null;
  last_error: string | null;
}

export interface AlertDeliveryAttemptTable {
  id: string;
  notification_id: string;
  at: number;
  outcome: string;
  http_status: number | null;
  detail: string | null;
}

/** A Modbus meter of a project, polled by one kloudnx gateway (decision 0019). */
export interface ModbusMeterTable {
  id: string;
  project_id: string;
  /** 12 lowercase hex. */
  gateway_mac: string;
  name: string;
  ip: string;
  port: number;
  enabled: Flag;
  /** Seconds between two polls. */
  interval: number;
  created_at: number;
  updated_at: number;
}

/** A value read from a meter; `gateway_mac` is its meter's, kept equal by the repository. */
export interface ModbusValueTable {
  id: string;
  project_id: string;
  meter_id: string;
  gateway_mac: string;
  name: string;
  /** '' when none. */
  unit: string;
  register_address: number;
  word_length: number;
  function_code: number;
  unit_id: number;
  scale_factor: number;
  data_type: string;
  swap_bytes: Flag;
  swap_words: Flag;
  created_at: number;
  updated_at: number;
}

/** A gateway to be sent its Modbus configuration when it next connects. */
export interface ModbusPendingTable {
  gateway_id: string;
  /** The request it waits for: epoch-ms × 1000 plus a random tiebreak. */
  requested_at: number;
}

/** A poolnx gateway's bridge configuration and live state (issue 19, decision 0031). */
export interface PoolConfigTable {
  gateway_id: string;
  type: string;
  /** Vendor credentials sealed by lib/secret-box (JSON inside), null when none. */
  credentials: string | null;
  /** JSON of what may be shown: {username} or {apikey: masked}. */
  auth_hint: string | null;
  selected_pool: string | null;
  options: string;
  pool_to_knx: string;
  knx_to_pool: string;
  temp_control: string;
  /** The request the gateway has not acknowledged yet (epoch-ms × 1000 + tiebreak), or null. */
  pending_at: number | null;
  /** JSON {values, commands} of the last `nx/{mac}/pool`. */
  live: string | null;
  last_update: number | null;
  vendor_state: string;
  vendor_at: number | null;
  vendor_retry_at: number | null;
  updated_at: number;
}

/** The team activity log (decision 0022); `details` is JSON or null. */
export interface TeamActivityTable {
  id: string;
  team_id: string;
  at: number;
  actor_id: string;
  actor_email: string;
  action: string;
  target_kind: string;
  target_id: string;
  target_name: string;
  details: string | null;
}

/** One fact of a gateway's history (decision 0021); `data` is JSON. */
export interface GatewayEventTable {
  id: string;
  /** 12 lowercase hex. */
  mac: string;
  team_id: string | null;
  project_id: string | null;
  at: number;
  kind: string;
  user_id: string | null;
  user_email: string | null;
  data: string;
}

/** The last recorded presence of a gateway, and its update under way (decision 0021). */
export interface GatewayEventStateTable {
  mac: string;
  /** null until a presence was recorded (the row may hold only an update under way). */
  online: Flag | null;
  since: number | null;
  update_event_id: string | null;
}

/** A team's subscription (issue 17, decision 0026); `until` null: open-ended. */
export interface SubscriptionTable {
  id: string;
  team_id: string;
  project_id: string | null;
  plan: string;
  status: string;
  provider: string;
  nickname: string;
  external_id: string | null;
  until: number | null;
  created_at: number;
  updated_at: number;
}

/** The one free trial a team may start. */
export interface SubscriptionTrialTable {
  team_id: string;
  project_id: string;
  started_at: number;
  ends_at: number;
}

export interface BillingCustomerTable {
  team_id: string;
  customer_id: string;
}

/** Billing provider events already applied. */
export interface BillingEventTable {
  id: string;
  type: string;
  received_at: number;
}

/** A chart dashboard of a project (issue 20): the generator's form as JSON. */
export interface ChartDashboardTable {
  id: string;
  project_id: string;
  name: string;
  form: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** The boss dashboard of a project: key values and energy counters as JSON series lists. */
export interface BossDashboardTable {
  project_id: string;
  id: string;
  project_name: string;
  key_values: string;
  energy: string;
  created_at: number;
  updated_at: number;
}

/** A share link of a dashboard: only the token's SHA-256 hash is kept (decision 0032). */
export interface DashboardShareTable {
  id: string;
  token_hash: string;
  type: string;
  project_id: string;
  dashboard_id: string;
  created_by: string | null;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
}

export interface Database {
  teams: TeamTable;
  users: UserTable;
  user_tokens: UserTokenTable;
  otp_codes: OtpTable;
  signin_failures: SigninFailureTable;
  known_devices: KnownDeviceTable;
  vpn_sessions: VpnSessionTable;
  vpn_custom_proxies: VpnCustomProxyTable;
  projects: ProjectTable;
  project_viewers: ProjectViewerTable;
  gateways: GatewayTable;
  gateway_shares: GatewayShareTable;
  licences: LicenceTable;
  latest_versions: LatestVersionTable;
  information_messages: InformationMessageTable;
  team_revisions: TeamRevisionTable;
  ts_series: TsSeriesTable;
  ts_raw: TsRawTable;
  ts_1m: TsRollupTable;
  ts_1h: TsRollupTable;
  ts_1d: TsRollupTable;
  ts_block_gen: TsBlockGenTable;
  gateway_pending_updates: GatewayPendingUpdateTable;
  firmware: FirmwareTable;
  gateway_tokens: GatewayTokenTable;
  ets_files: EtsFileTable;
  monitored_addresses: MonitoredAddressTable;
  graph_favorites: GraphFavoriteTable;
  alert_settings: AlertSettingsTable;
  alert_mutes: AlertMuteTable;
  alerts: AlertTable;
  alert_notifications: AlertNotificationTable;
  alert_delivery_attempts: AlertDeliveryAttemptTable;
  modbus_meters: ModbusMeterTable;
  modbus_values: ModbusValueTable;
  modbus_pending: ModbusPendingTable;
  pool_configs: PoolConfigTable;
  gateway_events: GatewayEventTable;
  gateway_event_state: GatewayEventStateTable;
  team_activity: TeamActivityTable;
  subscriptions: SubscriptionTable;
  subscription_trials: SubscriptionTrialTable;
  billing_customers: BillingCustomerTable;
  billing_events: BillingEventTable;
  chart_dashboards: ChartDashboardTable;
  boss_dashboards: BossDashboardTable;
  dashboard_shares: DashboardShareTable;
}

import {
  DEFAULT_POOL_OPTIONS,
  DEFAULT_TEMP_CONTROL,
  defaultPoolRows,
  poolKeysOf,
  poolListResult,
  POOL_VENDOR_STATES,
  type GatewayPoolCredentials,
  type PoolConfig,
  type PoolConfigArgs,
  type PoolDataEvent,
  type PoolOptions,
  type PoolRow,
  type PoolType,
  type PoolVendorState,
  type TempControl,
} from '@atrium/contracts/pool';
import {
  poolAuthBody,
  poolInitTypeBody,
  poolOptionsSchema,
  poolUpdateBody,
  tempControlSchema,
} from '@atrium/contracts/pool';
import type { PoolMessage } from '@atrium/contracts/gateway-protocol';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { gatewayRef } from '../../lib/tenancy/project-access';
import type { GatewaysRepository, GatewayView } from '../gateways/gateways.repository';
import type { Hub } from '../hub/hub.service';
import type { GatewayCommandEvent } from '../hub/hub-events';
import type { PoolConfigRow, PoolRepository } from './pool.repository';

/** The hub's side: presence and commands. */
export type PoolCommands = Pick<Hub, 'reachable' | 'command'>;

export interface PoolServiceDeps {
  repo: PoolRepository;
  gateways: Pick<GatewaysRepository, 'find' | 'update'>;
  /** Absent without a hub: configurations then wait for the gateway's next connect. */
  commands?: PoolCommands;
  box: SecretBox;
  log: { warn(obj: object, msg: string): void };
  /** The live table's event, for the realtime module's `poolnx:{mac}` room. */
  emit(event: PoolDataEvent): void;
  /** Who changed the configuration (the gateway's history and the team's activity log). */
  told?(event: GatewayCommandEvent): void;
}

/** The user behind a change, as the gateway history records it. */
export type PoolActor = { id: string; email: string } | null;

/** A mapping row as stored: what the installer chose. */
interface StoredRow {
  name: string;
  address: string;
  enabled: boolean;
  rename: string;
  dpt: string;
}
type Stored = {
  type: PoolType | null;
  selectedPool: string | null;
  options: PoolOptions;
  POOL_to_KNX: StoredRow[];
  KNX_to_POOL: StoredRow[];
  tempControl: TempControl;
};
type LiveValue = number | boolean | string;
interface Live {
  values: Record<string, LiveValue>;
  commands: Record<string, { value: number | boolean; t: number }>;
}

/** The shortest time between two reads of one pool asked by consoles (`poolnx:refresh`). */
export const REFRESH_MIN_MS = 10_000;

const isPoolType = (v: unknown): v is PoolType => v === 'klereo' || v === 'poolcop';
const isVendorState = (v: string): v is PoolVendorState =>
  (POOL_VENDOR_STATES as readonly string[]).includes(v);
const requestStamp = () => Date.now() * 1000 + Math.floor(Math.random() * 1000);

const parse = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const storedRows = (rows: readonly PoolRow[] | readonly StoredRow[]): StoredRow[] =>
  rows.map(({ name, address, enabled, rename, dpt }) => ({ name, address, enabled, rename, dpt }));

function freshStored(type: PoolType | null): Stored {
  return {
    type,
    selectedPool: null,
    options: DEFAULT_POOL_OPTIONS,
    POOL_to_KNX: type ? storedRows(defaultPoolRows(type, 'status')) : [],
    KNX_to_POOL: type ? storedRows(defaultPoolRows(type, 'cmd')) : [],
    tempControl: DEFAULT_TEMP_CONTROL,
  };
}

/** The masked form of a PoolCop key: its last 4 characters. */
const maskKey = (key: string) => `••••${key.slice(-4)}`;

/**
 * Pool controllers (issue 19, decision 0031): the cloud keeps each poolnx gateway's bridge
 * configuration and sends it whole (`pool.config`), queued while the gateway is offline; the
 * gateway talks to the vendor (credentials checked and pools listed through it); its `pool`
 * messages feed the live table.
 */
export class PoolService {
  private readonly lastRefresh = new Map<string, number>();

  constructor(private readonly d: PoolServiceDeps) {}

  /** The poolnx gateway of a MAC (404 notFound, 409 poolUnsupported for another type). */
  async gateway(mac: string): Promise<GatewayView> {
    const gw = await this.d.gateways.find(gatewayRef(mac));
    if (!gw) throw notFound('gateway');
    if (gw.type !== 'poolnx') throw new AppError('poolUnsupported', 'Not a pool gateway');
    return gw;
  }

  /** The stored configuration; another type on the gateway (changed elsewhere) starts afresh. */
  private stored(gw: GatewayView, row: PoolConfigRow | undefined): Stored {
    const gwType = isPoolType(gw.pooltype) ? gw.pooltype : null;
    if (!row || !isPoolType(row.type) || (gwType && row.type !== gwType))
      return freshStored(gwType ?? (row && isPoolType(row.type) ? row.type : null));
    const options = poolOptionsSchema.safeParse(parse(row.options, null));
    const tempControl = tempControlSchema.safeParse(parse(row.temp_control, null));
    return {
      type: row.type,
      selectedPool: row.selected_pool,
      options: options.success ? options.data : DEFAULT_POOL_OPTIONS,
      POOL_to_KNX: parse<StoredRow[]>(row.pool_to_knx, []),
      KNX_to_POOL: parse<StoredRow[]>(row.knx_to_pool, []),
      tempControl: tempControl.success ? tempControl.data : DEFAULT_TEMP_CONTROL,
    };
  }

  /** The rows of the reply: every key of the type, its mapping, unit, description, live value. */
  private rows(
    type: PoolType | null,
    kind: 'status' | 'cmd',
    stored: StoredRow[],
    live: Live,
    at: number | null,
  ): PoolRow[] {
    if (!type) return [];
    return poolKeysOf(type, kind).map((k) => {
      const s = stored.find((r) => r.name === k.name);
      const fromLive =
        kind === 'status'
          ? live.values[k.name] !== undefined
            ? { value: live.values[k.name]!, timestamp: at }
            : undefined
          : live.commands[k.name]
            ? { value: live.commands[k.name]!.value, timestamp: live.commands[k.name]!.t }
            : undefined;
      return {
        name: k.name,
        address: s?.address ?? '',
        enabled: s?.enabled ?? false,
        rename: s?.rename ?? '',
        dpt: s?.dpt ?? k.dpt,
        value: fromLive?.value ?? null,
        unit: k.unit,
        description: k.description,
        timestamp: fromLive?.timestamp ?? null,
      };
    });
  }

  private vendorOf(row: PoolConfigRow | undefined): PoolDataEvent['vendor'] {
    if (!row) return { state: 'unknown', at: null, retryAt: null };
    return {
      state: isVendorState(row.vendor_state) ? row.vendor_state : 'unknown',
      at: row.vendor_at === null ? null : Number(row.vendor_at),
      retryAt: row.vendor_retry_at === null ? null : Number(row.vendor_retry_at),
    };
  }

  private liveOf(row: PoolConfigRow | undefined): Live {
    return parse<Live>(row?.live ?? null, { values: {}, commands: {} });
  }

  /** GET /api/poolnx/config. */
  async config(mac: string): Promise<PoolConfig> {
    const gw = await this.gateway(mac);
    const row = await this.d.repo.get(gw.id);
    const s = this.stored(gw, row);
    const sameType = row?.type === s.type;
    const live = sameType ? this.liveOf(row) : { values: {}, commands: {} };
    const at = sameType && row?.last_update != null ? Number(row.last_update) : null;
    return {
      type: s.type,
      auth: sameType && row?.auth_hint ? parse(row.auth_hint, null) : null,
      selectedPool: s.selectedPool,
      options: s.options,
      POOL_to_KNX: this.rows(s.type, 'status', s.POOL_to_KNX, live, at),
      KNX_to_POOL: this.rows(s.type, 'cmd', s.KNX_to_POOL, live, at),
      tempControl: s.tempControl,
      lastUpdate: at,
      vendor: sameType ? this.vendorOf(row) : { state: 'unknown', at: null, retryAt: null },
      synced: Boolean(row && sameType && row.pending_at === null),
    };
  }

  /** The live table's event of a gateway (its stored configuration and last values). */
  async dataOf(mac: string): Promise<PoolDataEvent> {
    const c = await this.config(mac);
    const gw = await this.gateway(mac);
    return {
      mac: gw.mac,
      lastUpdate: c.lastUpdate,
      POOL_to_KNX: c.POOL_to_KNX,
      KNX_to_POOL: c.KNX_to_POOL,
      vendor: c.vendor,
    };
  }

  /** Writes the configuration (credentials kept unless `credentials` says otherwise). */
  private async save(
    gw: GatewayView,
    s: Stored,
    row: PoolConfigRow | undefined,
    credentials?: { sealed: string | null; hint: string | null },
  ) {
    const sameType = row?.type === s.type;
    await this.d.repo.put({
      gateway_id: gw.id,
      type: s.type!,
      credentials: credentials ? credentials.sealed : sameType ? (row?.credentials ?? null) : null,
      auth_hint: credentials ? credentials.hint : sameType ? (row?.auth_hint ?? null) : null,
      selected_pool: s.selectedPool,
      options: JSON.stringify(s.options),
      pool_to_knx: JSON.stringify(s.POOL_to_KNX),
      knx_to_pool: JSON.stringify(s.KNX_to_POOL),
      temp_control: JSON.stringify(s.tempControl),
      pending_at: row?.pending_at ?? null,
      live: sameType ? (row?.live ?? null) : null,
      last_update: sameType ? (row?.last_update ?? null) : null,
      vendor_state: sameType ? (row?.vendor_state ?? 'unknown') : 'unknown',
      vendor_at: sameType ? (row?.vendor_at ?? null) : null,
      vendor_retry_at: sameType ? (row?.vendor_retry_at ?? null) : null,
      updated_at: Date.now(),
    });
    return this.push(gw);
  }

  /** Records a user's change of the configuration (never its values: they may hold secrets). */
  private tell(gw: GatewayView, by: PoolActor, detail: string) {
    if (!by) return;
    this.d.told?.({
      mac: gw.mac,
      teamId: gw.team_id,
      projectId: gw.project_id,
      command: 'pool.config',
      user: by,
      at: Date.now(),
      data: { detail },
    });
  }

  /** The stored credentials, opened (null when none or unreadable with this key). */
  private credentials(gw: GatewayView, row: PoolConfigRow | undefined) {
    if (!row?.credentials) return null;
    const plain = this.d.box.open(row.credentials, gw.id);
    if (!plain) {
      this.d.log.warn({ mac: gw.mac }, 'pool credentials cannot be opened with this secrets key');
      return null;
    }
    return parse<GatewayPoolCredentials | null>(plain, null);
  }

  /** POST /api/poolnx/update: a partial configuration. */
  async update(mac: string, body: z.output<typeof poolUpdateBody>, by: PoolActor = null) {
    const gw = await this.gateway(mac);
    const row = await this.d.repo.get(gw.id);
    const s = this.stored(gw, row);
    if (!s.type) throw new AppError('poolTypeNotSet', 'Choose the pool type first');
    const type = s.type;
    const table = (
      kind: 'status' | 'cmd',
      rows: z.output<typeof poolUpdateBody>['POOL_to_KNX'],
    ) => {
      if (!rows) return undefined;
      const keys = poolKeysOf(type, kind).map((k) => k.name);
      const seen = new Set<string>();
      for (const r of rows) {
        if (!keys.includes(r.name) || seen.has(r.name))
          throw new AppError('poolUnknownKey', `${r.name} is not a ${type} ${kind} key`);
        seen.add(r.name);
      }
      return storedRows(rows.map((r) => ({ ...r, rename: r.rename ?? '' })));
    };
    if (body.selectedPool !== undefined && type !== 'klereo')
      throw new AppError('poolTypeMismatch', 'Only a Klereo account has several pools');
    const next: Stored = {
      ...s,
      ...(body.options ? { options: body.options } : {}),
      ...(body.tempControl ? { tempControl: body.tempControl } : {}),
      ...(body.selectedPool !== undefined ? { selectedPool: body.selectedPool } : {}),
    };
    next.POOL_to_KNX = table('status', body.POOL_to_KNX) ?? s.POOL_to_KNX;
    next.KNX_to_POOL = table('cmd', body.KNX_to_POOL) ?? s.KNX_to_POOL;
    const synced = await this.save(gw, next, row);
    this.tell(gw, by, `update ${Object.keys(body).sort().join(',')}`);
    return { message: 'changeSuccess', synced };
  }

  /** POST /api/poolnx/init/type: `{type}` changes the pool type (a fresh configuration), `{pool}` selects a pool. */
  async initType(mac: string, body: z.output<typeof poolInitTypeBody>, by: PoolActor = null) {
    const gw = await this.gateway(mac);
    const row = await this.d.repo.get(gw.id);
    const s = this.stored(gw, row);
    if ('type' in body) {
      if (body.type !== gw.pooltype) await this.d.gateways.update(gw, { pooltype: body.type });
      const next = body.type === s.type ? s : freshStored(body.type);
      const synced = await this.save({ ...gw, pooltype: body.type }, next, row);
      this.tell(gw, by, `type ${body.type}`);
      return { message: 'changeSuccess', synced };
    }
    if (!s.type) throw new AppError('poolTypeNotSet', 'Choose the pool type first');
    if (s.type !== 'klereo')
      throw new AppError('poolTypeMismatch', 'Only a Klereo account has several pools');
    const synced = await this.save(gw, { ...s, selectedPool: body.pool }, row);
    this.tell(gw, by, `pool ${body.pool}`);
    return { message: 'changeSuccess', synced };
  }

  /**
   * POST /api/poolnx/auth: the gateway checks the credentials against the vendor's cloud first;
   * refused, unreachable or rate limited, nothing is stored.
   */
  async auth(mac: string, body: z.output<typeof poolAuthBody>, by: PoolActor = null) {
    const gw = await this.gateway(mac);
    const row = await this.d.repo.get(gw.id);
    const s = this.stored(gw, row);
    if (!s.type) throw new AppError('poolTypeNotSet', 'Choose the pool type first');
    if (body.type !== s.type)
      throw new AppError('poolTypeMismatch', `The gateway's pool is ${s.type}`);
    await this.vendorCall(gw, () => this.hub().command(gw, 'pool.auth', body));
    const previous = this.credentials(gw, row);
    const auth: GatewayPoolCredentials = body.auth;
    const hint =
      'username' in auth ? { username: auth.username } : { apikey: maskKey(auth.apikey) };
    const sameAccount =
      previous !== null && 'username' in previous && 'username' in auth
        ? previous.username === auth.username
        : false;
    const next = { ...s, selectedPool: sameAccount ? s.selectedPool : null };
    const synced = await this.save(gw, next, row, {
      sealed: this.d.box.seal(JSON.stringify(auth), gw.id),
      hint: JSON.stringify(hint),
    });
    this.tell(gw, by, `auth ${body.type}`);
    return { message: 'changeSuccess', synced };
  }

  /**
   * The demo's pool (seed only): a whole configuration with credentials of the simulated
   * vendor cloud, stored without asking the vendor; sent when the gateway is online.
   */
  async storeDemo(
    mac: string,
    c: Omit<PoolConfigArgs, 'credentials'> & { credentials: GatewayPoolCredentials },
  ) {
    const gw = await this.gateway(mac);
    await this.d.gateways.update(gw, { pooltype: c.type });
    const { credentials, ...config } = c;
    const hint =
      'username' in credentials
        ? { username: credentials.username }
        : { apikey: maskKey(credentials.apikey) };
    const stored: Stored = {
      ...config,
      POOL_to_KNX: storedRows(config.POOL_to_KNX.map((r) => ({ ...r, rename: '' }))),
      KNX_to_POOL: storedRows(config.KNX_to_POOL.map((r) => ({ ...r, rename: '' }))),
    };
    return this.save({ ...gw, pooltype: c.type }, stored, undefined, {
      sealed: this.d.box.seal(JSON.stringify(credentials), gw.id),
      hint: JSON.stringify(hint),
    });
  }

  /** GET /api/poolnx/klereo/poollist: the pools of the stored Klereo account, through the gateway. */
  async poolList(mac: string) {
    const gw = await this.gateway(mac);
    const row = await this.d.repo.get(gw.id);
    const s = this.stored(gw, row);
    if (!s.type) throw new AppError('poolTypeNotSet', 'Choose the pool type first');
    if (s.type !== 'klereo') throw new AppError('poolTypeMismatch', 'Not a Klereo pool');
    const credentials = row?.type === s.type ? this.credentials(gw, row) : null;
    if (!credentials || !('username' in credentials))
      throw new AppError('poolNotAuthenticated', 'No Klereo credentials stored');
    const result = await this.vendorCall(gw, () =>
      this.hub().command(gw, 'pool.poollist', { auth: credentials }),
    );
    const pools = poolListResult.safeParse(result);
    if (!pools.success) throw new AppError('poolVendorUnavailable', 'Unreadable pool list');
    return pools.data.pools;
  }

  /**
   * `poolnx:refresh`: the gateway reads its pool now (its values come back as `poolnx:data`).
   * At most one read per gateway every REFRESH_MIN_MS on this node, whoever asks: the
   * vendor's quota (PoolCop) is the customer's; a refresh within it re-sends the stored table.
   */
  async refresh(mac: string) {
    const gw = await this.gateway(mac);
    const last = this.lastRefresh.get(gw.mac) ?? 0;
    if (Date.now() - last < REFRESH_MIN_MS) {
      this.d.emit(await this.dataOf(gw.mac));
      return;
    }
    this.lastRefresh.set(gw.mac, Date.now());
    await this.vendorCall(gw, () => this.hub().command(gw, 'pool.refresh', {}));
  }

  private hub(): PoolCommands {
    if (!this.d.commands) throw new AppError('hubDisabled', 'The gateway hub is disabled');
    return this.d.commands;
  }

  /** A command whose refusal says what the vendor did: credentials, outage or quota. */
  private async vendorCall<T>(gw: GatewayView, run: () => Promise<T>): Promise<T> {
    if (!this.hub().reachable(gw)) throw new AppError('gatewayOffline', 'The gateway is offline');
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'gatewayRefused') throw err;
      const reason = err.extra.reason;
      if (reason === 'vendorAuth')
        throw new AppError('poolInvalidIds', 'The pool vendor refused the credentials');
      if (reason === 'vendorUnavailable')
        throw new AppError('poolVendorUnavailable', 'The pool vendor does not answer');
      if (reason === 'vendorRateLimited') {
        const retryAt = Number(/retryAt=(\d+)/.exec(err.message)?.[1]);
        throw new AppError(
          'poolRateLimited',
          'The pool vendor quota is spent',
          Number.isFinite(retryAt) ? { retryAt } : {},
        );
      }
      if (reason === 'unsupported') throw new AppError('poolUnsupported', err.message);
      throw err;
    }
  }

  /** The `pool.config` body of the gateway's stored configuration. */
  private async argsOf(gw: GatewayView): Promise<PoolConfigArgs | null> {
    const row = await this.d.repo.get(gw.id);
    const s = this.stored(gw, row);
    if (!s.type || row?.type !== s.type) return null;
    const gatewayRows = (rows: StoredRow[]) =>
      rows.map(({ name, address, enabled, dpt }) => ({ name, address, enabled, dpt }));
    return {
      type: s.type,
      selectedPool: s.selectedPool,
      credentials: this.credentials(gw, row),
      options: s.options,
      POOL_to_KNX: gatewayRows(s.POOL_to_KNX),
      KNX_to_POOL: gatewayRows(s.KNX_to_POOL),
      tempControl: s.tempControl,
    };
  }

  /** Marks the gateway pending, sends it its configuration if it is online; true when acknowledged. */
  async push(gw: GatewayView): Promise<boolean> {
    const at = requestStamp();
    await this.d.repo.patch(gw.id, { pending_at: at });
    if (!this.d.commands?.reachable(gw)) return false;
    if (!(await this.send(gw))) return false;
    await this.d.repo.clearPending(gw.id, at);
    return true;
  }

  private async send(gw: GatewayView): Promise<boolean> {
    const args = await this.argsOf(gw);
    if (!args || !this.d.commands) return false;
    try {
      await this.d.commands.command(gw, 'pool.config', args);
      return true;
    } catch (err) {
      // Never the arguments: they hold the vendor credentials.
      const code = err instanceof AppError ? err.code : 'error';
      this.d.log.warn({ mac: gw.mac, code }, 'pool configuration not acknowledged');
      return false;
    }
  }

  /** A gateway said online: send the configuration it missed (one node takes the mark). */
  async onArrival(gw: { id: string; mac: string; type: string }) {
    if (gw.type !== 'poolnx') return;
    try {
      const at = await this.d.repo.takePending(gw.id);
      if (at === null) return;
      const view = await this.d.gateways.find({ mac: gw.mac });
      if (view && !(await this.send(view))) await this.d.repo.patch(gw.id, { pending_at: at });
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'error';
      this.d.log.warn({ mac: gw.mac, code }, 'pool configuration not sent on arrival');
    }
  }

  /** `nx/{mac}/pool`: stores the live values and tells the live table. */
  async onPoolMessage(gw: { id: string; mac: string }, message: PoolMessage, receivedAt: number) {
    const row = await this.d.repo.get(gw.id);
    if (!row) return;
    const at = message.t ?? receivedAt;
    const previous = this.liveOf(row);
    const live: Live = {
      values: Object.keys(message.values).length ? message.values : previous.values,
      commands: message.commands ?? previous.commands,
    };
    await this.d.repo.saveLive(gw.id, {
      live: JSON.stringify(live),
      last_update: at,
      vendor_state: message.vendor?.state ?? 'ok',
      vendor_at: receivedAt,
      vendor_retry_at: message.vendor?.retryAt ?? null,
    });
    this.d.emit(await this.dataOf(gw.mac));
  }
}

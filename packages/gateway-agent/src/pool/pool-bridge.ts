import type { PoolMessage } from '@atrium/contracts/gateway-protocol';
import type {
  GatewayPoolCredentials,
  PoolConfigArgs,
  PoolType,
  PoolVendorState,
} from '@atrium/contracts/pool';
import { connect } from 'node:net';
import { decode } from '@atrium/knx/dpt-codec';
import {
  checkCredentials,
  DEFAULT_VENDOR_URLS,
  klereoPools,
  vendorFor,
  type PoolReading,
  type PoolVendor,
  type VendorUrls,
} from './pool-vendors';
import { isVendorError, type VendorError } from './vendor-http';

/** What the bridge needs from the gateway: its bus, and the cloud's `pool` topic. */
export interface BridgeHost {
  /** A value the gateway writes on the bus: recorded (telegrams) and seen by KNX clients. */
  groupWrite(ga: string, dpt: string, value: number | boolean): void;
  /** Publishes `nx/{mac}/pool` (without `v`). */
  publishPool(message: Omit<PoolMessage, 'v'>): void;
}

export interface PoolBridgeOptions {
  urls?: Partial<VendorUrls>;
  fetcher?: typeof fetch;
  /** How often the vendor is read; changed values go on the bus. */
  pollMs?: number;
  /** How often the KNX watchdog is written. */
  watchdogMs?: number;
  /** Each vendor request's time limit. */
  timeoutMs?: number;
  now?: () => number;
  /**
   * Which hosts the `tcp` option may send to (default: any). The server's in-process demo
   * gateways allow loopback only, so a console user cannot make the server connect elsewhere.
   */
  tcpReachable?: (host: string) => boolean;
}

/** The `tcp` option's port when an address names none. */
export const POOL_TCP_DEFAULT_PORT = 5000;

type GatewayVendorState = Exclude<PoolVendorState, 'unknown'>;

const DPT_SWITCH = '1.001';
const DPT_TEMP = '9.001';

/** A KNX value as the bridge keeps it: DPT 1 as a boolean, numbers otherwise. */
function knxValue(dpt: string, data: Uint8Array): number | boolean | undefined {
  try {
    const v = decode(dpt, data);
    if (typeof v === 'boolean' || typeof v === 'number') return v;
  } catch {
    // A telegram its DPT cannot read is ignored, as a KNX device does.
  }
  return undefined;
}

const asNumber = (v: number | boolean | undefined) =>
  typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : undefined;
const asBool = (v: number | boolean | undefined) =>
  typeof v === 'boolean' ? v : typeof v === 'number' ? v !== 0 : undefined;

/**
 * The poolnx bridge (issue 19, decision 0031): reads the Klereo or PoolCop pool through the
 * vendor's cloud, puts the mapped values on their group addresses (on change, and all of them
 * every refresh_auto minutes or on a write to refresh_knx), turns writes on KNX_to_POOL
 * addresses into vendor commands, writes 1/0 on the error address when the vendor fails or
 * recovers, writes the watchdog, and runs the hysteresis thermostat of tempControl. The KNX
 * side keeps working while the vendor is down: the thermostat's feedbacks still answer.
 */
export class PoolBridge {
  private config: PoolConfigArgs | null = null;
  private vendor: PoolVendor | null = null;
  private values: PoolReading = {};
  private readAt: number | null = null;
  private readonly sent = new Map<string, number | boolean>();
  private readonly commands: Record<string, { value: number | boolean; t: number }> = {};
  private vendorState: { state: GatewayVendorState; retryAt: number | null } = {
    state: 'notConfigured',
    retryAt: null,
  };
  private readonly thermostat = {
    on: true,
    setpoint: null as number | null,
    current: null as number | null,
    heating: null as boolean | null,
  };
  private timers: NodeJS.Timeout[] = [];
  private reading: Promise<void> | undefined;
  private readonly now: () => number;
  private readonly urls: VendorUrls;

  constructor(
    private readonly host: BridgeHost,
    private readonly o: PoolBridgeOptions = {},
  ) {
    this.now = o.now ?? Date.now;
    this.urls = { ...DEFAULT_VENDOR_URLS, ...o.urls };
  }

  private clientOptions() {
    return {
      ...this.urls,
      now: this.now,
      ...(this.o.fetcher ? { fetcher: this.o.fetcher } : {}),
      ...(this.o.timeoutMs ? { timeoutMs: this.o.timeoutMs } : {}),
    };
  }

  /** The configuration in force (tests). */
  get current() {
    return this.config;
  }

  /** The last values read and the vendor state (tests, the local page). */
  snapshot() {
    return { values: { ...this.values }, vendor: { ...this.vendorState }, readAt: this.readAt };
  }

  /** Takes a new configuration (the `pool.config` command): values go out again, all of them. */
  configure(config: PoolConfigArgs) {
    const credentialsChanged =
      JSON.stringify([this.config?.type, this.config?.credentials, this.config?.selectedPool]) !==
      JSON.stringify([config.type, config.credentials, config.selectedPool]);
    this.config = config;
    if (credentialsChanged) {
      this.vendor = vendorFor(
        config.type,
        config.credentials,
        config.selectedPool,
        this.clientOptions(),
      );
      this.values = {};
      this.vendorState = { state: this.vendor ? 'ok' : 'notConfigured', retryAt: null };
    }
    this.sent.clear();
    this.thermostat.on = true;
    this.restartTimers();
    return this.refresh(true);
  }

  /** Checks credentials against the vendor (the `pool.auth` command); throws a VendorError. */
  checkCredentials(type: PoolType, credentials: GatewayPoolCredentials) {
    return checkCredentials(type, credentials, this.clientOptions());
  }

  /** The pools of a Klereo account (the `pool.poollist` command). */
  klereoPools(credentials: { username: string; password: string }) {
    return klereoPools(credentials, this.clientOptions());
  }

  stop() {
    this.timers.forEach((t) => clearInterval(t));
    this.timers = [];
  }

  private restartTimers() {
    this.stop();
    const c = this.config;
    if (!c) return;
    this.timers.push(setInterval(() => void this.refresh(false), this.o.pollMs ?? 60_000));
    if (c.options.refresh_auto.enabled)
      this.timers.push(
        setInterval(() => void this.refresh(true), c.options.refresh_auto.time * 60_000),
      );
    const watchdog = c.options.watchdog_knx;
    if (watchdog.enabled && watchdog.address)
      this.timers.push(
        setInterval(
          () => this.host.groupWrite(watchdog.address, DPT_SWITCH, true),
          this.o.watchdogMs ?? 60_000,
        ),
      );
    for (const t of this.timers) t.unref?.();
  }

  /**
   * Reads the pool and sends the mapped values: those that changed, or all when `all`. One read
   * at a time; a read asked during one waits for it and reads again.
   */
  async refresh(all: boolean): Promise<void> {
    while (this.reading) await this.reading;
    this.reading = this.readOnce(all).finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readOnce(all: boolean) {
    const c = this.config;
    if (!c) return;
    const before = this.vendorState.state;
    const limited =
      this.vendorState.state === 'rateLimited' &&
      this.vendorState.retryAt !== null &&
      this.now() < this.vendorState.retryAt;
    if (!this.vendor) {
      this.vendorState = { state: 'notConfigured', retryAt: null };
    } else if (!limited) {
      try {
        this.values = await this.vendor.read();
        this.readAt = this.now();
        this.vendorState = { state: 'ok', retryAt: null };
      } catch (err) {
        this.failed(err);
      }
    }
    const failing = this.vendorState.state !== 'ok';
    const error = c.options.error;
    if (error.enabled && error.address && (all || before !== this.vendorState.state))
      this.host.groupWrite(error.address, '1.005', failing);
    if (this.vendorState.state === 'ok') {
      for (const row of c.POOL_to_KNX) {
        const value = this.values[row.name];
        if (!row.enabled || !row.address || value === undefined) continue;
        if (!all && this.sent.get(row.address) === value) continue;
        this.sent.set(row.address, value);
        this.host.groupWrite(row.address, row.dpt, value);
      }
    }
    if (all) this.feedbacks();
    this.thermostatStep();
    this.publish();
  }

  private failed(err: unknown) {
    if (!isVendorError(err)) {
      this.vendorState = { state: 'unavailable', retryAt: null };
      return;
    }
    const e: VendorError = err;
    this.vendorState = { state: e.kind, retryAt: e.retryAt };
  }

  private publish() {
    const message = {
      values: { ...this.values },
      t: this.readAt ?? this.now(),
      commands: { ...this.commands },
      vendor: { ...this.vendorState },
    };
    this.host.publishPool(message);
    this.sendTcp(message);
  }

  /**
   * The `tcp` option: the same values as one JSON line to each address (`host[:port]`), on a
   * short connection; an unreachable host is skipped, never retried in a loop.
   */
  private sendTcp(message: object) {
    const tcp = this.config?.options.tcp;
    if (!tcp?.enabled) return;
    const line = `${JSON.stringify(message)}\n`;
    for (const address of tcp.addresses) {
      const [host = '', port] = address.split(':');
      if (this.o.tcpReachable && !this.o.tcpReachable(host)) continue;
      const socket = connect({ host, port: port ? Number(port) : POOL_TCP_DEFAULT_PORT });
      socket.setTimeout(2_000, () => socket.destroy());
      socket.on('error', () => socket.destroy());
      socket.end(line);
    }
  }

  /**
   * A group write seen on the bus; true when the bridge used it (a command, the refresh
   * address, the thermostat's control, setpoint or temperature).
   */
  onGroupWrite(ga: string, data: Uint8Array): boolean {
    const c = this.config;
    if (!c) return false;
    let used = false;
    if (c.options.refresh_knx.enabled && c.options.refresh_knx.address === ga) {
      used = true;
      void this.refresh(true);
    }
    for (const row of c.KNX_to_POOL) {
      if (!row.enabled || row.address !== ga) continue;
      const value = knxValue(row.dpt, data);
      if (value === undefined) continue;
      used = true;
      this.commands[row.name] = { value, t: this.now() };
      void this.run(row.name, value);
    }
    const tc = c.tempControl;
    if (tc.enabled) {
      if (tc.control.address === ga) {
        const on = asBool(knxValue(DPT_SWITCH, data));
        if (on !== undefined) {
          used = true;
          this.thermostat.on = on;
          this.feedbacks();
          this.thermostatStep();
        }
      }
      if (tc.setpoint.address === ga) {
        const setpoint = asNumber(knxValue(DPT_TEMP, data));
        if (setpoint !== undefined) {
          used = true;
          this.thermostat.setpoint = setpoint;
          this.feedbacks();
          this.thermostatStep();
        }
      }
      if (tc.currentTemp.address === ga) {
        const current = asNumber(knxValue(DPT_TEMP, data));
        if (current !== undefined) {
          used = true;
          this.thermostat.current = current;
          this.thermostatStep();
        }
      }
    }
    if (used) this.publish();
    return used;
  }

  /** Sends a command to the vendor, then reads the pool again so the bus sees the result. */
  private async run(key: string, value: number | boolean) {
    if (!this.vendor) return;
    try {
      await this.vendor.command(key, value);
    } catch (err) {
      this.failed(err);
      this.publish();
      return;
    }
    await this.refresh(false);
  }

  private setpoint() {
    return this.thermostat.setpoint ?? asNumber(this.values.setpoint) ?? 28;
  }

  private feedbacks() {
    const tc = this.config?.tempControl;
    if (!tc?.enabled) return;
    if (tc.controlFeedback.address)
      this.host.groupWrite(tc.controlFeedback.address, DPT_SWITCH, this.thermostat.on);
    if (tc.setpointFeedback.address)
      this.host.groupWrite(tc.setpointFeedback.address, DPT_TEMP, this.setpoint());
  }

  /** The hysteresis thermostat: heating on below setpoint − h/2, off above setpoint + h/2. */
  private thermostatStep() {
    const tc = this.config?.tempControl;
    if (!tc?.enabled) return;
    const th = this.thermostat;
    const current = tc.currentTemp.address ? th.current : (asNumber(this.values.waterTemp) ?? null);
    let want: boolean | null = null;
    if (!th.on) want = false;
    else if (current !== null) {
      const half = tc.hysteresis / 2;
      if (current < this.setpoint() - half) want = true;
      else if (current > this.setpoint() + half) want = false;
    }
    if (want === null || want === th.heating) return;
    th.heating = want;
    const vendor = this.vendor;
    if (!vendor) return;
    vendor.setHeating(want).then(
      () => void this.refresh(false),
      (err: unknown) => {
        th.heating = null;
        this.failed(err);
      },
    );
  }

  /** Whether the thermostat has the heating on (tests). */
  get heating() {
    return this.thermostat.heating;
  }
}

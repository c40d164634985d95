import {
  PROTOCOL_LIMITS,
  PROTOCOL_VERSION,
  type GatewayErrorCode,
  type InfoMessage,
  type TelegramItem,
  type TelegramsMessage,
} from '@atrium/contracts/gateway-protocol';
import type { GatewayType } from '@atrium/contracts/limits';
import { decode } from '@atrium/knx/dpt-codec';
import { handleCommand, type CommandContext } from './agent-commands';
import type { DemoBuildingSource } from './demo-building-values';
import { busLoad, nextValue, supplyVoltage } from './knx-values';
import type { AgentLink } from './link';
import { AgentLocalServices } from './agent-local';
import { ModbusOutbox, type ModbusMessage } from './modbus-outbox';
import { ModbusPoller } from './modbus-poller';
import { TunnelClient, type ServiceTargets } from './tunnel-client';
import { PoolBridge, type PoolBridgeOptions } from './pool/pool-bridge';

/** Pace of a simulated gateway; tests shorten it. */
export interface AgentTiming {
  infoEveryMs: number;
  /** Telegrams per second over the monitored addresses (0: none). */
  telegramsPerSecond: number;
  rebootDownMs: number;
  updateSteps: number;
  updateStepMs: number;
  /**
   * Unacknowledged telegram publishes at once; beyond, new values wait in the buffer (as
   * offline) and go out in batches as acknowledgements come back: a slow cloud slows the
   * gateway without losing its values (decision 0039).
   */
  maxInFlight: number;
  /** Values kept while offline (the oldest go first). */
  maxBuffered: number;
  /** Modbus: how long a connect or request may take; the meter is skipped that round after. */
  modbusTimeoutMs: number;
  /** Modbus: reconnect back-off after a meter failed, from the first delay up to the last. */
  modbusBackoffMs: number;
  modbusBackoffMaxMs: number;
  /** Modbus: readings gathered into one publish. */
  modbusBatchMs: number;
}

/** The pace of a real device; `AgentOptions.timing` overrides parts of it. */
export const DEFAULT_TIMING: AgentTiming = {
  infoEveryMs: 5_000,
  telegramsPerSecond: 0,
  rebootDownMs: 3_000,
  updateSteps: 5,
  updateStepMs: 500,
  maxInFlight: 50,
  maxBuffered: 5_000,
  modbusTimeoutMs: 3_000,
  modbusBackoffMs: 1_000,
  modbusBackoffMaxMs: 30_000,
  modbusBatchMs: 200,
};

/** A KNX group address the cloud asked the gateway to monitor, with its datapoint type. */
export interface MonitoredAddress {
  ga: string;
  dpt: string;
}

/** What a gateway is (MAC, type, firmware version), how it reaches the cloud, and test hooks. */
export interface AgentOptions {
  mac: string;
  type: GatewayType;
  version: string;
  link: AgentLink;
  timing?: Partial<AgentTiming>;
  monitor?: MonitoredAddress[];
  random?: () => number;
  fetcher?: typeof fetch;
  /** Called once the cloud acknowledged a telegram batch (the fault test keeps these). */
  onAcked?: (mac: string, message: TelegramsMessage) => void;
  /** Called once the cloud acknowledged a batch of meter readings. */
  onModbusAcked?: (mac: string, message: ModbusMessage) => void;
  /** Which meter addresses the gateway may reach (default: any; see ModbusPollerOptions). */
  modbusReachable?: (ip: string) => boolean;
  /**
   * The demo buildings' daily curves (the server's seeded demo gateways): every `everyMs`, the
   * monitored addresses that are demo points send their due samples. Without it (simulator,
   * virtual gateways), telegrams follow `telegramsPerSecond` with random values.
   */
  demoBuilding?: { source: DemoBuildingSource; everyMs: number };
  /**
   * Remote access: the device secret the tunnel logs in with, and where the forwarded
   * services listen (started on the first session). Without it `vpn.open` is unsupported.
   */
  tunnel?: { secret: string; targets?: () => Promise<ServiceTargets> };
  /**
   * poolnx: where the pool vendors' clouds are (KLEREO_URL, POOLCOP_URL; default the real
   * ones) and the bridge's pace (issue 19, decision 0031).
   */
  pool?: PoolBridgeOptions;
}

/** The device's own state: what `info` reports and commands change. */
export interface AgentState {
  version: string;
  ip: string;
  protect: boolean;
  pooltype: 'klereo' | 'poolcop' | undefined;
  monitor: MonitoredAddress[];
  busy: boolean;
  tokens: Map<string, string>;
  /** The update whose new version is announced once the gateway is back online. */
  announce: { id: string; version: string } | undefined;
}

/**
 * One simulated gateway speaking the gateway protocol (docs/gateway-protocol.md):
 * retained state, info every few seconds, KNX telegrams for the addresses it is
 * told to monitor, and commands answered as the hardware does.
 */
export class GatewayAgent {
  readonly mac: string;
  readonly type: GatewayType;
  readonly state: AgentState;
  readonly timing: AgentTiming;
  /** The remote access tunnel, when the agent was given a secret for it. */
  readonly tunnel: TunnelClient | undefined;
  /** Polls the meters of the last `modbus.config` (kloudnx); its readings go to the outbox. */
  readonly modbus: ModbusPoller;
  private readonly modbusOutbox: ModbusOutbox;
  /** poolnx: the pool controller bridge (vendor cloud ↔ KNX), configured by `pool.config`. */
  readonly pool: PoolBridge | undefined;
  /** The configuration page, flow editor, local UI and KNXnet/IP endpoint the tunnel forwards. */
  private readonly local: AgentLocalServices;
  private readonly startedAt = Date.now();
  private readonly random: () => number;
  private readonly values = new Map<string, number | boolean>();
  private readonly buffer: TelegramItem[] = [];
  private timers: NodeJS.Timeout[] = [];
  private telegramTimers: NodeJS.Timeout[] = [];
  private seq = 0;
  private inFlight = 0;
  /** Telegram values made by `publishTelegram` (the simulator's status). */
  made = 0;
  /** Values the buffer overflowed with (the oldest, dropped on the device). */
  overflowed = 0;
  private stopped = false;

  constructor(private readonly o: AgentOptions) {
    this.mac = o.mac;
    this.type = o.type;
    this.timing = { ...DEFAULT_TIMING, ...o.timing };
    this.random = o.random ?? Math.random;
    const host = parseInt(o.mac.slice(-2), 16) % 250;
    this.state = {
      version: o.version,
      ip: `192.168.${parseInt(o.mac.slice(-4, -2), 16) % 250}.${host + 2}`,
      protect: false,
      pooltype: o.type === 'poolnx' ? 'klereo' : undefined,
      monitor: o.monitor ?? [],
      busy: false,
      tokens: new Map(),
      announce: undefined,
    };
    this.modbusOutbox = new ModbusOutbox(o.link, {
      batchMs: this.timing.modbusBatchMs,
      maxInFlight: this.timing.maxInFlight,
      maxBuffered: this.timing.maxBuffered,
      onAcked: (message) => o.onModbusAcked?.(o.mac, message),
    });
    this.modbus = new ModbusPoller({
      timeoutMs: this.timing.modbusTimeoutMs,
      backoffMs: { min: this.timing.modbusBackoffMs, max: this.timing.modbusBackoffMaxMs },
      onReadings: (items) => this.modbusOutbox.push(items),
      random: this.random,
      ...(o.modbusReachable ? { reachable: o.modbusReachable } : {}),
    });
    this.local = new AgentLocalServices({
      snapshot: () => ({
        type: this.type,
        mac: this.mac,
        version: this.state.version,
        ip: this.state.ip,
        protect: this.state.protect,
        uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      }),
      busWrite: (ga, data) => this.busWrite(ga, data),
    });
    this.pool =
      o.type === 'poolnx'
        ? new PoolBridge(
            {
              groupWrite: (ga, dpt, value) => this.emitBusValue(ga, dpt, value),
              publishPool: (message) => {
                if (!this.o.link.connected) return;
                const body = JSON.stringify({ v: PROTOCOL_VERSION, ...message });
                this.o.link.publish('pool', body, { qos: 0 }).catch(() => {});
              },
            },
            o.pool,
          )
        : undefined;
    this.tunnel = o.tunnel
      ? new TunnelClient({
          mac: o.mac,
          secret: o.tunnel.secret,
          targets: o.tunnel.targets ?? (() => this.local.targets()),
          onChange: () => this.publishInfo(),
        })
      : undefined;
  }

  /** The connection this agent speaks over. */
  get link(): AgentLink {
    return this.o.link;
  }

  /** Connects and starts the periodic info and telegrams. */
  start() {
    this.o.link.start({
      onConnect: () => this.onConnect(),
      onClose: () => {},
      onCommand: (payload) => void handleCommand(this.context(), payload),
    });
    // Spread the fleet's timers so thousands of gateways do not fire together.
    const jitter = Math.floor(this.random() * this.timing.infoEveryMs);
    this.timers.push(
      setTimeout(() => this.every(this.timing.infoEveryMs, () => this.publishInfo()), jitter),
    );
    const demo = this.o.demoBuilding;
    if (demo) {
      this.timers.push(
        setTimeout(
          () => this.every(demo.everyMs, () => this.publishDemoValues()),
          this.random() * demo.everyMs,
        ),
      );
    }
    this.setTelegramRate(this.timing.telegramsPerSecond);
  }

  /** Changes the pace of the random telegrams (the overload benchmark: 10×, then back). */
  setTelegramRate(perSecond: number) {
    this.telegramTimers.forEach((t) => clearTimeout(t));
    this.telegramTimers = [];
    if (perSecond <= 0 || this.stopped) return;
    const period = 1000 / perSecond;
    const run = () => void this.publishTelegram();
    this.telegramTimers.push(
      setTimeout(() => {
        run();
        this.telegramTimers.push(setInterval(run, period));
      }, this.random() * period),
    );
  }

  /** Stops the timers and closes the link for good. */
  async stop() {
    this.stopped = true;
    this.timers.forEach((t) => clearTimeout(t));
    this.timers = [];
    this.telegramTimers.forEach((t) => clearTimeout(t));
    this.telegramTimers = [];
    this.tunnel?.close();
    this.pool?.stop();
    await this.modbus.stop();
    this.modbusOutbox.stop();
    await this.local.close();
    await this.o.link.close();
  }

  /** The current info body. */
  info(): InfoMessage {
    return {
      v: PROTOCOL_VERSION,
      version: this.state.version,
      ip: this.state.ip,
      volt: supplyVoltage(this.random),
      busload: busLoad(this.random),
      protect: this.state.protect,
      vpn: {
        online: this.tunnel?.online ?? false,
        lastConnection: this.tunnel?.lastConnection ?? null,
      },
      ...(this.state.pooltype ? { pooltype: this.state.pooltype } : {}),
    };
  }

  /** Publishes the info body (QoS 0) if connected; a lost one is simply replaced by the next. */
  publishInfo() {
    if (!this.o.link.connected) return;
    this.o.link.publish('info', JSON.stringify(this.info()), { qos: 0 }).catch(() => {});
  }

  /** Publishes one group value of a monitored address; resolves once acknowledged. */
  async publishTelegram(at = Date.now()): Promise<void> {
    const address = this.state.monitor[Math.floor(this.random() * this.state.monitor.length)];
    if (!address) return;
    const value = nextValue(address.dpt, this.values.get(address.ga), this.random);
    this.values.set(address.ga, value);
    const item: TelegramItem = { ga: address.ga, dpt: address.dpt, value, t: at };
    this.local.onBusValue(address.ga, address.dpt, value);
    this.made += 1;
    // Offline, or with the cloud slow to acknowledge, values wait on the device and go out
    // in batches once the cloud is back or has caught up.
    if (!this.o.link.connected || this.inFlight >= this.timing.maxInFlight) {
      if (this.buffer.push(item) > this.timing.maxBuffered) {
        this.buffer.shift();
        this.overflowed += 1;
      }
      return;
    }
    await this.publishTelegrams([item]);
  }

  /** The demo building's samples due now for the monitored addresses, in protocol-sized batches. */
  publishDemoValues(at = Date.now()) {
    const source = this.o.demoBuilding?.source;
    if (!source) return;
    for (const s of source.due(this.state.monitor, at)) {
      this.values.set(s.ga, s.value);
      this.local.onBusValue(s.ga, s.dpt, s.value);
      this.buffer.push(s);
    }
    if (this.buffer.length > this.timing.maxBuffered)
      this.buffer.splice(0, this.buffer.length - this.timing.maxBuffered);
    if (this.o.link.connected) this.flushBuffer();
  }

  /**
   * A group write from a KNXnet/IP client (ETS through the tunnel): recorded like any bus
   * value when the address is monitored (its DPT decodes the bytes), else only on the bus.
   */
  busWrite(ga: string, data: Uint8Array) {
    this.pool?.onGroupWrite(ga, data);
    const address = this.state.monitor.find((a) => a.ga === ga);
    if (!address) return;
    let value: unknown;
    try {
      value = decode(address.dpt, data);
    } catch {
      return;
    }
    if (typeof value !== 'number' && typeof value !== 'boolean') return;
    this.values.set(ga, value);
    const item: TelegramItem = { ga, dpt: address.dpt, value, t: Date.now() };
    if (!this.o.link.connected) {
      if (this.buffer.push(item) > this.timing.maxBuffered) {
        this.buffer.shift();
        this.overflowed += 1;
      }
      return;
    }
    void this.publishTelegrams([item]);
  }

  /**
   * A value the gateway itself writes on the bus (the pool bridge): KNX clients see it, and it
   * is recorded like any telegram (kept while offline).
   */
  emitBusValue(ga: string, dpt: string, value: number | boolean, at = Date.now()) {
    this.values.set(ga, value);
    this.local.onBusValue(ga, dpt, value);
    const item: TelegramItem = { ga, dpt, value, t: at };
    if (!this.o.link.connected) {
      if (this.buffer.push(item) > this.timing.maxBuffered) {
        this.buffer.shift();
        this.overflowed += 1;
      }
      return;
    }
    void this.publishTelegrams([item]);
  }

  /** Sends what was recorded while offline, in batches of the protocol's maximum size. */
  private flushBuffer() {
    const max = PROTOCOL_LIMITS.maxTelegramsPerMessage;
    while (this.buffer.length && this.inFlight < this.timing.maxInFlight)
      void this.publishTelegrams(this.buffer.splice(0, max));
  }

  /** Publishes one telegram batch (QoS 1); `onAcked` fires once the cloud acknowledged it. */
  async publishTelegrams(items: TelegramItem[]) {
    const message: TelegramsMessage = { v: PROTOCOL_VERSION, seq: this.seq++, items };
    this.inFlight++;
    try {
      await this.o.link.publish('telegrams', JSON.stringify(message), { qos: 1 });
      this.o.onAcked?.(this.mac, message);
    } catch {
      // Closed for good: what was not acknowledged is not counted as stored.
    } finally {
      this.inFlight--;
    }
    // What waited for room in flight goes out now, batched.
    if (this.buffer.length && this.o.link.connected && !this.stopped) this.flushBuffer();
  }

  private every(ms: number, run: () => void) {
    if (this.stopped) return;
    run();
    this.timers.push(setInterval(run, ms));
  }

  private onConnect() {
    const link = this.o.link;
    void link.publish('state', 'online', { qos: 1, retain: true }).catch(() => {});
    this.publishInfo();
    this.flushBuffer();
    this.modbusOutbox.flush();
    const announce = this.state.announce;
    if (announce) {
      this.state.announce = undefined;
      this.send(announce);
    }
  }

  /** Publishes on the reply topic (replies and progress events). */
  send(body: Record<string, unknown>) {
    const payload = JSON.stringify({ v: PROTOCOL_VERSION, ...body });
    void this.o.link.publish('reply', payload, { qos: 1 }).catch(() => {});
  }

  private context(): CommandContext {
    return {
      agent: this,
      fetcher: this.o.fetcher ?? fetch,
      reply: (id, result) => this.send({ id, ok: true, ...(result ? { result } : {}) }),
      fail: (id, code: GatewayErrorCode, message) =>
        this.send({ id, ok: false, error: { code, message } }),
    };
  }
}

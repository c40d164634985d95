import type { TelegramsMessage } from '@atrium/contracts/gateway-protocol';
import type { GatewayType } from '@atrium/contracts/limits';
import { GatewayAgent, type AgentTiming, type MonitoredAddress } from '@atrium/gateway-agent/agent';
import { LiteMqttLink } from '@atrium/gateway-agent/lite-mqtt-link';
import { MqttLink } from '@atrium/gateway-agent/mqtt-link';
import type { Credential } from './credentials';
import type { PoolBridgeOptions } from '@atrium/gateway-agent/pool/pool-bridge';

export interface FleetOptions {
  url: string;
  credentials: Credential[];
  count: number;
  types: GatewayType[];
  version: string;
  timing: Partial<AgentTiming>;
  monitor: MonitoredAddress[];
  /** New connections per second, so a big fleet does not arrive in one burst. */
  connectRate: number;
  /** 'mqttjs' (mqtt.js, any URL) or 'lite' (mqtt-packet over TCP, far less CPU per gateway). */
  client?: 'mqttjs' | 'lite';
  onAcked?: (mac: string, message: TelegramsMessage) => void;
  /** poolnx: the vendor clouds the pool bridges read (KLEREO_URL, POOLCOP_URL; issue 19). */
  pool?: PoolBridgeOptions;
}

/** The gateways a run simulates: the first `count` credentials of the wanted types. */
export function pickGateways(o: Pick<FleetOptions, 'credentials' | 'count' | 'types'>) {
  const wanted = o.credentials.filter((c) => !c.type || o.types.includes(c.type)).slice(0, o.count);
  return wanted.map((c, i) => ({ ...c, type: c.type ?? o.types[i % o.types.length] ?? 'kloudnx' }));
}

/** Many simulated gateways in one process, each with its own MQTT connection. */
export class Fleet {
  readonly agents: GatewayAgent[] = [];
  acked = 0;
  /** Meter readings the cloud acknowledged (kloudnx gateways polling Modbus meters). */
  modbusAcked = 0;

  /** The telegrams per second every gateway sends, those started later too. */
  private telegramRate: number;
  private stopped = false;

  constructor(private readonly o: FleetOptions) {
    this.telegramRate = o.timing.telegramsPerSecond ?? 0;
  }

  /**
   * Starts the gateways at `connectRate` per second, paced by the clock: each turn starts
   * every gateway due by then. One timer per gateway would run at the event loop's pace
   * instead, far below the rate once thousands of started gateways keep the loop busy.
   */
  async start() {
    const gateways = pickGateways(this.o);
    const rate = Math.max(1, this.o.connectRate);
    const began = performance.now();
    let next = 0;
    while (next < gateways.length && !this.stopped) {
      const due = Math.floor(((performance.now() - began) / 1000) * rate) + 1;
      for (; next < Math.min(due, gateways.length); next++) {
        const gw = gateways[next];
        if (gw) this.startAgent(gw);
      }
      if (next < gateways.length) await new Promise((r) => setTimeout(r, 1000 / rate));
    }
  }

  /** Every gateway, and those started later, sends `perSecond` telegrams (0: none). */
  setTelegramRate(perSecond: number) {
    this.telegramRate = perSecond;
    this.agents.forEach((a) => a.setTelegramRate(perSecond));
  }

  private startAgent(gw: ReturnType<typeof pickGateways>[number]) {
    const agent = new GatewayAgent({
      mac: gw.mac,
      type: gw.type,
      version: gw.version ?? this.o.version,
      link:
        this.o.client === 'lite'
          ? new LiteMqttLink({ url: this.o.url, mac: gw.mac, secret: gw.secret })
          : new MqttLink({ url: this.o.url, mac: gw.mac, secret: gw.secret }),
      timing: { ...this.o.timing, telegramsPerSecond: this.telegramRate },
      monitor: this.o.monitor,
      // Remote access: the tunnel logs in with the same device secret.
      tunnel: { secret: gw.secret },
      ...(this.o.pool ? { pool: this.o.pool } : {}),
      onAcked: (mac, message) => {
        this.acked += message.items.length;
        this.o.onAcked?.(mac, message);
      },
      onModbusAcked: (_mac, message) => {
        this.modbusAcked += message.items.length;
      },
    });
    this.agents.push(agent);
    agent.start();
  }

  /** Telegram values the gateways made, and those their buffers overflowed with. */
  get made(): number {
    return this.agents.reduce((n, a) => n + a.made, 0);
  }

  get overflowed(): number {
    return this.agents.reduce((n, a) => n + a.overflowed, 0);
  }

  get connected(): number {
    return this.agents.filter((a) => a.link.connected).length;
  }

  async stop() {
    this.stopped = true;
    await Promise.all(this.agents.map((a) => a.stop()));
  }
}

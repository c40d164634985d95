import mqtt, { type MqttClient } from 'mqtt';
import { topicOf, type GatewayTopic } from '@atrium/contracts/gateway-protocol';
import type { AgentLink, LinkHandlers, PublishOptions } from './link';

/** Where and as whom a gateway connects (shared by MqttLink and LiteMqttLink). */
export interface MqttLinkOptions {
  /** mqtt://host:1883 or ws://host:8080/mqtt */
  url: string;
  mac: string;
  secret: string;
  /** First reconnect delay; doubled after each failure up to `maxBackoffMs`, with jitter. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
}

/**
 * The gateway's MQTT 3.1.1 connection: username = MAC, password = device
 * secret, last will `offline` retained on `nx/{mac}/state`, and reconnection
 * with exponential back-off. Unacknowledged QoS 1 publishes are resent by
 * mqtt.js after a reconnect, so a telegram counts as stored only once PUBACKed.
 */
export class MqttLink implements AgentLink {
  private client: MqttClient | undefined;
  private handlers: LinkHandlers | undefined;
  private backoff: number;
  private bounceTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly o: MqttLinkOptions) {
    this.backoff = o.minBackoffMs ?? 1_000;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  start(handlers: LinkHandlers) {
    this.handlers = handlers;
    this.open();
  }

  private open() {
    const { mac, secret, url } = this.o;
    const client = mqtt.connect(url, {
      protocolVersion: 4,
      clientId: `gw-${mac}`,
      username: mac,
      password: secret,
      clean: true,
      keepalive: 30,
      // A busy cloud may answer CONNECT slowly; giving up early only adds reconnect churn.
      connectTimeout: 30_000,
      reconnectPeriod: this.nextDelay(),
      // Hardware keeps trying after a refused CONNACK too (a busy or restarting cloud), backing off.
      reconnectOnConnackError: true,
      will: { topic: topicOf(mac, 'state'), payload: Buffer.from('offline'), qos: 1, retain: true },
    });
    this.client = client;
    client.on('connect', () => {
      this.backoff = this.o.minBackoffMs ?? 1_000;
      client.options.reconnectPeriod = this.nextDelay();
      client.subscribe(topicOf(mac, 'cmd'), { qos: 1 }, () => this.handlers?.onConnect());
    });
    client.on('close', () => {
      // mqtt.js reads reconnectPeriod at each attempt: back off exponentially.
      this.backoff = Math.min(this.backoff * 2, this.o.maxBackoffMs ?? 30_000);
      client.options.reconnectPeriod = this.nextDelay();
      this.handlers?.onClose();
    });
    client.on('message', (_topic, payload) => this.handlers?.onCommand(payload));
    client.on('error', () => {}); // refused or dropped: the reconnect loop handles it
  }

  private nextDelay() {
    const random = this.o.random ?? Math.random;
    return Math.round(this.backoff * (0.75 + random() * 0.5));
  }

  publish(kind: GatewayTopic, payload: string, options: PublishOptions): Promise<void> {
    const client = this.client;
    if (!client || this.closed) return Promise.reject(new Error('link closed'));
    return client.publishAsync(topicOf(this.o.mac, kind), payload, options).then(() => undefined);
  }

  bounce(downMs: number) {
    const old = this.client;
    if (!old || this.closed) return;
    // A reboot: state offline, a clean disconnect, silence, then a fresh connection.
    old.publish(topicOf(this.o.mac, 'state'), 'offline', { qos: 1, retain: true }, () => {
      old.end(false, () => {
        this.handlers?.onClose();
        this.bounceTimer = setTimeout(() => {
          if (!this.closed) this.open();
        }, downMs);
      });
    });
  }

  async close() {
    this.closed = true;
    clearTimeout(this.bounceTimer);
    await this.client?.endAsync(true);
  }
}

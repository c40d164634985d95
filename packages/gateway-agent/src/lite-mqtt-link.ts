import { connect, type Socket } from 'node:net';
import mqttPacket, { type IPublishPacket, type Packet } from 'mqtt-packet';
import { topicOf, type GatewayTopic } from '@atrium/contracts/gateway-protocol';
import type { AgentLink, LinkHandlers, PublishOptions } from './link';
import type { MqttLinkOptions } from './mqtt-link';

const KEEPALIVE_S = 30;
const CONNECT_TIMEOUT_MS = 30_000;

interface InFlight {
  packet: IPublishPacket;
  resolve(): void;
  reject(err: Error): void;
}

/**
 * The same gateway connection as MqttLink (MQTT 3.1.1, username = MAC, password =
 * device secret, retained last will `offline`, back-off with jitter, QoS 1 publishes
 * resent after a reconnect until PUBACKed), written on mqtt-packet over a plain TCP
 * socket. A device holds one connection; a simulator process holds thousands, and
 * mqtt.js's per-client machinery (stores, timers, debug calls) then costs more CPU
 * than the cloud it loads: the hub benchmark uses this link (`--client lite`).
 * `mqtt://` URLs only.
 */
export class LiteMqttLink implements AgentLink {
  private socket: Socket | undefined;
  private handlers: LinkHandlers | undefined;
  private up = false;
  private closed = false;
  private bouncing = false;
  private nextId = 0;
  private readonly inflight = new Map<number, InFlight>();
  private backoff: number;
  private retry: NodeJS.Timeout | undefined;
  private ping: NodeJS.Timeout | undefined;
  private connectTimer: NodeJS.Timeout | undefined;

  constructor(private readonly o: MqttLinkOptions) {
    this.backoff = o.minBackoffMs ?? 1_000;
  }

  get connected(): boolean {
    return this.up;
  }

  start(handlers: LinkHandlers) {
    this.handlers = handlers;
    this.open();
  }

  private open() {
    const url = new URL(this.o.url);
    if (url.protocol !== 'mqtt:') throw new Error('the lite link speaks mqtt:// only');
    const socket = connect(Number(url.port || 1883), url.hostname);
    socket.setNoDelay(true);
    this.socket = socket;
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    socket.on('data', (chunk) => parser.parse(chunk));
    parser.on('packet', (packet) => this.onPacket(packet));
    parser.on('error', () => socket.destroy());
    socket.on('error', () => {}); // refused or dropped: 'close' follows and retries
    socket.on('close', () => this.onClose(socket));
    this.connectTimer = setTimeout(() => socket.destroy(), CONNECT_TIMEOUT_MS);
    this.write({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clientId: `gw-${this.o.mac}`,
      clean: true,
      keepalive: KEEPALIVE_S,
      username: this.o.mac,
      password: Buffer.from(this.o.secret),
      will: {
        topic: topicOf(this.o.mac, 'state'),
        payload: Buffer.from('offline'),
        qos: 1,
        retain: true,
      },
    });
  }

  private write(packet: Packet) {
    if (this.socket?.writable) this.socket.write(mqttPacket.generate(packet));
  }

  private onPacket(packet: Packet) {
    if (packet.cmd === 'connack') return this.onConnack(packet.returnCode);
    if (packet.cmd === 'suback') return this.handlers?.onConnect();
    if (packet.cmd === 'puback' && packet.messageId !== undefined) {
      const f = this.inflight.get(packet.messageId);
      this.inflight.delete(packet.messageId);
      return f?.resolve();
    }
    if (packet.cmd === 'publish') {
      if (packet.qos > 0 && packet.messageId !== undefined)
        this.write({ cmd: 'puback', messageId: packet.messageId });
      const body = packet.payload;
      this.handlers?.onCommand(typeof body === 'string' ? Buffer.from(body) : body);
    }
  }

  private onConnack(returnCode: number | undefined) {
    clearTimeout(this.connectTimer);
    // Refused (wrong secret, server unavailable): hardware retries with back-off.
    if (returnCode !== 0) return this.socket?.destroy();
    this.up = true;
    this.backoff = this.o.minBackoffMs ?? 1_000;
    this.ping = setInterval(() => this.write({ cmd: 'pingreq' }), (KEEPALIVE_S * 1000) / 2);
    this.write({
      cmd: 'subscribe',
      messageId: this.allocate(),
      subscriptions: [{ topic: topicOf(this.o.mac, 'cmd'), qos: 1 }],
    });
    // What the cloud had not acknowledged before the drop goes again.
    for (const f of this.inflight.values()) this.write({ ...f.packet, dup: true });
  }

  private onClose(socket: Socket) {
    if (this.socket !== socket) return;
    clearTimeout(this.connectTimer);
    clearInterval(this.ping);
    const wasUp = this.up;
    this.up = false;
    if (wasUp) this.handlers?.onClose();
    if (this.closed || this.bouncing) return;
    const random = this.o.random ?? Math.random;
    const delay = Math.round(this.backoff * (0.75 + random() * 0.5));
    this.backoff = Math.min(this.backoff * 2, this.o.maxBackoffMs ?? 30_000);
    this.retry = setTimeout(() => this.open(), delay);
  }

  private allocate(): number {
    do this.nextId = (this.nextId % 65_535) + 1;
    while (this.inflight.has(this.nextId));
    return this.nextId;
  }

  publish(kind: GatewayTopic, payload: string, options: PublishOptions): Promise<void> {
    if (this.closed) return Promise.reject(new Error('link closed'));
    const base = {
      cmd: 'publish' as const,
      topic: topicOf(this.o.mac, kind),
      payload: Buffer.from(payload),
      retain: options.retain ?? false,
      dup: false,
    };
    if (options.qos === 0) {
      if (!this.up) return Promise.reject(new Error('offline'));
      this.write({ ...base, qos: 0 });
      return Promise.resolve();
    }
    const packet: IPublishPacket = { ...base, qos: 1, messageId: this.allocate() };
    return new Promise((resolve, reject) => {
      this.inflight.set(packet.messageId ?? 0, { packet, resolve, reject });
      // Offline, it waits in `inflight` and goes out after the reconnect, as with mqtt.js.
      if (this.up) this.write(packet);
    });
  }

  bounce(downMs: number) {
    const socket = this.socket;
    if (!socket || this.closed || !this.up) return;
    // A reboot: state offline, a clean disconnect, silence, then a fresh connection.
    this.bouncing = true;
    this.publish('state', 'offline', { qos: 1, retain: true })
      .catch(() => {})
      .finally(() => {
        this.write({ cmd: 'disconnect' });
        socket.end();
        this.retry = setTimeout(() => {
          this.bouncing = false;
          if (!this.closed) this.open();
        }, downMs);
      });
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    clearTimeout(this.connectTimer);
    clearInterval(this.ping);
    for (const f of this.inflight.values()) f.reject(new Error('link closed'));
    this.inflight.clear();
    const socket = this.socket;
    if (!socket || socket.destroyed) return;
    this.write({ cmd: 'disconnect' });
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.end();
      setTimeout(() => socket.destroy(), 1_000).unref();
    });
  }
}

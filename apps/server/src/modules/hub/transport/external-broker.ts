import { connect, type Socket } from 'node:net';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { parseTopic, topicOf } from '@atrium/contracts/gateway-protocol';
import type { HubCounters } from '../ingest/hub-stats';
import type { HubTransport, TransportSink } from './transport';

export interface ExternalBrokerOptions {
  /** mqtt://user:password@host:port of the broker; the user may read and write nx/#. */
  url: string;
  clientId: string;
  sink: TransportSink;
  counters: HubCounters;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Telemetry is shared between server nodes ($share/atrium: each publish reaches
 * one node); state and replies reach every node (each keeps its own presence
 * and waits for its own commands' replies).
 */
const SUBSCRIPTIONS = [
  { topic: 'nx/+/state', qos: 1 as const },
  { topic: 'nx/+/reply', qos: 1 as const },
  { topic: '$share/atrium/nx/+/info', qos: 0 as const },
  { topic: '$share/atrium/nx/+/telegrams', qos: 1 as const },
  { topic: '$share/atrium/nx/+/modbus', qos: 1 as const },
  { topic: '$share/atrium/nx/+/pool', qos: 0 as const },
];

/**
 * The hub's own MQTT 3.1.1 client for an external broker (MQTT_URL): a
 * persistent session (clean: false), so what was published while the server
 * was away, or not yet acknowledged, is delivered again. Written on
 * mqtt-packet rather than mqtt.js because mqtt.js handles one incoming
 * publish at a time until its PUBACK: here PUBACKs are pipelined, each sent
 * once its own batch is committed.
 */
export class ExternalBroker implements HubTransport {
  readonly kind = 'external' as const;
  readonly connectedCount = 0;
  private socket: Socket | undefined;
  private nextId = 1;
  private readonly inflight = new Map<number, { resolve(): void; reject(err: Error): void }>();
  private ping: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private ready: Promise<void>;
  private markReady: () => void = () => {};

  constructor(private readonly o: ExternalBrokerOptions) {
    this.ready = new Promise((r) => (this.markReady = r));
  }

  /** Connects (and keeps reconnecting); resolves once subscribed the first time. */
  start(): Promise<void> {
    this.open();
    return this.ready;
  }

  private open() {
    const url = new URL(this.o.url);
    const socket = connect(Number(url.port || 1883), url.hostname);
    this.socket = socket;
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    socket.on('data', (chunk) => parser.parse(chunk));
    parser.on('packet', (packet) => this.onPacket(packet));
    parser.on('error', (err: Error) => socket.destroy(err));
    socket.on('error', (err) =>
      this.o.log.warn({ err: err.message }, 'MQTT broker connection error'),
    );
    socket.on('close', () => this.onClose());
    this.send({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clientId: this.o.clientId,
      clean: false,
      keepalive: 30,
      username: decodeURIComponent(url.username) || undefined,
      password: url.password ? Buffer.from(decodeURIComponent(url.password)) : undefined,
    });
  }

  private send(packet: Packet) {
    if (this.socket?.writable)
      mqttPacket.writeToStream(packet, this.socket, { protocolVersion: 4 });
  }

  private onPacket(packet: Packet) {
    if (packet.cmd === 'connack') {
      if (packet.returnCode !== 0) {
        return this.socket?.destroy(new Error(`CONNACK ${packet.returnCode}`));
      }
      this.send({ cmd: 'subscribe', messageId: this.allocate(), subscriptions: SUBSCRIPTIONS });
      this.ping = setInterval(() => this.send({ cmd: 'pingreq' }), 15_000);
    } else if (packet.cmd === 'suback') {
      this.o.log.info({ granted: packet.granted }, 'subscribed to the external MQTT broker');
      this.markReady();
    } else if (packet.cmd === 'publish') {
      this.onPublish(packet.topic, packet.payload, packet.qos, packet.messageId);
    } else if (
      (packet.cmd === 'puback' || packet.cmd === 'unsuback') &&
      packet.messageId !== undefined
    ) {
      this.inflight.get(packet.messageId)?.resolve();
      this.inflight.delete(packet.messageId);
    }
  }

  private onPublish(
    topic: string,
    payload: Buffer | string,
    qos: number,
    messageId: number | undefined,
  ) {
    const shared = topic.startsWith('$share/') ? topic.split('/').slice(2).join('/') : topic;
    const parsed = parseTopic(shared);
    const ack = () => qos > 0 && this.send({ cmd: 'puback', messageId });
    if (!parsed) {
      this.o.counters.drop('unknownTopic', '?', topic);
      return ack();
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    this.o.sink.receive(parsed.mac, parsed.kind, body, (verdict) => {
      // Not stored yet (or not judged): no PUBACK; dropping the connection makes the
      // broker deliver it again.
      if (verdict === 'retry' || verdict === null) return this.socket?.destroy();
      // Refused publishes are acknowledged: this client cannot throttle a gateway (the broker's limits do).
      ack();
    });
  }

  private onClose() {
    clearInterval(this.ping);
    for (const w of this.inflight.values()) w.reject(new Error('broker connection lost'));
    this.inflight.clear();
    if (!this.closed) this.retry = setTimeout(() => this.open(), 1_000);
  }

  /**
   * A clean stop leaves the shared group first: the broker would otherwise keep giving
   * this (persistent) session its turn of the telemetry until a node with the same
   * client id came back. After a crash the session stays subscribed, and what was
   * queued for it is delivered when the node restarts.
   */
  private async leaveSharedGroup() {
    if (!this.socket?.writable) return;
    const messageId = this.allocate();
    const done = new Promise<void>((resolve, reject) =>
      this.inflight.set(messageId, { resolve, reject }),
    );
    const unsubscriptions = SUBSCRIPTIONS.map((s) => s.topic).filter((t) =>
      t.startsWith('$share/'),
    );
    this.send({ cmd: 'unsubscribe', messageId, unsubscriptions });
    await Promise.race([done.catch(() => {}), new Promise((r) => setTimeout(r, 2_000))]);
  }

  private allocate(): number {
    this.nextId = (this.nextId % 65_535) + 1;
    return this.nextId;
  }

  publishCommand(mac: string, payload: string): Promise<void> {
    if (!this.socket?.writable) return Promise.reject(new Error('broker not connected'));
    const messageId = this.allocate();
    const done = new Promise<void>((resolve, reject) =>
      this.inflight.set(messageId, { resolve, reject }),
    );
    this.send({
      cmd: 'publish',
      topic: topicOf(mac, 'cmd'),
      payload,
      qos: 1,
      retain: false,
      dup: false,
      messageId,
    });
    return done;
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    await this.leaveSharedGroup();
    this.send({ cmd: 'disconnect' });
    this.socket?.end();
    this.socket?.destroy();
  }
}

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

/** What a node's session asks of the broker. */
interface Subscription {
  topic: string;
  qos: 0 | 1;
}

/**
 * State and replies reach every node (each keeps its own presence and waits for its own
 * commands' replies), on the node's control session: a few messages per gateway connection,
 * never queued behind telemetry.
 */
const CONTROL: Subscription[] = [
  { topic: 'nx/+/state', qos: 1 },
  { topic: 'nx/+/reply', qos: 1 },
];

/** Telemetry is shared between server nodes ($share/atrium: each publish reaches one node). */
const TELEMETRY: Subscription[] = [
  { topic: '$share/atrium/nx/+/info', qos: 0 },
  { topic: '$share/atrium/nx/+/telegrams', qos: 1 },
  { topic: '$share/atrium/nx/+/modbus', qos: 1 },
  { topic: '$share/atrium/nx/+/pool', qos: 0 },
];

interface SessionOptions {
  url: string;
  clientId: string;
  subscriptions: Subscription[];
  /** Topics a session under this id may still hold from an earlier version: unsubscribed. */
  stale: string[];
  log: ExternalBrokerOptions['log'];
  onPublish(topic: string, payload: Buffer | string, qos: number, messageId?: number): void;
}

/**
 * One persistent MQTT session (clean: false) of the node: what was published while the
 * server was away, or not yet acknowledged, is delivered again. It reconnects a second after
 * a loss, and subscribes again each time.
 */
class BrokerSession {
  private socket: Socket | undefined;
  private nextId = 1;
  private readonly inflight = new Map<number, { resolve(): void; reject(err: Error): void }>();
  private ping: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private markReady: () => void = () => {};
  readonly ready = new Promise<void>((r) => (this.markReady = r));

  constructor(private readonly o: SessionOptions) {}

  open() {
    const url = new URL(this.o.url);
    const socket = connect(Number(url.port || 1883), url.hostname);
    this.socket = socket;
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    socket.on('data', (chunk) => parser.parse(chunk));
    parser.on('packet', (packet) => this.onPacket(packet));
    parser.on('error', (err: Error) => socket.destroy(err));
    socket.on('error', (err) =>
      this.o.log.warn(
        { err: err.message, clientId: this.o.clientId },
        'MQTT broker connection error',
      ),
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

  send(packet: Packet) {
    if (this.socket?.writable)
      mqttPacket.writeToStream(packet, this.socket, { protocolVersion: 4 });
  }

  /** Closes the connection: what it had not acknowledged is delivered again. */
  drop() {
    this.socket?.destroy();
  }

  private onPacket(packet: Packet) {
    if (packet.cmd === 'connack') {
      if (packet.returnCode !== 0) {
        return this.socket?.destroy(new Error(`CONNACK ${packet.returnCode}`));
      }
      if (this.o.stale.length > 0)
        this.send({
          cmd: 'unsubscribe',
          messageId: this.allocate(),
          unsubscriptions: this.o.stale,
        });
      this.send({
        cmd: 'subscribe',
        messageId: this.allocate(),
        subscriptions: this.o.subscriptions,
      });
      this.ping = setInterval(() => this.send({ cmd: 'pingreq' }), 15_000);
    } else if (packet.cmd === 'suback') {
      this.o.log.info(
        { granted: packet.granted, clientId: this.o.clientId },
        'subscribed to the external MQTT broker',
      );
      this.markReady();
    } else if (packet.cmd === 'publish') {
      this.o.onPublish(packet.topic, packet.payload, packet.qos, packet.messageId);
    } else if (
      (packet.cmd === 'puback' || packet.cmd === 'unsuback') &&
      packet.messageId !== undefined
    ) {
      this.inflight.get(packet.messageId)?.resolve();
      this.inflight.delete(packet.messageId);
    }
  }

  private onClose() {
    clearInterval(this.ping);
    for (const w of this.inflight.values()) w.reject(new Error('broker connection lost'));
    this.inflight.clear();
    if (!this.closed) this.retry = setTimeout(() => this.open(), 1_000);
  }

  private allocate(): number {
    this.nextId = (this.nextId % 65_535) + 1;
    return this.nextId;
  }

  /** A packet with a fresh message id, settled by its PUBACK or UNSUBACK. */
  private acknowledged(packet: (messageId: number) => Packet): Promise<void> {
    if (!this.socket?.writable) return Promise.reject(new Error('broker not connected'));
    const messageId = this.allocate();
    const done = new Promise<void>((resolve, reject) =>
      this.inflight.set(messageId, { resolve, reject }),
    );
    this.send(packet(messageId));
    return done;
  }

  publish(topic: string, payload: string): Promise<void> {
    return this.acknowledged((messageId) => ({
      cmd: 'publish',
      topic,
      payload,
      qos: 1,
      retain: false,
      dup: false,
      messageId,
    }));
  }

  /** Unsubscribes, waiting up to 2 s for the broker's answer. */
  async unsubscribe(topics: string[]) {
    if (!this.socket?.writable) return;
    const done = this.acknowledged((messageId) => ({
      cmd: 'unsubscribe',
      messageId,
      unsubscriptions: topics,
    }));
    await Promise.race([done.catch(() => {}), new Promise((r) => setTimeout(r, 2_000))]);
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    this.send({ cmd: 'disconnect' });
    this.socket?.end();
    this.socket?.destroy();
  }
}

/**
 * The hub's own MQTT 3.1.1 client for an external broker (MQTT_URL), as two persistent
 * sessions: telemetry under MQTT_CLIENT_ID, and state, replies and commands under
 * `{MQTT_CLIENT_ID}-control`. A broker that queues more telemetry for a busy node than its
 * window drops the excess, and in one session a gateway's `online` was dropped with it: the
 * node never saw the gateway come back. Written on mqtt-packet rather than mqtt.js because
 * mqtt.js handles one incoming publish at a time until its PUBACK: here PUBACKs are
 * pipelined, each sent once its own batch is committed.
 */
export class ExternalBroker implements HubTransport {
  readonly kind = 'external' as const;
  readonly connectedCount = 0;
  private readonly telemetry: BrokerSession;
  private readonly control: BrokerSession;

  constructor(private readonly o: ExternalBrokerOptions) {
    const session = (clientId: string, subscriptions: Subscription[], stale: string[]) => {
      const made: BrokerSession = new BrokerSession({
        url: o.url,
        clientId,
        subscriptions,
        stale,
        log: o.log,
        onPublish: (topic, payload, qos, messageId) =>
          this.onPublish(made, topic, payload, qos, messageId),
      });
      return made;
    };
    // The telemetry session keeps the id a node had with one session, and what it queued;
    // that session's state and reply subscriptions are dropped.
    this.telemetry = session(
      o.clientId,
      TELEMETRY,
      CONTROL.map((c) => c.topic),
    );
    this.control = session(`${o.clientId}-control`, CONTROL, []);
  }

  /** Connects (and keeps reconnecting); resolves once both sessions subscribed the first time. */
  async start(): Promise<void> {
    this.control.open();
    this.telemetry.open();
    await Promise.all([this.control.ready, this.telemetry.ready]);
  }

  private onPublish(
    session: BrokerSession,
    topic: string,
    payload: Buffer | string,
    qos: number,
    messageId: number | undefined,
  ) {
    const shared = topic.startsWith('$share/') ? topic.split('/').slice(2).join('/') : topic;
    const parsed = parseTopic(shared);
    const ack = () => qos > 0 && session.send({ cmd: 'puback', messageId });
    if (!parsed) {
      this.o.counters.drop('unknownTopic', '?', topic);
      return ack();
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    this.o.sink.receive(parsed.mac, parsed.kind, body, (verdict) => {
      // Not stored yet (or not judged): no PUBACK; dropping the connection makes the
      // broker deliver it again.
      if (verdict === 'retry' || verdict === null) return session.drop();
      // Refused publishes are acknowledged: this client cannot throttle a gateway (the broker's limits do).
      ack();
    });
  }

  publishCommand(mac: string, payload: string): Promise<void> {
    return this.control.publish(topicOf(mac, 'cmd'), payload);
  }

  /**
   * A clean stop leaves the shared group first: the broker would otherwise keep giving
   * this (persistent) session its turn of the telemetry until a node with the same
   * client id came back. After a crash the session stays subscribed, and what was
   * queued for it is delivered when the node restarts.
   */
  async close() {
    await this.telemetry.unsubscribe(TELEMETRY.map((t) => t.topic));
    this.telemetry.close();
    this.control.close();
  }
}

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
 * mosquitto's name and version ("mosquitto version 2.0.11"), retained: it arrives with each
 * subscription (read only where the ACL lets the hub user).
 */
export const BROKER_VERSION_TOPIC = '$SYS/broker/version';

/**
 * State and replies reach every node (each keeps its own presence and waits for its own
 * commands' replies), on the node's control session: a few messages per gateway connection,
 * never queued behind telemetry. The broker's version too, to warn about an old mosquitto.
 */
const CONTROL: Subscription[] = [
  { topic: 'nx/+/state', qos: 1 },
  { topic: 'nx/+/reply', qos: 1 },
  { topic: BROKER_VERSION_TOPIC, qos: 0 },
];

/** The first mosquitto whose in-flight quota comes back once a node catches up (decision 0067). */
const QUOTA_FIXED_IN = [2, 0, 13] as const;

/**
 * Whether a `$SYS/broker/version` payload names a mosquitto older than 2.0.13, which loses
 * telemetry at a fleet's cold start (decision 0067). Another broker, or a version it cannot
 * read, is not judged.
 */
export function mosquittoBeforeQuotaFix(version: string): boolean {
  const parts = /^mosquitto version (\d+)\.(\d+)\.(\d+)/.exec(version.trim())?.slice(1);
  if (!parts) return false;
  for (const [i, fixed] of QUOTA_FIXED_IN.entries()) {
    const part = Number(parts[i]);
    if (part !== fixed) return part < fixed;
  }
  return false;
}

/**
 * mosquitto's count of the publishes it dropped because a session's window was full, sent
 * again every `sys_interval` while it changes (read only where the ACL lets the hub user).
 */
export const BROKER_DROPS_TOPIC = '$SYS/broker/publish/messages/dropped';

/** Telemetry is shared between server nodes ($share/atrium: each publish reaches one node). */
const TELEMETRY: Subscription[] = [
  { topic: '$share/atrium/nx/+/info', qos: 0 },
  { topic: '$share/atrium/nx/+/telegrams', qos: 1 },
  { topic: '$share/atrium/nx/+/modbus', qos: 1 },
  { topic: '$share/atrium/nx/+/pool', qos: 0 },
  { topic: BROKER_DROPS_TOPIC, qos: 0 },
];

/**
 * The broker's delivery to this node is taken as stuck when it dropped publishes while the node
 * kept up: fewer than this many of its publishes unsettled at once since the broker's previous
 * count, and none now or at some moment within the last `KEPT_UP_MS` (decision 0065).
 */
const STUCK_BELOW = 1_000;
const KEPT_UP_MS = 1_000;
/** The least time between two reopenings of the telemetry session for a stuck delivery. */
export const REOPEN_EVERY_MS = 30_000;

interface SessionOptions {
  url: string;
  clientId: string;
  subscriptions: Subscription[];
  /** Topics a session under this id may still hold from an earlier version: unsubscribed. */
  stale: string[];
  log: ExternalBrokerOptions['log'];
  onPublish(
    topic: string,
    payload: Buffer | string,
    qos: number,
    messageId: number | undefined,
    retained: boolean,
  ): void;
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
  private reopening = false;
  /** Counts the connections: a verdict reached after a reconnection sends no PUBACK. */
  private connection = 0;
  private markReady: () => void = () => {};
  readonly ready = new Promise<void>((r) => (this.markReady = r));

  constructor(private readonly o: SessionOptions) {}

  /** Which connection is current (a PUBACK belongs to the connection that got the publish). */
  get connectionId(): number {
    return this.connection;
  }

  open() {
    this.connection += 1;
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

  /** Closes the connection and opens it again at once (not after the usual second). */
  reopen() {
    this.reopening = true;
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
      this.o.onPublish(packet.topic, packet.payload, packet.qos, packet.messageId, packet.retain);
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
    if (!this.closed) this.retry = setTimeout(() => this.open(), this.reopening ? 0 : 1_000);
    this.reopening = false;
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
  /** Telemetry publishes (QoS 1) received and not yet settled, the most since the broker's last count, and when none were. */
  private unsettled = 0;
  private peakUnsettled = 0;
  private settledAllAt = performance.now();
  /** The broker's last count of dropped publishes, and when the telemetry session was last reopened for it. */
  private brokerDrops: number | undefined;
  private reopenedAt = -Infinity;
  /** The broker's version, once read (the warning about an old mosquitto is logged once). */
  private brokerVersion: string | undefined;

  constructor(private readonly o: ExternalBrokerOptions) {
    const session = (clientId: string, subscriptions: Subscription[], stale: string[]) => {
      const made: BrokerSession = new BrokerSession({
        url: o.url,
        clientId,
        subscriptions,
        stale,
        log: o.log,
        onPublish: (topic, payload, qos, messageId, retained) =>
          this.onPublish(made, topic, payload, qos, messageId, retained),
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
    retained: boolean,
  ) {
    if (topic === BROKER_DROPS_TOPIC) return this.onBrokerDrops(session, payload, retained);
    if (topic === BROKER_VERSION_TOPIC) return this.onBrokerVersion(payload.toString());
    const shared = topic.startsWith('$share/') ? topic.split('/').slice(2).join('/') : topic;
    const parsed = parseTopic(shared);
    const counted = session === this.telemetry && qos > 0;
    if (counted) this.peakUnsettled = Math.max(this.peakUnsettled, ++this.unsettled);
    const settle = () => {
      if (counted && --this.unsettled === 0) this.settledAllAt = performance.now();
    };
    // A verdict reached after the connection was lost sends nothing: the broker delivers the
    // publish again on the new one, and its message id may by then be another publish's.
    const connection = session.connectionId;
    const ack = () => {
      settle();
      if (qos > 0 && session.connectionId === connection)
        session.send({ cmd: 'puback', messageId });
    };
    if (!parsed) {
      this.o.counters.drop('unknownTopic', '?', topic);
      return ack();
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    this.o.sink.receive(parsed.mac, parsed.kind, body, (verdict) => {
      // Not stored yet (or not judged): no PUBACK; dropping the connection makes the
      // broker deliver it again.
      if (verdict === 'retry' || verdict === null) {
        settle();
        return session.drop();
      }
      // Refused publishes are acknowledged: this client cannot throttle a gateway (the broker's limits do).
      ack();
    });
  }

  /**
   * mosquitto 2.0.11, after a node fell far behind (a fleet's cold start), can go on treating
   * that node's window as full once the node has caught up: it delivers a trickle and drops the
   * rest, while the node sits idle. Reopening the session makes mosquitto count the window
   * again and send what it held (decision 0065). So when the broker's drop count rises while
   * this node kept up, the telemetry session is closed and opened again at once (what mosquitto
   * gets meanwhile waits in the session's queue), at most once per REOPEN_EVERY_MS. Drops meant
   * for another node's session can reopen this one too: that costs a reconnection, and what the
   * broker sends again is stored once.
   */
  private onBrokerDrops(session: BrokerSession, payload: Buffer | string, retained: boolean) {
    const count = Number(payload.toString());
    if (session !== this.telemetry || !Number.isFinite(count)) return;
    const [before, peak, now] = [this.brokerDrops ?? 0, this.peakUnsettled, performance.now()];
    [this.brokerDrops, this.peakUnsettled] = [count, this.unsettled];
    // The count kept from before this subscription (its retained value) is only a baseline.
    if (retained || count <= before) return;
    const keptUp =
      peak < STUCK_BELOW && (this.unsettled === 0 || now - this.settledAllAt <= KEPT_UP_MS);
    if (!keptUp) return;
    if (now - this.reopenedAt < REOPEN_EVERY_MS) return;
    this.reopenedAt = now;
    this.o.counters.disconnect('brokerDropping');
    this.o.log.warn(
      { dropped: count - before, unsettledPeak: peak, clientId: this.o.clientId },
      'the MQTT broker drops telemetry while this node keeps up: reopening the telemetry session',
    );
    this.telemetry.reopen();
  }

  /**
   * mosquitto before 2.0.13 can go on treating a node's window as full once the node has caught
   * up, and then drops telemetry it acknowledged to the gateways: at a fleet's cold start the
   * two-nodes benchmark lost 23–30 % of what was made on Debian 12's 2.0.11 and nothing on 2.0.21
   * (decision 0067). The node works with either (decision 0065 limits the loss); the operator
   * is told once which one runs.
   */
  private onBrokerVersion(version: string) {
    if (this.brokerVersion !== undefined) return;
    this.brokerVersion = version;
    if (mosquittoBeforeQuotaFix(version))
      this.o.log.warn(
        { brokerVersion: version, clientId: this.o.clientId },
        'mosquitto older than 2.0.13 drops telemetry after a cold start: run 2.0.13 or later (decision 0067)',
      );
    else this.o.log.info({ brokerVersion: version }, 'MQTT broker version');
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

import { createServer, type Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  Aedes,
  type AuthenticateError,
  type Client,
  type PublishPacket,
  type Subscription,
} from 'aedes';
import mqemitter, { type MQEmitter } from 'mqemitter';
import { createWebSocketStream, type WebSocket } from 'ws';
import { parseTopic, topicOf } from '@atrium/contracts/gateway-protocol';
import { ProxyHeaderError, readProxyHeader } from '../../../lib/proxy-protocol';
import type { HubCounters } from '../ingest/hub-stats';
import { LoginGate } from './login-gate';
import type { TransportSink, Verdict } from './transport';

export interface AedesBrokerOptions {
  host: string;
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  sink: TransportSink;
  counters: Pick<HubCounters, 'drop' | 'disconnect'>;
  /** Connections that have not logged in yet, at most (MQTT_PRE_LOGIN_MAX). */
  preLoginMax: number;
  /** TCP connections queued for a place among those, at most (MQTT_LOGIN_QUEUE_MAX). */
  loginQueueMax: number;
  /** TCP connections not logged in yet from one address, at most (MQTT_PRE_LOGIN_PER_ADDRESS; 0: no cap). */
  preLoginPerAddress: number;
  /** Each TCP connection starts with a balancer's PROXY protocol header (MQTT_PROXY_PROTOCOL; decision 0069). */
  proxyProtocol?: boolean;
  /** How long a connection may take to send its CONNECT, or stay queued (MQTT_LOGIN_TIMEOUT_MS). */
  loginTimeoutMs: number;
  /** Overload marks; OVERLOAD_MARKS by default (tests lower them). */
  overload?: OverloadMarks;
}

const MAC = /^[0-9a-f]{12}$/;

/** Publishes of one gateway that may await their verdict at once before reading pauses. */
const MAX_UNACKED = 32;

/**
 * The node's overload marks (decision 0039): publishes awaiting their verdict (that is,
 * their commit) across all gateways, by count and by payload bytes. Past `high`, a gateway
 * may have only `busyUnacked` of them before reading it waits for its oldest: the busiest
 * gateways get their PUBACKs late and slow down. Past `pause`, every gateway's socket is
 * paused after its current publish until the node is back under `resume`: TCP backpressure,
 * nothing dropped. Under `resume`, the paused gateways are read again `turn` at a time (64 when
 * not given), those paused longest first.
 */
export interface OverloadMarks {
  high: { publishes: number; bytes: number };
  pause: { publishes: number; bytes: number };
  resume: { publishes: number; bytes: number };
  busyUnacked: number;
  turn?: number;
}

/**
 * The marks from the pause mark in publishes (MQTT_INFLIGHT_MAX, 8,000 by default): the high
 * mark is half of it, the resume mark a quarter, and each is also a payload size of 1 KiB a
 * publish (8 MiB by default; a telegram publish is about 100 bytes, a full batch of 500 about
 * 30 KiB).
 */
export function overloadMarks(pausePublishes: number): OverloadMarks {
  const mark = (publishes: number) => ({ publishes, bytes: publishes * 1024 });
  return {
    high: mark(Math.ceil(pausePublishes / 2)),
    pause: mark(pausePublishes),
    resume: mark(Math.floor(pausePublishes / 4)),
    busyUnacked: 4,
  };
}

/** Paused gateways read again at a time under the resume mark, unless the marks say. */
const RELEASE_TURN = 64;

export const OVERLOAD_MARKS: OverloadMarks = overloadMarks(8_000);

/** What the overload guard did since the start (GET /api/hub/stats, `overload`). */
export interface OverloadFigures {
  /** Publishes awaiting their verdict now, and their payload bytes. */
  inFlight: number;
  inFlightBytes: number;
  /** The most there ever were at once. */
  peakInFlight: number;
  peakInFlightBytes: number;
  /** Publishes after which reading their gateway waited for the node (pause mark). */
  pausedReads: number;
  /** Publishes after which reading their gateway waited for its own oldest (busy gateway). */
  slowedReads: number;
  /** Times the pause mark was reached. */
  pauses: number;
  paused: boolean;
}

/** aedes' count of a client's packets being handled (lib/client.js, `nextBatch`). */
interface ParsingClient {
  _parsingBatch: number;
}

/**
 * Commands that may wait for a gateway between its CONNACK (the hub counts it online) and its
 * SUBSCRIBE to `nx/{mac}/cmd`; more are published at once (and missed, as before).
 */
const EARLY_COMMANDS_MAX = 16;

/** Segments a paused gateway could send before aedes read it again anyway (see `hold`). */
const PAUSE_CREDIT = 1_000_000_000;

/** aedes' default number of messages its emitter routes at once. */
const CONCURRENCY = 100;

/** The one topic a gateway may subscribe to: its commands. */
const commandTopic = (mac: string) => `nx/${mac}/cmd`;

/**
 * aedes' message router, minus the routing of what gateways send. Their publishes
 * reach the hub through `authorizePublish`, and no client can subscribe to them (a
 * gateway may subscribe to its own `nx/{mac}/cmd` only), so matching their topics
 * against 5,000 subscriptions would find nothing, at a cost: it was an eighth of the
 * broker thread's time at 11,000 publishes a second.
 */
function commandRouter(): MQEmitter {
  const mq = mqemitter({ concurrency: CONCURRENCY, matchEmptyLevels: true });
  const route = mq.emit.bind(mq);
  mq.emit = (message, done) => {
    const topic = String(message.topic);
    if (!topic.startsWith('nx/') || topic.endsWith('/cmd')) return route(message, done);
    done?.();
    return mq;
  };
  return mq;
}

/** PUBACK of a message id: fixed header 0x40, remaining length 2, the id. */
function puback(messageId: number): Buffer {
  return Buffer.from([0x40, 2, messageId >> 8, messageId & 0xff]);
}

/** A gateway's client id: a connection cannot take another gateway's session over. */
const clientIdOf = (mac: string) => `gw-${mac}`;

/** CONNACK 2: the client id is not `gw-{mac}` of the MAC logging in. */
function identifierRejected(): AuthenticateError {
  return Object.assign(new Error('Client id must be gw-{mac}'), { returnCode: 2 as const });
}

function refused(): AuthenticateError {
  return Object.assign(new Error('Bad username or password'), { returnCode: 4 as const });
}

/** CONNACK 3: the credentials could not be checked now (database error); the gateway retries. */
function unavailable(): AuthenticateError {
  return Object.assign(new Error('Server unavailable'), { returnCode: 3 as const });
}

/**
 * The aedes broker itself (MQTT 3.1.1 over TCP, and over any stream handed to
 * `handle`, such as a WebSocket's). A gateway logs in with its MAC and device
 * secret under the client id `gw-{mac}`, publishes and subscribes only under its
 * own `nx/{mac}/`, and a QoS 1 publish is acknowledged only when the sink's verdict
 * comes back, that is after commit (QoS 2 closes the connection). What a client may
 * cost before it logs in is LoginGate's. It runs in the broker thread (see
 * EmbeddedBroker), or on the main thread with MQTT_BROKER_THREAD=false; the sink
 * is the hub either way.
 */
export class AedesBroker {
  private readonly macs = new WeakMap<Client, string>();
  private readonly clients = new Map<string, Client>();
  /** Each gateway's QoS 1 publishes awaiting their PUBACK, in arrival order. */
  private readonly acks = new WeakMap<Client, { messageId: number; ready: boolean }[]>();
  private tcp: NetServer | undefined;
  private broker: Aedes | undefined;
  private readonly gate: LoginGate;
  /** TCP connections whose PROXY protocol header is being read (decision 0069). */
  private readingHeaders = 0;
  private readonly marks: OverloadMarks;
  /** aedes' `done` of publishes whose gateway waits for the node to go under `resume`. */
  private waiting = new Map<Client, ((err?: Error | null) => void)[]>();
  private turnScheduled = false;
  /** Connections subscribed to their gateway's commands. */
  private readonly listening = new WeakSet<Client>();
  /** Commands for a connected gateway not yet subscribed: sent on its SUBSCRIBE. */
  private readonly early = new Map<string, { send(): void; drop(): void }[]>();
  readonly overload: OverloadFigures = {
    inFlight: 0,
    inFlightBytes: 0,
    peakInFlight: 0,
    peakInFlightBytes: 0,
    pausedReads: 0,
    slowedReads: 0,
    pauses: 0,
    paused: false,
  };
  port = 0;

  constructor(private readonly o: AedesBrokerOptions) {
    this.marks = o.overload ?? OVERLOAD_MARKS;
    this.gate = new LoginGate({
      maxWaiting: o.preLoginMax,
      maxQueued: o.loginQueueMax,
      maxPerAddress: o.preLoginPerAddress,
      loginTimeoutMs: o.loginTimeoutMs,
      closed: (reason, client, announced) => {
        // After login, a packet over the limit is a publish too large for the hub.
        const mac = client && this.macs.get(client);
        if (mac) o.counters.drop('oversized', mac, `${announced} bytes announced`);
        o.counters.disconnect(reason);
      },
    });
  }

  get connectedCount(): number {
    return this.clients.size;
  }

  async start() {
    const broker = await Aedes.createBroker({
      mq: commandRouter(),
      concurrency: CONCURRENCY,
      heartbeatInterval: 60_000,
      connectTimeout: this.o.loginTimeoutMs,
      authenticate: (client, username, password, done) =>
        this.authenticate(client, username, password, done),
      authorizePublish: (client, packet, done) => this.authorizePublish(client, packet, done),
      authorizeSubscribe: (client, sub, done) => {
        const mac = this.macs.get(client);
        // A negative SUBACK (not a disconnect) for anything but the gateway's own commands.
        done(null, mac && sub.topic === commandTopic(mac) ? sub : null);
      },
    });
    this.broker = broker;
    broker.on('clientReady', (client) => this.arrived(client));
    broker.on('clientDisconnect', (client) => this.left(client));
    broker.on('subscribe', (subs, client) => this.subscribed(subs, client));
    // Paused: a connection queued by the gate is not read until its turn.
    this.tcp = createServer({ pauseOnConnect: true }, (socket) =>
      this.o.proxyProtocol ? this.proxied(broker, socket) : this.gate.admit(broker, socket, socket),
    );
    const tcp = this.tcp;
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject); // a port in use stops the start instead of hanging it
      // A deep accept queue: thousands of gateways reconnect at once after a restart.
      tcp.listen({ port: this.o.port, host: this.o.host, backlog: 4096 }, () => {
        tcp.off('error', reject);
        resolve();
      });
    });
    const address = this.tcp.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  /**
   * Behind a TCP balancer that speaks PROXY protocol (decision 0069): the header first, then
   * the gate, with the client's address the header names. At most `preLoginMax` connections
   * are read for their header at once, each for at most the login timeout; one that sends
   * anything else is closed (`badProxyHeader`).
   */
  private proxied(broker: Aedes, socket: Socket) {
    if (this.readingHeaders >= this.o.preLoginMax) {
      this.o.counters.disconnect('tooManyLogins');
      return void socket.destroy();
    }
    this.readingHeaders++;
    const timer = setTimeout(() => socket.destroy(), this.o.loginTimeoutMs);
    readProxyHeader(socket)
      .then(
        // Gone meanwhile (the timer, or the peer): no share to take, nothing to hand on.
        (address) => socket.destroyed || this.gate.admit(broker, socket, socket, address),
        (err: unknown) => {
          if (err instanceof ProxyHeaderError && !socket.destroyed) {
            this.o.counters.disconnect('badProxyHeader');
          }
          socket.destroy();
        },
      )
      .finally(() => {
        this.readingHeaders--;
        clearTimeout(timer);
      });
  }

  /** Serves MQTT over an accepted WebSocket (the /mqtt path of the HTTP server). */
  serveWebSocket(ws: WebSocket) {
    this.handle(createWebSocketStream(ws));
  }

  /** Serves one more connection given as a byte stream. */
  handle(stream: Duplex) {
    if (!this.broker) return stream.destroy();
    this.gate.admit(this.broker, stream);
  }

  /**
   * CONNACK 0 for a gateway's MAC and device secret, under the client id `gw-{mac}`:
   * an id is a session, and a CONNECT with another gateway's id would close that
   * gateway's connection (2, checked before the secret, which costs a query).
   */
  private authenticate(
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
    done: (err: AuthenticateError | null, success: boolean | null) => void,
  ) {
    const mac = username?.toLowerCase() ?? '';
    if (!MAC.test(mac) || !password) return done(refused(), false);
    if (client.id !== clientIdOf(mac)) return done(identifierRejected(), false);
    this.o.sink.authenticate(mac, password.toString('utf8')).then(
      (ok) => {
        if (ok) {
          this.macs.set(client, mac);
          this.gate.loggedIn(client);
        }
        done(ok ? null : refused(), ok);
      },
      () => done(unavailable(), false),
    );
  }

  private authorizePublish(
    client: Client | null,
    packet: PublishPacket,
    done: (err?: Error | null) => void,
  ) {
    const mac = client ? this.macs.get(client) : undefined;
    const parsed = parseTopic(packet.topic);
    if (!client || !mac || !parsed || parsed.mac !== mac) {
      this.o.counters.drop(parsed ? 'forbiddenTopic' : 'unknownTopic', mac ?? '?', packet.topic);
      return done(new Error('not authorized'));
    }
    // Nothing subscribes to what gateways send (commandRouter): there is nothing to retain.
    packet.retain = false;
    const payload = packet.payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (packet.qos !== 1) {
      if (packet.qos === 2) {
        // Refused before aedes stores it or sends PUBREC: no acknowledgement before commit (0015).
        this.o.counters.drop('qos2', mac, packet.topic);
        return done(new Error('QoS 2 is not accepted'));
      }
      this.o.sink.receive(mac, parsed.kind, body, (v) => v !== 'ack' && this.cut(client, v));
      return done(null);
    }
    // The PUBACK is this broker's to send, once the verdict is in (after commit): aedes,
    // told QoS 0, sends none and reads the gateway's next packets meanwhile, so a publish
    // waits for no earlier publish's commit. Acknowledgements keep the publishes' order.
    const acks = this.acks.get(client) ?? [];
    this.acks.set(client, acks);
    const slot = { messageId: packet.messageId ?? 0, ready: false };
    acks.push(slot);
    packet.qos = 0;
    const o = this.overload;
    const bytes = body.length;
    o.inFlight += 1;
    o.inFlightBytes += bytes;
    o.peakInFlight = Math.max(o.peakInFlight, o.inFlight);
    o.peakInFlightBytes = Math.max(o.peakInFlightBytes, o.inFlightBytes);
    const { high, pause } = this.marks;
    if (!o.paused && (o.inFlight >= pause.publishes || o.inFlightBytes >= pause.bytes)) {
      o.paused = true;
      o.pauses += 1;
    }
    // Past the pause mark, reading this gateway waits for the node to drain (TCP backpressure).
    // Else past MAX_UNACKED publishes awaiting their verdict (busyUnacked past the high mark),
    // reading waits for this one.
    const busy = o.inFlight >= high.publishes || o.inFlightBytes >= high.bytes;
    const held = o.paused ? false : acks.length > (busy ? this.marks.busyUnacked : MAX_UNACKED);
    if (held && acks.length <= MAX_UNACKED) o.slowedReads += 1;
    this.o.sink.receive(
      mac,
      parsed.kind,
      body,
      this.onVerdict(client, acks, slot, bytes, held ? done : null),
    );
    if (o.paused) {
      o.pausedReads += 1;
      this.hold(client, done);
    } else if (!held) done(null);
  }

  /**
   * Keeps a paused gateway's socket unread until `release`. Withholding aedes' `done` alone
   * does not: aedes counts the packets of a read that are not done yet, and each `readable`
   * event (the next TCP segment) takes one off that count, so a gateway sending a packet a
   * segment would be read on. The count gets a credit no segment stream can use up while the
   * node is paused (aedes 1.2's `_parsingBatch`), given back on release.
   */
  private hold(client: Client, done: (err?: Error | null) => void) {
    const held = this.waiting.get(client);
    if (held) return void held.push(done);
    this.waiting.set(client, [done]);
    const parsing = client as unknown as ParsingClient;
    // Another aedes without the count: the withheld `done` alone, leakier but never stuck.
    if (typeof parsing._parsingBatch === 'number') parsing._parsingBatch += PAUSE_CREDIT;
  }

  /**
   * Reads paused gateways again: the credit back, then each withheld `done`. Under load, `turn`
   * gateways at a time, those paused longest first: a gateway read again parses all it sent
   * meanwhile (aedes reads the socket's whole buffer), so releasing them all at once let the
   * node take in many times its pause mark.
   */
  private release(turn = Infinity) {
    const now: [Client, ((err?: Error | null) => void)[]][] = [];
    for (const entry of this.waiting) {
      if (now.length >= turn) break;
      now.push(entry);
    }
    for (const [client] of now) this.waiting.delete(client);
    for (const [client, dones] of now) {
      const parsing = client as unknown as ParsingClient;
      if (typeof parsing._parsingBatch === 'number') parsing._parsingBatch -= PAUSE_CREDIT;
      for (const done of dones) done(null);
    }
  }

  /**
   * One publish less in flight; under the resume mark, paused gateways are read again, a turn
   * at a time, and the node stays paused until none is left (what they send meanwhile waits
   * for the next turn).
   */
  private settled(bytes: number) {
    const o = this.overload;
    o.inFlight -= 1;
    o.inFlightBytes -= bytes;
    const { resume } = this.marks;
    if (!o.paused || o.inFlight > resume.publishes || o.inFlightBytes > resume.bytes) return;
    this.resumeTurn();
  }

  /**
   * A turn of paused gateways read again; the next turn follows on the next publish settled,
   * or at the next turn of the event loop if those read again had nothing to send.
   */
  private resumeTurn() {
    const o = this.overload;
    this.release(this.marks.turn ?? RELEASE_TURN);
    if (this.waiting.size === 0) {
      o.paused = false;
      return;
    }
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      const { resume } = this.marks;
      if (o.paused && o.inFlight <= resume.publishes && o.inFlightBytes <= resume.bytes)
        this.resumeTurn();
    });
  }

  /**
   * The verdict's callback, made here so that it keeps only what it needs: aedes'
   * `done` (which holds the packet) only when reading waits for it.
   */
  private onVerdict(
    client: Client,
    acks: { messageId: number; ready: boolean }[],
    slot: { messageId: number; ready: boolean },
    bytes: number,
    resume: ((err?: Error | null) => void) | null,
  ) {
    return (v: Verdict | null) => {
      if (v !== 'ack') this.cut(client, v);
      else {
        slot.ready = true;
        this.sendAcks(client, acks);
      }
      resume?.(null);
      this.settled(bytes);
    };
  }

  /** Sends the PUBACKs at the head of the gateway's queue whose publishes are stored. */
  private sendAcks(client: Client, acks: { messageId: number; ready: boolean }[]) {
    while (acks[0]?.ready) {
      const { messageId } = acks.shift() ?? { messageId: 0 };
      if (client.connected && !client.closed) client.conn.write(puback(messageId));
    }
  }

  /**
   * A refused publish closes the connection (MQTT 3.1.1 has no negative PUBACK); the
   * gateway sends what was not acknowledged again after reconnecting.
   */
  private cut(client: Client, reason: string | null) {
    if (client.closed) return;
    this.o.counters.disconnect(reason ?? 'error');
    client.close();
  }

  private arrived(client: Client) {
    const mac = this.macs.get(client);
    if (!mac) return;
    const previous = this.clients.get(mac);
    this.clients.set(mac, client);
    if (previous && previous !== client) return; // a takeover: still online
    void this.o.sink.connected(mac);
  }

  private left(client: Client) {
    const mac = this.macs.get(client);
    // A connection replaced by a newer one of the same gateway is not a disconnect.
    if (!mac || this.clients.get(mac) !== client) return;
    this.clients.delete(mac);
    this.dropEarly(mac);
    void this.o.sink.disconnected(mac);
  }

  /**
   * Publishes a command (QoS 1) to the gateway's `nx/{mac}/cmd`. The hub counts a gateway
   * online from its CONNACK, but it hears commands only once its SUBSCRIBE is in: a command
   * sent in between waits for it, until its `deadline` (epoch ms, the hub's command timeout) or
   * the gateway leaves: then it is let go unsent, and the hub's command times out as for any
   * gateway that goes away (a gateway never runs a command its user was told had failed).
   */
  publishCommand(mac: string, payload: string, deadline = Infinity): Promise<void> {
    const broker = this.broker;
    if (!broker) return Promise.reject(new Error('broker closed'));
    const packet = {
      cmd: 'publish' as const,
      topic: topicOf(mac, 'cmd'),
      payload: Buffer.from(payload),
      qos: 1 as const,
      retain: false,
      dup: false,
    };
    const send = () =>
      new Promise<void>((resolve, reject) =>
        broker.publish(packet, (err) => (err ? reject(err) : resolve())),
      );
    const client = this.clients.get(mac);
    const queued = this.early.get(mac) ?? [];
    if (!client || this.listening.has(client) || queued.length >= EARLY_COMMANDS_MAX) return send();
    this.early.set(mac, queued);
    return new Promise((resolve, reject) => {
      const letGo = () => {
        const at = queued.indexOf(command);
        if (at >= 0) queued.splice(at, 1);
        if (!queued.length && this.early.get(mac) === queued) this.early.delete(mac);
        resolve();
      };
      const timer =
        deadline === Infinity
          ? undefined
          : setTimeout(letGo, Math.max(0, deadline - Date.now())).unref();
      const command = {
        send: () => {
          clearTimeout(timer);
          // Past its deadline (its timer is late: a busy loop): the hub may have answered 504.
          if (Date.now() >= deadline) resolve();
          else void send().then(resolve, reject);
        },
        drop: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      queued.push(command);
    });
  }

  /** A SUBSCRIBE granted: on the gateway's commands, those waiting for it are sent. */
  private subscribed(subs: Subscription[], client: Client) {
    const mac = this.macs.get(client);
    // aedes marks a subscription authorizeSubscribe refused with QoS 128.
    if (!mac || !subs.some((s) => s.topic === commandTopic(mac) && Number(s.qos) !== 128)) return;
    this.listening.add(client);
    if (this.clients.get(mac) !== client) return;
    const queued = this.early.get(mac) ?? [];
    this.early.delete(mac);
    for (const command of queued) command.send();
  }

  private dropEarly(mac: string) {
    const queued = this.early.get(mac) ?? [];
    this.early.delete(mac);
    for (const command of queued) command.drop();
  }

  async close() {
    for (const mac of [...this.early.keys()]) this.dropEarly(mac);
    for (const client of this.clients.values()) client.close();
    this.release();
    this.gate.closeAll(); // else the listener's close waits for their login timeout
    await new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) =>
      this.broker ? this.broker.close(() => resolve()) : resolve(),
    );
  }
}

import { createServer, type Server as NetServer } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { createWebSocketStream, type WebSocket } from 'ws';
import { parseTopic, topicOf } from '@atrium/contracts/gateway-protocol';
import type { HubCounters } from './hub-stats';
import type { TransportSink } from './transport';

export interface AedesBrokerOptions {
  host: string;
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  sink: TransportSink;
  counters: Pick<HubCounters, 'drop' | 'disconnect'>;
}

const MAC = /^[0-9a-f]{12}$/;

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
 * secret, publishes and subscribes only under its own `nx/{mac}/`, and a QoS 1
 * publish is acknowledged only when the sink's verdict comes back, that is
 * after commit. It runs in the broker thread (see EmbeddedBroker), or on the
 * main thread with MQTT_BROKER_THREAD=false; the sink is the hub either way.
 */
export class AedesBroker {
  private readonly macs = new WeakMap<Client, string>();
  private readonly clients = new Map<string, Client>();
  private tcp: NetServer | undefined;
  private broker: Aedes | undefined;
  port = 0;

  constructor(private readonly o: AedesBrokerOptions) {}

  get connectedCount(): number {
    return this.clients.size;
  }

  async start() {
    const broker = await Aedes.createBroker({
      heartbeatInterval: 60_000,
      connectTimeout: 30_000,
      authenticate: (client, username, password, done) => {
        const mac = username?.toLowerCase() ?? '';
        if (!MAC.test(mac) || !password) return done(refused(), false);
        this.o.sink.authenticate(mac, password.toString('utf8')).then(
          (ok) => {
            if (ok) this.macs.set(client, mac);
            done(ok ? null : refused(), ok);
          },
          () => done(unavailable(), false),
        );
      },
      authorizePublish: (client, packet, done) =>
        this.authorizePublish(client, packet.topic, packet.payload, done),
      authorizeSubscribe: (client, sub, done) => {
        const mac = this.macs.get(client);
        // A negative SUBACK (not a disconnect) for anything outside the gateway's own tree.
        done(null, mac && sub.topic.startsWith(`nx/${mac}/`) ? sub : null);
      },
    });
    this.broker = broker;
    broker.on('clientReady', (client) => this.arrived(client));
    broker.on('clientDisconnect', (client) => this.left(client));
    this.tcp = createServer((socket) => broker.handle(socket));
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

  /** Serves MQTT over an accepted WebSocket (the /mqtt path of the HTTP server). */
  serveWebSocket(ws: WebSocket) {
    this.handle(createWebSocketStream(ws));
  }

  /** Serves one more connection given as a byte stream. */
  handle(stream: Duplex) {
    if (!this.broker) return stream.destroy();
    this.broker.handle(stream);
  }

  private authorizePublish(
    client: Client | null,
    topic: string,
    payload: Buffer | string,
    done: (err?: Error | null) => void,
  ) {
    const mac = client ? this.macs.get(client) : undefined;
    const parsed = parseTopic(topic);
    if (!mac || !parsed || parsed.mac !== mac) {
      this.o.counters.drop(parsed ? 'forbiddenTopic' : 'unknownTopic', mac ?? '?', topic);
      return done(new Error('not authorized'));
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    this.o.sink.receive(mac, parsed.kind, body).then(
      (verdict) => {
        if (verdict === 'ack') return done(null);
        // MQTT 3.1.1 has no negative PUBACK: aedes closes the connection; the gateway resends later.
        this.o.counters.disconnect(verdict);
        done(new Error(verdict));
      },
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
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
    void this.o.sink.disconnected(mac);
  }

  publishCommand(mac: string, payload: string): Promise<void> {
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
    return new Promise((resolve, reject) =>
      broker.publish(packet, (err) => (err ? reject(err) : resolve())),
    );
  }

  async close() {
    for (const client of this.clients.values()) client.close();
    await new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) =>
      this.broker ? this.broker.close(() => resolve()) : resolve(),
    );
  }
}

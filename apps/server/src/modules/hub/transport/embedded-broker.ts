import type { Server as HttpServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { AedesBroker, type OverloadMarks } from './aedes-broker';
import { BrokerThread } from './broker-thread';
import { MAX_PACKET_BYTES } from './packet-size-guard';
import type { HubCounters } from '../ingest/hub-stats';
import type { HubTransport, TransportSink } from './transport';

export interface EmbeddedBrokerOptions {
  host: string;
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  /** MQTT over WebSocket is served at /mqtt on this HTTP server. */
  httpServer: HttpServer;
  sink: TransportSink;
  counters: HubCounters;
  /** Runs aedes in a thread of its own (MQTT_BROKER_THREAD, on by default). */
  thread: boolean;
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
  /** The overload guard's marks (decision 0039). */
  overload?: OverloadMarks;
  log: { error(obj: object, msg: string): void };
}

/**
 * The embedded MQTT 3.1.1 broker (aedes) over TCP on MQTT_PORT and over
 * WebSocket at /mqtt. By default aedes and every gateway socket live in a
 * worker thread of the server process (BrokerThread), which leaves the main
 * event loop to the hub, the API and socket.io; see decision record 0011.
 */
export class EmbeddedBroker implements HubTransport {
  readonly kind = 'embedded' as const;
  private readonly engine: AedesBroker | BrokerThread;
  private wss: WebSocketServer | undefined;

  constructor(private readonly o: EmbeddedBrokerOptions) {
    const { host, port, sink, counters, log } = o;
    const { preLoginMax, loginQueueMax, preLoginPerAddress, loginTimeoutMs } = o;
    const limits = {
      preLoginMax,
      loginQueueMax,
      preLoginPerAddress,
      loginTimeoutMs,
      proxyProtocol: o.proxyProtocol ?? false,
      ...(o.overload ? { overload: o.overload } : {}),
    };
    this.engine = o.thread
      ? new BrokerThread({ host, port, sink, counters, log, ...limits })
      : new AedesBroker({ host, port, sink, counters, ...limits });
  }

  get port(): number {
    return this.engine.port;
  }

  get connectedCount(): number {
    return this.engine.connectedCount;
  }

  get overload() {
    return this.engine.overload;
  }

  async start() {
    await this.engine.start();
    // One WebSocket message carries MQTT packets: none may exceed the post-login limit, and
    // ws would otherwise buffer up to 100 MiB of one before the broker sees a byte of it.
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PACKET_BYTES });
    this.wss = wss;
    this.o.httpServer.on('upgrade', (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/mqtt') return;
      wss.handleUpgrade(req, socket, head, (ws) => this.engine.serveWebSocket(ws));
    });
  }

  publishCommand(mac: string, payload: string, deadline?: number): Promise<void> {
    return this.engine.publishCommand(mac, payload, deadline);
  }

  async close() {
    this.wss?.close();
    await this.engine.close();
  }
}

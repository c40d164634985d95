import type { GatewayTopic } from '@atrium/contracts/gateway-protocol';

/**
 * How a publish ended: `ack` (handled, or garbage discarded for good),
 * `refuse` (abuse: oversized, flooding, forbidden topic) or `retry` (not
 * stored now: the gateway must send it again).
 */
export type Verdict = 'ack' | 'refuse' | 'retry';

/** The hub as the transports see it. */
export interface TransportSink {
  /** Checks a gateway's device secret (MQTT password) against the stored hash. */
  authenticate(mac: string, secret: string): Promise<boolean>;
  receive(mac: string, kind: GatewayTopic, payload: Buffer): Promise<Verdict>;
  connected(mac: string): Promise<void>;
  disconnected(mac: string): Promise<void>;
}

/** The gateway link: the embedded aedes broker, or a connection to an external broker. */
export interface HubTransport {
  readonly kind: 'embedded' | 'external';
  /** Gateways connected to this node (embedded broker), else 0. */
  readonly connectedCount: number;
  /** Publishes a command body on `nx/{mac}/cmd` (QoS 1). */
  publishCommand(mac: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

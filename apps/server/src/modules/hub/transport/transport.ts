import type { GatewayTopic } from '@atrium/contracts/gateway-protocol';
import type { OverloadFigures } from './aedes-broker';

/**
 * How a publish ended: `ack` (handled, or garbage discarded for good),
 * `refuse` (abuse: oversized, flooding, forbidden topic) or `retry` (not
 * stored now: the gateway must send it again).
 */
export type Verdict = 'ack' | 'refuse' | 'retry';

/** A publish's verdict; `null` when the hub could not judge it (the connection is closed). */
export type Settle = (verdict: Verdict | null) => void;

/** The hub as the transports see it. */
export interface TransportSink {
  /** Checks a gateway's device secret (MQTT password) against the stored hash. */
  authenticate(mac: string, secret: string): Promise<boolean>;
  /**
   * Judges a publish; `settle` is called once, after commit for what is stored. A
   * callback, not a promise: at 11,000 publishes a second, a promise chain per publish
   * kept until the commit was most of what the heaps promoted to their old generation.
   */
  receive(mac: string, kind: GatewayTopic, payload: Buffer, settle: Settle): void;
  connected(mac: string): Promise<void>;
  disconnected(mac: string): Promise<void>;
}

/** The gateway link: the embedded aedes broker, or a connection to an external broker. */
export interface HubTransport {
  readonly kind: 'embedded' | 'external';
  /** Gateways connected to this node (embedded broker), else 0. */
  readonly connectedCount: number;
  /** The embedded broker's overload guard (decision 0039); undefined with an external broker. */
  readonly overload?: OverloadFigures;
  /**
   * Publishes a command body on `nx/{mac}/cmd` (QoS 1). `deadline` (epoch ms): past it, a command
   * still waiting for the gateway (see AedesBroker) is let go unsent.
   */
  publishCommand(mac: string, payload: string, deadline?: number): Promise<void>;
  close(): Promise<void>;
}

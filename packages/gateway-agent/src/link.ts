import type { GatewayTopic } from '@atrium/contracts/gateway-protocol';

/** What an agent reacts to on its link. */
export interface LinkHandlers {
  /** The link is up (again): publish state and subscriptions are in place. */
  onConnect(): void;
  /** The link went down; it reconnects by itself unless closed. */
  onClose(): void;
  /** A publish on `nx/{mac}/cmd`. */
  onCommand(payload: Buffer): void;
}

/** Delivery of one publish: QoS 0 or 1, retained or not. */
export interface PublishOptions {
  qos: 0 | 1;
  retain?: boolean;
}

/**
 * How an agent reaches the cloud: MQTT (mqtt-link.ts) for the simulator, or
 * an in-process link for the server's demo gateways. Topics are the
 * sub-topics of `nx/{mac}/`.
 */
export interface AgentLink {
  start(handlers: LinkHandlers): void;
  /** Resolves when the cloud acknowledged it (QoS 1) or it was written (QoS 0). */
  publish(kind: GatewayTopic, payload: string, options: PublishOptions): Promise<void>;
  /** Drops the connection as a power cut would (the last will fires), then reconnects after `downMs`. */
  bounce(downMs: number): void;
  /** Closes for good. */
  close(): Promise<void>;
  readonly connected: boolean;
}

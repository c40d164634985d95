import { EventEmitter } from 'node:events';
import type { Alert } from '@atrium/contracts/alerts';
import type {
  GatewayInfoEvent,
  GatewayStateEvent,
  GatewayUpdateEvent,
  TelegramsEvent,
} from '@atrium/contracts/hub';

/** What the hub tells the console about (socket.io relays each to the gateway's project room). */
export interface HubEventMap {
  state: [GatewayStateEvent];
  info: [GatewayInfoEvent];
  update: [GatewayUpdateEvent];
  telegrams: [TelegramsEvent];
  /** An alert raised or cleared by this node (the alerts module), with its project's team. */
  alert: [{ alert: Alert; team: string }];
}

/**
 * Typed emitter between the hub, the alerts module and the realtime module, so none imports
 * another.
 */
export class HubEvents extends EventEmitter<HubEventMap> {}

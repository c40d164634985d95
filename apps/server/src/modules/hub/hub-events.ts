import { EventEmitter } from 'node:events';
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
}

/** Typed emitter between the hub and the realtime module, so neither imports the other. */
export class HubEvents extends EventEmitter<HubEventMap> {}

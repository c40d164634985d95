import { EventEmitter } from 'node:events';
import type { Alert } from '@atrium/contracts/alerts';
import type { ModbusItem } from '@atrium/contracts/gateway-protocol';
import type {
  GatewayInfoEvent,
  GatewayStateEvent,
  GatewayUpdateEvent,
  TelegramsEvent,
} from '@atrium/contracts/hub';

/** A batch of Modbus readings the writer has taken (`nx/{mac}/modbus`), each under its value id. */
export interface ModbusReadingsEvent {
  project: string;
  mac: string;
  items: ModbusItem[];
}

/** What the hub tells the console about (socket.io relays each to the gateway's project room). */
export interface HubEventMap {
  state: [GatewayStateEvent];
  info: [GatewayInfoEvent];
  update: [GatewayUpdateEvent];
  telegrams: [TelegramsEvent];
  /** Server-side only (the alert engine): the console's live Modbus values come another way. */
  modbus: [ModbusReadingsEvent];
  /** An alert raised or cleared by this node (the alerts module), with its project's team. */
  alert: [{ alert: Alert; team: string }];
}

/**
 * Typed emitter between the hub, the alerts module and the realtime module, so none imports
 * another.
 */
export class HubEvents extends EventEmitter<HubEventMap> {}

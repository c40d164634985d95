import { EventEmitter } from 'node:events';
import type { Alert } from '@atrium/contracts/alerts';
import type { ModbusItem, PoolMessage } from '@atrium/contracts/gateway-protocol';
import type { PoolDataEvent } from '@atrium/contracts/pool';
import type { GatewayEvent, GatewayEventData } from '@atrium/contracts/gateway-events';
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

/**
 * A command a user sent a gateway (the gateway actions), told once by the node that sent it:
 * the gateway-events module records who sent what. `error` is the catalogue code when the
 * gateway refused or did not answer.
 */
export interface GatewayCommandEvent {
  mac: string;
  teamId: string | null;
  projectId: string | null;
  /** The protocol command (reboot, update, config.password…). */
  command: string;
  /** null: the server itself (an update queued by an administrator, sent on connect). */
  user: { id: string; email: string } | null;
  at: number;
  data?: GatewayEventData;
  error?: string;
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
  /** A command a user sent (the gateway actions): recorded in the gateway's history. */
  command: [GatewayCommandEvent];
  /** `nx/{mac}/pool` as the hub took it (the pool module stores it; issue 19). */
  pool: [{ gateway: { id: string; mac: string }; message: PoolMessage; at: number }];
  /** The pool module's live table of a gateway, for the realtime module's `poolnx:{mac}` room. */
  poolData: [PoolDataEvent];
  /** A fact this node recorded in a gateway's history (the gateway-events module), for its room. */
  gatewayEvent: [{ event: GatewayEvent; project: string }];
}

/**
 * Typed emitter between the hub, the alerts module and the realtime module, so none imports
 * another.
 */
export class HubEvents extends EventEmitter<HubEventMap> {}

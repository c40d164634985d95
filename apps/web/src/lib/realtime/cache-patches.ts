import type { GatewayDetails, GatewayItem } from '@atrium/contracts/gateway';
import type {
  GatewayInfoEvent,
  GatewayStateEvent,
  GatewayUpdateEvent,
} from '@atrium/contracts/hub';

/** A socket event applied to what the console has cached (docs/gateway-protocol.md). */
export type GatewayEvent =
  | { kind: 'state'; event: GatewayStateEvent }
  | { kind: 'info'; event: GatewayInfoEvent }
  | { kind: 'update'; event: GatewayUpdateEvent };

/** A gateway row of the table or the detail screen, after the event. */
export function patchItem(item: GatewayItem, e: GatewayEvent): GatewayItem {
  if (item.mac !== e.event.mac) return item;
  switch (e.kind) {
    case 'state':
      return { ...item, online: e.event.online };
    case 'info':
      return { ...item, version: e.event.version ?? item.version, protect: e.event.protect };
    case 'update':
      return {
        ...item,
        step: e.event.step,
        version: e.event.version ?? item.version,
        // The version event ends a queued update too.
        waitingUpdate: e.event.step === null && !e.event.error ? false : item.waitingUpdate,
      };
  }
}

/** The info table of the detail screen, after the event (updates do not change it). */
export function patchDetails(details: GatewayDetails, e: GatewayEvent): GatewayDetails {
  if (details.mac !== e.event.mac) return details;
  switch (e.kind) {
    case 'state':
      // The event carries only the timestamp that changed: the other one stays.
      return {
        ...details,
        online: e.event.online,
        lastOnline: e.event.lastOnline ?? details.lastOnline,
        lastConnection: e.event.lastConnection ?? details.lastConnection,
      };
    case 'info':
      return {
        ...details,
        ip: e.event.ip,
        volt: e.event.volt,
        busload: e.event.busload,
        protect: e.event.protect,
        vpn: e.event.vpn,
      };
    case 'update':
      return details;
  }
}

export const patchItems = (items: GatewayItem[], e: GatewayEvent): GatewayItem[] =>
  items.some((item) => item.mac === e.event.mac) ? items.map((item) => patchItem(item, e)) : items;

import { POOL_TYPES, type GatewayDetails, type GatewayItem } from '@atrium/contracts/gateway';
import { isGatewayType, parseAddons } from '../../lib/tenancy/stored-values';
import type { GatewayView } from './gateways.repository';

const flag = (v: number) => v === 1;
const isPoolType = (v: string | null): v is (typeof POOL_TYPES)[number] =>
  POOL_TYPES.some((t) => t === v);

/** The step of an update: "updating", "n/m", or -1 while booting (stored as text). */
const toStep = (step: string | null) => (step === '-1' ? -1 : step);

/** A gateway row as the console reads it; rows of an unknown type (none are stored) are skipped. */
export function toGatewayItem(g: GatewayView): GatewayItem | undefined {
  if (!isGatewayType(g.type)) return undefined;
  return {
    _id: g.id,
    project: g.project_id,
    projectName: g.project_name,
    name: g.name,
    mac: g.mac,
    sn: g.sn,
    type: g.type,
    version: g.version,
    online: flag(g.online),
    connection: flag(g.connection),
    virtual: g.virtual === 1 ? 1 : 0,
    initialized: flag(g.initialized),
    initpswds: flag(g.initpswds),
    waitingCerts: flag(g.waiting_certs),
    waitingUpdate: flag(g.waiting_update),
    step: toStep(g.step),
    pooltype: isPoolType(g.pooltype) ? g.pooltype : null,
    addons: parseAddons(g.project_addons),
    protect: flag(g.protect),
    pendingInit: flag(g.pending_init),
  };
}

export const toGatewayItems = (rows: GatewayView[]): GatewayItem[] =>
  rows.flatMap((g) => toGatewayItem(g) ?? []);

/** The info table of the gateway detail screen (document 1 §3, "Gateway info"). */
export function toGatewayDetails(g: GatewayView): GatewayDetails {
  return {
    _id: g.id,
    mac: g.mac,
    virtual: g.virtual === 1 ? 1 : 0,
    online: flag(g.online),
    protect: flag(g.protect),
    vpn: { online: flag(g.vpn_online), lastConnection: g.vpn_last_connection },
    lastOnline: g.last_online,
    lastConnection: g.last_connection,
    volt: g.volt,
    busload: g.busload,
    ip: g.ip,
  };
}

import type { GatewayType } from '@atrium/contracts/limits';
import type { GatewayTable } from '../../db/schema';
import { newId } from '../../lib/ids';

/** A gateway row with every flag off; `fields` sets the rest. */
export function newGatewayRow(
  fields: { mac: string; sn: string; type: GatewayType; name: string } & Partial<GatewayTable>,
): GatewayTable {
  const now = Date.now();
  return {
    id: newId(),
    team_id: null,
    project_id: null,
    version: null,
    waiting: 0,
    virtual: 0,
    online: 0,
    connection: 0,
    initialized: 0,
    pending_init: 0,
    initpswds: 0,
    waiting_certs: 0,
    waiting_update: 0,
    step: null,
    pooltype: null,
    protect: 0,
    secret_hash: null,
    ip: null,
    volt: null,
    busload: null,
    last_online: null,
    last_connection: null,
    vpn_online: 0,
    vpn_last_connection: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

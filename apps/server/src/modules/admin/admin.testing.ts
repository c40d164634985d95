import type { FastifyInstance } from 'fastify';
import { GATEWAY_TYPES } from '@atrium/contracts/limits';
import { modulesOf } from '../../../test/test-server';
import { newGatewayRow } from '../gateways/gateway-rows';

/** The MAC of the i-th gateway of a synthetic fleet: 12 hex digits, in the order of i. */
export const fleetMac = (i: number) => `f1${i.toString(16).padStart(10, '0')}`;

/**
 * Inserts `n` gateways in one transaction (chunked inserts): types in turn, one in three
 * online, versions 8.4.0 and 8.5.0 alternating every five, names "Fleet gateway <i>".
 * The first `inTeam` go to the given team and project.
 */
export async function insertFleet(
  app: FastifyInstance,
  n: number,
  owner?: { teamId: string; projectId: string; count: number },
) {
  const rows = Array.from({ length: n }, (_, i) =>
    newGatewayRow({
      mac: fleetMac(i),
      sn: `SN${String(i).padStart(6, '0')}`,
      type: GATEWAY_TYPES[i % GATEWAY_TYPES.length]!,
      name: `Fleet gateway ${i}`,
      version: Math.floor(i / 5) % 2 === 0 ? '8.4.0' : '8.5.0',
      online: i % 3 === 0 ? 1 : 0,
      ...(owner && i < owner.count
        ? { team_id: owner.teamId, project_id: owner.projectId }
        : { waiting: 1 }),
    }),
  );
  await modulesOf(app).gateways.repo.insert(rows);
  return rows;
}

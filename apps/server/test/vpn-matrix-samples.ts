import type { FastifyInstance } from 'fastify';
import { newId } from '../src/lib/ids';
import { createGateway } from './fixtures';
import type { MatrixFixture, Sample } from './matrix-fixtures';
import { modulesOf } from './test-server';
import { openSessionRow } from './vpn-helpers';

/** A non-virtual 8.5 gateway of the matrix project with a live session, forwarding a custom proxy. */
export interface VpnFixture {
  live: { id: string; mac: string };
}

export async function seedVpnSession(
  app: FastifyInstance,
  teamId: string,
  projectId: string,
): Promise<VpnFixture> {
  const live = await createGateway(app, {
    team_id: teamId,
    project_id: projectId,
    version: '8.5.0',
  });
  const repo = modulesOf(app).vpn.repo;
  const now = Date.now();
  const session = await openSessionRow(app, live, { id: 'matrix', team: teamId });
  await repo.setForwards(session, ['config', 'custom']);
  await repo.saveCustomProxy(
    live.id,
    'http://192.168.1.20/',
    `cp-${newId().slice(0, 16).toLowerCase()}`,
    now,
  );
  return { live };
}

/** One sample per route of the VPN service (document 3 §7). */
export const VPN_SAMPLES: Record<string, (f: MatrixFixture) => Sample> = {
  'GET /api/vpn/status/:mac': (f) => ({ params: { mac: f.vpn.live.mac } }),
  // The demo gateway's in-process agent connects its tunnel at once.
  'POST /api/vpn/open/:mac': (f) => ({
    params: { mac: f.hub.demo.mac },
    payload: { delay: 7_200_000 },
  }),
  'GET /api/vpn/disconnect/:mac': (f) => ({ params: { mac: f.hub.demo.mac } }),
  'GET /api/vpn/proxy/id/:id': (f) => ({ params: { id: f.vpn.live.id } }),
  'GET /api/vpn/proxy/ets/create/:id': (f) => ({
    params: { id: f.vpn.live.id },
    query: { ipv6: 'false' },
  }),
  'GET /api/vpn/proxy/ets/port/:id': (f) => ({ params: { id: f.vpn.live.mac } }),
  'GET /api/vpn/custom-proxy/:id': (f) => ({ params: { id: f.vpn.live.id } }),
  'POST /api/vpn/custom-proxy/:id': (f) => ({
    params: { id: f.vpn.live.id },
    payload: { url: 'http://192.168.1.21:8080/' },
  }),
  'GET /api/vpn/log/:id': (f) => ({ params: { id: f.vpn.live.id } }),
};

import type { FastifyInstance } from 'fastify';
import { createGateway } from './fixtures';
import type { MatrixFixture, Sample } from './matrix-fixtures';

/** Demo gateways of the matrix project: in-process agents, so commands answer at once. */
export interface HubFixture {
  demo: { id: string; mac: string };
  demoPool: { mac: string };
  demoTarget: { mac: string };
}

export async function seedHubDemos(
  app: FastifyInstance,
  teamId: string,
  projectId: string,
): Promise<HubFixture> {
  const demo = (type: 'kloudnx' | 'poolnx') =>
    createGateway(app, { team_id: teamId, project_id: projectId, virtual: 1, online: 1, type });
  return {
    demo: await demo('kloudnx'),
    demoPool: await demo('poolnx'),
    demoTarget: await demo('kloudnx'),
  };
}

const ids = { username: 'matrix1', password: 'Matrix2026' };

/** One sample per gateway-hub route under /api/gateway and /api/information (and the token routes). */
export const HUB_SAMPLES: Record<string, (f: MatrixFixture) => Sample> = {
  'GET /api/gateway/reboot/:id': (f) => ({ params: { id: f.hub.demo.id } }),
  'POST /api/gateway/initpasswords/:id': (f) => ({
    params: { id: f.hub.demo.mac },
    payload: { config: ids },
  }),
  'POST /api/gateway/config/password/:id': (f) => ({ params: { id: f.hub.demo.id }, payload: ids }),
  'POST /api/gateway/nodered/password/:id': (f) => ({
    params: { id: f.hub.demo.id },
    payload: { password: ids.password },
  }),
  'GET /api/gateway/nodered/restart/:id': (f) => ({ params: { id: f.hub.demo.id } }),
  'GET /api/gateway/nodered/update/:id': (f) => ({ params: { id: f.hub.demo.id } }),
  'POST /api/gateway/pool/type/:id': (f) => ({
    params: { id: f.hub.demoPool.mac },
    payload: { pool: 'poolcop' },
  }),
  'GET /api/gateway/update/:id/:branch': (f) => ({ params: { id: f.hub.demo.id, branch: 'MAIN' } }),
  'POST /api/gateway/export/config': (f) => ({
    payload: { from: f.hub.demo.mac, to: f.hub.demoTarget.mac },
    bodyScope: 'edit',
  }),
  'POST /api/gateway/token/generate/:id': (f) => ({
    params: { id: f.hub.demo.id },
    payload: { type: 'klocknx' },
  }),
  'GET /api/klocknx/token/:a/:b': (f) => ({ params: { a: f.project.id, b: f.hub.demo.mac } }),
  'GET /api/klocknx/permaToken/:a/:b': (f) => ({ params: { a: f.project.id, b: f.hub.demo.mac } }),
  'POST /api/klocknx/permaToken/generate/:a/:b': (f) => ({
    params: { a: f.project.id, b: f.hub.demo.mac },
  }),
  'DELETE /api/klocknx/permaToken/:a/:b': (f) => ({
    params: { a: f.project.id, b: f.hub.demo.mac },
  }),
  'GET /api/emergynx/token/:a/:b': (f) => ({ params: { a: f.project.id, b: f.hub.demo.mac } }),
  'GET /api/emergynx/permaToken/:a/:b': (f) => ({ params: { a: f.project.id, b: f.hub.demo.mac } }),
  'POST /api/emergynx/permaToken/generate/:a/:b': (f) => ({
    params: { a: f.project.id, b: f.hub.demo.mac },
  }),
  'DELETE /api/emergynx/permaToken/:a/:b': (f) => ({
    params: { a: f.project.id, b: f.hub.demo.mac },
  }),
  'POST /api/information/update': () => ({
    query: { type: 'grafnx', version: '1.3.0' },
    csv: 'firmware bytes',
  }),
  'GET /api/hub/stats': () => ({}),
  // Public: the signed URL is the credential (not part of the signed-in matrix).
  'GET /api/hub/firmware/:id': () => ({ params: { id: 'x0' }, query: { token: 'x' } }),
};

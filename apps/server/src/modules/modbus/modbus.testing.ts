import type { FastifyInstance } from 'fastify';
import { readSpec } from '@atrium/gateway-agent/modbus-values.testing';
import { addViewer, createGateway, createProject } from '../../../test/fixtures';
import { bearer, createUser, type TestUser } from '../../../test/test-server';

// Test helpers only: route bodies and a team with a project and its gateways.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An authenticated call; `payload` is sent as JSON. */
export const call = (
  app: FastifyInstance,
  user: TestUser,
  method: Method,
  url: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: bearer(user.token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** An error reply as [status, code]. */
export const codeOf = (res: { statusCode: number; json: <T>() => T }) => [
  res.statusCode,
  res.json<{ code: string }>().code,
];

/** A meter body on `mac` (192.168.1.50:502 unless told). */
export const meterBody = (mac: string, over: object = {}) => ({
  gatewayMac: mac,
  name: 'Main meter',
  network: { ip: '192.168.1.50', port: 502 },
  ...over,
});

/** A value body of `meterId`: one FLOAT32 at 3000 unless `options` (valid or not) tells. */
export const valueBody = (meterId: string, over: object = {}, options: object = {}) => ({
  meterId,
  name: 'Voltage',
  unit: 'V',
  options: { ...readSpec(), ...options },
  ...over,
});

/** An owner (user rank), a viewer of the same team, a project with a kloudnx and a poolnx. */
export async function modbusTeam(app: FastifyInstance) {
  const owner = await createUser(app, 'user');
  const viewer = await createUser(app, 'viewer', owner.team);
  const project = await createProject(app, owner.team);
  await addViewer(app, project.id, viewer.id);
  const gw = await createGateway(app, { team_id: owner.team, project_id: project.id });
  const pool = await createGateway(app, {
    team_id: owner.team,
    project_id: project.id,
    type: 'poolnx',
  });
  return { owner, viewer, project, gw, pool };
}

/** A creator of meters or of values: POST as `user`, failing unless answered 200; the id. */
const creator =
  (item: 'meter' | 'value') =>
  async (app: FastifyInstance, user: TestUser, projectId: string, body: object) => {
    const res = await call(app, user, 'POST', `/api/project/modbus/${item}/${projectId}`, body);
    if (res.statusCode !== 200) throw new Error(`${item}: ${res.statusCode} ${res.body}`);
    return res.json<Record<typeof item, { id: string }>>()[item].id;
  };

/** Creates a meter as `user`, failing unless answered 200; its id. */
export const addMeter = creator('meter');
/** Creates a value as `user`, failing unless answered 200; its id. */
export const addValue = creator('value');

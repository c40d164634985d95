import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { addViewer, createGateway, createProject, multipartFile } from '../../../test/fixtures';
import { ETS_XML } from '../../../test/monitoring-fixtures';
import { bearer, createUser, type TestUser } from '../../../test/test-server';

// Test helpers only: a team with a project and gateways, ETS fixtures, authenticated calls.

/** An ETS fixture of packages/knx, written by hand in the formats of shared/domain. */
export const knxFixture = (name: string): Buffer =>
  readFileSync(new URL(`../../../../../packages/knx/test/fixtures/${name}`, import.meta.url));

/** A user of a new team, a project of that team with two gateways, and a viewer of the team. */
export async function monitoringTeam(app: FastifyInstance) {
  const owner = await createUser(app, 'user');
  const viewer = await createUser(app, 'viewer', owner.team);
  const project = await createProject(app, owner.team);
  await addViewer(app, project.id, viewer.id);
  const gw1 = await createGateway(app, { team_id: owner.team, project_id: project.id });
  const gw2 = await createGateway(app, { team_id: owner.team, project_id: project.id });
  return { owner, viewer, project, gw1, gw2 };
}

type Method = 'GET' | 'POST' | 'DELETE';

/** A JSON call as `user`. */
export const call = (
  app: FastifyInstance,
  user: TestUser,
  method: Method,
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

/** Uploads a file as the multipart part `file`. */
export function upload(
  app: FastifyInstance,
  user: TestUser,
  url: string,
  filename: string,
  content: string | Buffer,
) {
  const { payload, headers } = multipartFile(filename, content);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...bearer(user.token) },
  });
}

/** A monitoring team whose project has the ETS fixture (1/1/1-1/1/5), and a monitored setter. */
export async function monitoringTeamWithEts(app: FastifyInstance) {
  const team = await monitoringTeam(app);
  const url = `/api/project/ets/update/${team.project.id}`;
  const res = await upload(app, team.owner, url, 'a.xml', ETS_XML);
  if (res.statusCode !== 200) throw new Error(`ETS upload failed: ${res.body}`);
  const set = (mac: string, monitor: object[]) =>
    call(app, team.owner, 'POST', `/api/gateway/monitored/${mac}`, { monitor });
  return { ...team, set };
}

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { GatewayType } from '@atrium/contracts/limits';
import type { GatewayTable } from '../src/db/schema';
import { newGatewayRow } from '../src/modules/gateways/gateway-rows';
import { newProjectRow } from '../src/modules/projects/project-view';
import { bearer, modulesOf, type TestUser } from './test-server';

/** A random MAC in the stored form. */
export const randomMac = () => randomBytes(6).toString('hex');
/** A random serial number of 8 uppercase characters. */
export const randomSerial = () => randomBytes(4).toString('hex').toUpperCase();

/** A project of the team, inserted through the repository. */
export async function createProject(
  app: FastifyInstance,
  teamId: string,
  name = `P ${randomMac()}`,
) {
  const row = newProjectRow(teamId, name);
  await modulesOf(app).projects.repo.insert([row]);
  return row;
}

/** Grants a user viewer on a project (a team's viewer rank reads only such projects). */
export async function addViewer(app: FastifyInstance, projectId: string, userId: string) {
  await modulesOf(app).projects.repo.addViewer(projectId, userId);
}

/** A gateway (by default on the team's account, in no project). */
export async function createGateway(
  app: FastifyInstance,
  fields: Partial<GatewayTable> & { type?: GatewayType } = {},
) {
  const row = newGatewayRow({
    mac: randomMac(),
    sn: randomSerial(),
    type: 'kloudnx',
    name: `GW ${randomMac().slice(0, 6)}`,
    version: '8.5.0',
    ...fields,
  });
  await modulesOf(app).gateways.repo.insert([row]);
  return row;
}

/** A multipart/form-data body with one file, as a browser sends it. */
export function multipartFile(filename: string, content: string | Buffer) {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: text/csv\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type Method = 'GET' | 'POST' | 'DELETE';

/** An authenticated call; `payload` is sent as JSON. */
export const callAs =
  (app: FastifyInstance) => (user: TestUser, method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

/** Uploads a CSV file as `user`. */
export const uploadAs =
  (app: FastifyInstance) =>
  (user: TestUser, url: string, filename: string, content: string | Buffer) => {
    const { payload, headers } = multipartFile(filename, content);
    return app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, ...bearer(user.token) },
    });
  };

import { createHash } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../../../test/fixtures';
import {
  consoleSocket,
  startAgent,
  startHubWithProject,
  storedGateway,
  waitFor,
  type HubWithProject,
} from '../../../../test/hub-helpers';
import { bearer, createUser, type TestServer, type TestUser } from '../../../../test/test-server';

let t: TestServer;
let admin: TestUser;
let owner: TestUser;
let project: { id: string };
let broker: string;
let baseUrl: string;
let dataDir: string;
let newGateway: HubWithProject['newGateway'];

beforeAll(async () => {
  ({ t, baseUrl, broker, owner, project, newGateway } = await startHubWithProject());
  // The test server's own DATA_DIR, which its close() removes.
  dataDir = t.dataDir;
  admin = await createUser(t.app, 'admin');
});
afterAll(() => t.close());

const as = (user: TestUser) => (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

async function uploadFirmware(type: string, version: string, content: Buffer) {
  const { payload, headers } = multipartFile(`fw-${version}.bin`, content);
  return t.app.inject({
    method: 'POST',
    url: `/api/information/update?type=${type}&version=${version}`,
    payload,
    headers: { ...headers, ...bearer(admin.token) },
  });
}

async function onlineAgent(type: 'kloudnx' | 'poolnx' = 'kloudnx') {
  const gw = await newGateway({ type, version: '8.4.0' });
  const agent = startAgent(broker, { ...gw, type });
  await waitFor(() => t.modules.hub.service.presence.isOnline(gw.mac));
  return { gw, agent };
}

describe('firmware upload and update', () => {
  it('stores the upload with its SHA-256 (admin only)', async () => {
    const image = Buffer.from('firmware image 8.5.0');
    const res = await uploadFirmware('kloudnx', '8.5.0', image);
    expect(res.statusCode).toBe(201);
    const sha = createHash('sha256').update(image).digest('hex');
    expect(res.json()).toMatchObject({
      firmware: { type: 'kloudnx', version: '8.5.0', sha256: sha, size: image.length },
    });
    expect(readdirSync(join(dataDir, 'firmware')).some((f) => f.startsWith('kloudnx-8.5.0'))).toBe(
      true,
    );
    const { payload, headers } = multipartFile('x.bin', image);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/information/update?type=kloudnx&version=8.5.0',
      payload,
      headers: { ...headers, ...bearer(owner.token) },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('updates: the gateway downloads and checks the file, reports n/m, -1, then the new version', async () => {
    await uploadFirmware('kloudnx', '8.5.0', Buffer.from('firmware image 8.5.0'));
    const { gw, agent } = await onlineAgent();
    const { socket } = await consoleSocket(baseUrl, owner.token, project.id);
    const steps: unknown[] = [];
    socket.on('gateway:update', (e: { mac: string; step: unknown; version: string }) => {
      if (e.mac === gw.mac) steps.push(e.step ?? e.version);
    });
    const res = await as(owner)('GET', `/api/gateway/update/${gw.mac}/MAIN`);
    expect(res.json()).toEqual({ message: 'updateCommandSent' });
    await waitFor(() => steps.includes('8.5.0'), 15_000);
    expect(steps).toEqual(['updating', '1/3', '2/3', '3/3', -1, '8.5.0']);
    expect(await storedGateway(t.app, gw.mac)).toMatchObject({ version: '8.5.0', step: null });
    socket.close();
    await agent.stop();
  });

  it('refuses a file whose SHA-256 does not match, with the gateway error code', async () => {
    await uploadFirmware('kloudnx', '8.5.0', Buffer.from('firmware image 8.5.0'));
    const file = readdirSync(join(dataDir, 'firmware')).find((f) => f.startsWith('kloudnx-8.5.0'));
    writeFileSync(join(dataDir, 'firmware', file ?? 'x'), 'tampered');
    const { gw, agent } = await onlineAgent();
    const res = await as(owner)('GET', `/api/gateway/update/${gw.mac}/main`);
    expect(res.json()).toMatchObject({
      statusCode: 422,
      code: 'gatewayRefused',
      reason: 'firmwareChecksumMismatch',
    });
    expect(await storedGateway(t.app, gw.mac)).toMatchObject({ version: '8.4.0', step: null });
    await agent.stop();
  });

  it('keeps beta for administrators and answers firmwareNotFound without a file', async () => {
    const { gw, agent } = await onlineAgent();
    expect((await as(owner)('GET', `/api/gateway/update/${gw.mac}/BETA`)).statusCode).toBe(403);
    const none = await as(admin)('GET', `/api/gateway/update/${gw.mac}/beta`);
    expect(none.json()).toMatchObject({ statusCode: 404, code: 'firmwareNotFound' });
    expect((await as(admin)('GET', `/api/gateway/update/${gw.mac}/nightly`)).statusCode).toBe(400);
    await agent.stop();
  });

  it("queues an administrator's update of an offline gateway until it connects", async () => {
    await uploadFirmware('kloudnx', '8.5.0', Buffer.from('firmware image 8.5.0'));
    const gw = await newGateway({ version: '8.4.0' });
    expect((await as(owner)('GET', `/api/gateway/update/${gw.mac}/MAIN`)).statusCode).toBe(409);
    expect((await as(admin)('GET', `/api/gateway/update/${gw.mac}/MAIN`)).json()).toEqual({
      message: 'updateQueued',
    });
    expect(await storedGateway(t.app, gw.mac)).toMatchObject({ waiting_update: 1 });
    const agent = startAgent(broker, { ...gw, type: 'kloudnx' });
    await waitFor(async () => (await storedGateway(t.app, gw.mac)).version === '8.5.0', 15_000);
    expect(await storedGateway(t.app, gw.mac)).toMatchObject({ waiting_update: 0, step: null });
    await agent.stop();
  });
});

describe('other commands', () => {
  it('runs the password wizard, ID changes, flow-editor restart and update', async () => {
    const { gw, agent } = await onlineAgent();
    const call = as(owner);
    const ids = { username: 'admin1', password: 'Passw0rdA' };
    expect(
      (
        await call('POST', `/api/gateway/initpasswords/${gw.mac}`, { config: ids, nodered: ids })
      ).json(),
    ).toEqual({ message: 'changeSuccess' });
    expect(await storedGateway(t.app, gw.mac)).toMatchObject({ initpswds: 1 });
    expect(
      (
        await call('POST', `/api/gateway/config/password/${gw.mac}`, {
          username: 'a',
          password: 'weak',
        })
      ).statusCode,
    ).toBe(400);
    expect((await call('POST', `/api/gateway/config/password/${gw.mac}`, ids)).json()).toEqual({
      message: 'idModified',
    });
    expect(
      (
        await call('POST', `/api/gateway/nodered/password/${gw.mac}`, { password: 'Passw0rdB' })
      ).json(),
    ).toEqual({ message: 'idModified' });
    expect((await call('GET', `/api/gateway/nodered/restart/${gw.mac}`)).json()).toEqual({
      message: 'noderedRestarting',
    });
    expect((await call('GET', `/api/gateway/nodered/update/${gw.mac}`)).json()).toEqual({
      message: 'updatingNodered',
    });
    const pool = await call('POST', `/api/gateway/pool/type/${gw.mac}`, { pool: 'poolcop' });
    expect(pool.json()).toMatchObject({
      statusCode: 422,
      code: 'gatewayRefused',
      reason: 'unsupported',
    });
    await agent.stop();
  });

  it('changes the pool type of a poolnx, transfers a configuration, and manages link tokens', async () => {
    const { gw: pool, agent: poolAgent } = await onlineAgent('poolnx');
    const { gw, agent } = await onlineAgent();
    const call = as(owner);
    expect(
      (await call('POST', `/api/gateway/pool/type/${pool.mac}`, { pool: 'poolcop' })).json(),
    ).toEqual({ message: 'success' });
    expect(await storedGateway(t.app, pool.mac)).toMatchObject({ pooltype: 'poolcop' });
    poolAgent.state.monitor = [{ ga: '1/1/1', dpt: '1.001' }];
    expect(
      (await call('POST', '/api/gateway/export/config', { from: pool.mac, to: gw.mac })).json(),
    ).toEqual({ message: 'success' });
    expect(agent.state.monitor).toEqual([{ ga: '1/1/1', dpt: '1.001' }]);
    const short = await call('GET', `/api/klocknx/token/${project.id}/${gw.mac}`);
    expect(agent.state.tokens.get('klocknx')).toBe(short.json<{ token: string }>().token);
    expect((await call('GET', `/api/klocknx/permaToken/${project.id}/${gw.mac}`)).json()).toEqual({
      token: null,
    });
    const perma = (
      await call('POST', `/api/klocknx/permaToken/generate/${project.id}/${gw.mac}`)
    ).json<{ token: string }>();
    expect((await call('GET', `/api/klocknx/permaToken/${project.id}/${gw.mac}`)).json()).toEqual(
      perma,
    );
    expect(
      (await call('DELETE', `/api/klocknx/permaToken/${project.id}/${gw.mac}`)).json(),
    ).toEqual({ message: 'success' });
    expect((await call('GET', `/api/emergynx/permaToken/${project.id}/${gw.mac}`)).json()).toEqual({
      token: null,
    });
    expect((await call('GET', `/api/klocknx/token/other-project/${gw.mac}`)).statusCode).toBe(404);
    await Promise.all([agent.stop(), poolAgent.stop()]);
  });

  it('runs demo gateways in the server: a reboot goes offline then online', async () => {
    const demo = await as(owner)('POST', '/api/gateway/virtual', { project: project.id });
    const { mac } = demo.json<{ gateway: { mac: string } }>().gateway;
    expect((await as(owner)('GET', `/api/gateway/reboot/${mac}`)).json()).toEqual({
      message: 'rebootSuccess',
    });
    await waitFor(() => !t.modules.hub.service.presence.isOnline(mac));
    await waitFor(() => t.modules.hub.service.presence.isOnline(mac), 8_000);
  });

  it('sends init to an online gateway at once, and to an offline one when it connects', async () => {
    const { gw, agent } = await onlineAgent();
    await as(owner)('GET', `/api/gateway/init/${gw.mac}`);
    expect(await storedGateway(t.app, gw.mac)).toMatchObject({ initialized: 1, pending_init: 0 });
    await agent.stop();
    const later = await newGateway();
    await as(owner)('GET', `/api/gateway/init/${later.mac}`);
    expect(await storedGateway(t.app, later.mac)).toMatchObject({ pending_init: 1 });
    const agent2 = startAgent(broker, { ...later, type: 'kloudnx' });
    await waitFor(async () => (await storedGateway(t.app, later.mac)).pending_init === 0);
    await agent2.stop();
  });
});

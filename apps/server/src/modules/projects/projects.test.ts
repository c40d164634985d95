import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectItem } from '@atrium/contracts/project';
import { callAs, createGateway, createProject } from '../../../test/fixtures';
import { createUser, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let call: ReturnType<typeof callAs>;
beforeAll(async () => {
  t = await startTestServer();
  call = callAs(t.app);
});
afterAll(() => t.close());

const listOf = async (user: Parameters<typeof call>[0]) => {
  const res = await call(user, 'GET', '/api/project');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  return res.json<{ projects: ProjectItem[] }>().projects;
};

describe('projects list', () => {
  it('lists the team’s projects with role, gateways summary, indicators and defaults', async () => {
    const boss = await createUser(t.app, 'supervisor');
    const eye = await createUser(t.app, 'viewer', boss.team);
    const all = await createProject(t.app, boss.team, 'All online');
    const some = await createProject(t.app, boss.team, 'Some online');
    await createProject(t.app, boss.team, 'Empty');
    await createGateway(t.app, {
      team_id: boss.team,
      project_id: all.id,
      online: 1,
      name: 'a1',
      type: 'poolnx',
    });
    await createGateway(t.app, { team_id: boss.team, project_id: all.id, online: 1, name: 'a2' });
    await createGateway(t.app, {
      team_id: boss.team,
      project_id: some.id,
      online: 1,
      connection: 1,
    });
    await createGateway(t.app, { team_id: boss.team, project_id: some.id, online: 0 });
    // Another team's project never shows.
    const stranger = await createUser(t.app, 'supervisor');
    await createProject(t.app, stranger.team, 'Foreign');

    const list = await listOf(boss);
    expect(list.map((p) => p.name)).toEqual(['All online', 'Empty', 'Some online']);
    const [first, empty, second] = list;
    expect(first).toMatchObject({
      role: 'owner',
      online: 2,
      connection: false,
      team: boss.team,
      licences: { bossnx: 0, chartnx: 0 },
      logger: {
        subscription: 'free',
        retention: 'monthly',
        endlogdate: 1,
        pause: false,
        status: 'active',
        vpn: 2,
        address: 50,
      },
      notification: { email: { enabled: false }, pushover: { enabled: false } },
      features: [],
    });
    expect(first?.gateways).toEqual([
      {
        mac: expect.stringMatching(/^[0-9a-f]{12}$/),
        name: 'a1',
        type: 'poolnx',
        online: true,
        connection: false,
        version: '8.5.0',
        project: all.id,
      },
      expect.objectContaining({ name: 'a2' }),
    ]);
    expect(empty).toMatchObject({ online: 0, connection: false, gateways: [] });
    expect(second).toMatchObject({ online: 1, connection: true });

    // The viewer rank reads only the projects shared with it, with the role viewer.
    expect(await listOf(eye)).toEqual([]);
    await call(boss, 'POST', `/api/project/viewer/add/${all.id}`, { email: eye.email });
    await call(boss, 'POST', `/api/project/viewer/add/${some.id}`, { email: eye.email });
    expect((await listOf(eye)).map((p) => [p.name, p.role, p.gateways.length])).toEqual([
      ['All online', 'viewer', 2],
      ['Some online', 'viewer', 2],
    ]);
  });

  it('keeps a new project of the team from its viewer until it is shared, then read-only (decision 0024)', async () => {
    const manager = await createUser(t.app, 'manager');
    const viewer = await createUser(t.app, 'viewer', manager.team);
    const created = await call(manager, 'POST', '/api/project/create', { name: 'Fresh' });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ project: ProjectItem }>().project._id;
    const gw = await createGateway(t.app, { team_id: manager.team, project_id: id });
    const stray = await createGateway(t.app, { team_id: manager.team });

    // Not shared: absent from the list, 404 on the project, its gateways and the account's.
    expect(await listOf(viewer)).toEqual([]);
    expect((await call(viewer, 'GET', `/api/project/${id}`)).statusCode).toBe(404);
    expect((await call(viewer, 'GET', `/api/gateway/${id}`)).statusCode).toBe(404);
    expect((await call(viewer, 'GET', `/api/gateway/details/${gw.mac}`)).statusCode).toBe(404);
    const account = await call(viewer, 'GET', '/api/gateway');
    expect(account.json<{ gateways: unknown[] }>().gateways).toEqual([]);

    // Shared through the viewers dialog's route: listed, readable, still read-only.
    const add = await call(manager, 'POST', `/api/project/viewer/add/${id}`, {
      email: viewer.email,
    });
    expect(add.statusCode).toBe(200);
    expect((await listOf(viewer)).map((p) => [p.name, p.role])).toEqual([['Fresh', 'viewer']]);
    expect((await call(viewer, 'GET', `/api/project/${id}`)).statusCode).toBe(200);
    expect((await call(viewer, 'GET', `/api/gateway/${id}`)).statusCode).toBe(200);
    expect((await call(viewer, 'GET', `/api/gateway/details/${gw.mac}`)).statusCode).toBe(200);
    const macs = (await call(viewer, 'GET', '/api/gateway'))
      .json<{ gateways: { mac: string }[] }>()
      .gateways.map((g) => g.mac);
    expect(macs).toEqual([gw.mac]);
    expect(macs).not.toContain(stray.mac);
    const rename = await call(viewer, 'POST', `/api/project/rename/${id}`, { name: 'No' });
    expect(rename.statusCode).toBe(403);
    const gwRename = await call(viewer, 'POST', `/api/gateway/rename/${gw.id}`, { name: 'No' });
    expect(gwRename.statusCode).toBe(403);
  });

  it('shows changes at once (the cached list follows every write)', async () => {
    const boss = await createUser(t.app, 'manager');
    const p = await createProject(t.app, boss.team, 'Before');
    expect((await listOf(boss)).map((x) => x.name)).toEqual(['Before']);
    await call(boss, 'POST', `/api/project/rename/${p.id}`, { name: 'After' });
    const gw = await createGateway(t.app, { team_id: boss.team, project_id: p.id });
    expect((await listOf(boss)).map((x) => [x.name, x.gateways.length])).toEqual([['After', 1]]);
    await call(boss, 'POST', `/api/gateway/rename/${gw.id}`, { name: 'Renamed' });
    expect((await listOf(boss))[0]?.gateways[0]?.name).toBe('Renamed');
  });

  it('gives administrators every project', async () => {
    const admin = await createUser(t.app, 'admin');
    const other = await createUser(t.app, 'user');
    const p = await createProject(t.app, other.team, 'Customer project');
    const list = await listOf(admin);
    expect(list.find((x) => x._id === p.id)).toMatchObject({ role: 'owner' });
  });
});

describe('one project', () => {
  it('gets a project of the team and 404s for another team’s', async () => {
    const boss = await createUser(t.app, 'user');
    const stranger = await createUser(t.app, 'supervisor');
    const p = await createProject(t.app, boss.team, 'Mine');
    const res = await call(boss, 'GET', `/api/project/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ project: { _id: p.id, name: 'Mine', role: 'owner' } });
    const foreign = await call(stranger, 'GET', `/api/project/${p.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'notFound' });
    expect(foreign.body).not.toContain('Mine');
    expect((await call(boss, 'GET', '/api/project/nope')).statusCode).toBe(404);
  });

  it('lists the features the list filters on', async () => {
    const u = await createUser(t.app, 'viewer');
    const res = await call(u, 'GET', '/api/project/features');
    expect(res.json()).toEqual({
      features: ['monitoring', 'notification', 'bossnx', 'chartnx', 'vpn', 'emergynx', 'klocknx'],
    });
  });
});

describe('create, rename, delete', () => {
  it('creates a project, refusing a name the team already uses in any case', async () => {
    const boss = await createUser(t.app, 'supervisor');
    const created = await call(boss, 'POST', '/api/project/create', { name: '  Villa Rose ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      project: { name: 'Villa Rose', role: 'owner', online: 0, gateways: [] },
    });
    const dup = await call(boss, 'POST', '/api/project/create', { name: 'VILLA ROSE' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'projectNameAlreadyInUse' });
    // Another team may use the same name.
    const other = await createUser(t.app, 'user');
    expect(
      (await call(other, 'POST', '/api/project/create', { name: 'Villa Rose' })).statusCode,
    ).toBe(201);
    expect(await listOf(boss)).toHaveLength(1);
  });

  it('refuses empty and over-long names', async () => {
    const boss = await createUser(t.app, 'manager');
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const res = await call(boss, 'POST', '/api/project/create', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalidName',
        details: [{ message: 'invalidName' }],
      });
    }
    expect(await listOf(boss)).toEqual([]);
  });

  it('renames, refusing a name in use and an empty one', async () => {
    const boss = await createUser(t.app, 'manager');
    const a = await createProject(t.app, boss.team, 'Alpha');
    await createProject(t.app, boss.team, 'Beta');
    const ok = await call(boss, 'POST', `/api/project/rename/${a.id}`, { name: 'ALPHA' });
    expect(ok.json()).toMatchObject({ project: { name: 'ALPHA' } });
    const taken = await call(boss, 'POST', `/api/project/rename/${a.id}`, { name: 'beta' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'projectNameAlreadyInUse' });
    const empty = await call(boss, 'POST', `/api/project/rename/${a.id}`, { name: '' });
    expect(empty.json()).toMatchObject({
      statusCode: 400,
      details: [{ message: 'invalidRename' }],
    });
  });

  it('deletes a project; its gateways stay on the account, unlinked', async () => {
    const boss = await createUser(t.app, 'manager');
    const p = await createProject(t.app, boss.team, 'Doomed');
    const gw = await createGateway(t.app, { team_id: boss.team, project_id: p.id });
    const res = await call(boss, 'DELETE', `/api/project/delete/${p.id}`);
    expect(res.json()).toEqual({ message: 'deletedProject' });
    expect(await listOf(boss)).toEqual([]);
    const account = await call(boss, 'GET', '/api/gateway');
    expect(account.json()).toMatchObject({ gateways: [{ _id: gw.id, project: null }] });
    expect((await call(boss, 'DELETE', `/api/project/delete/${p.id}`)).statusCode).toBe(404);
  });

  it('keeps the rank rules: users may not delete, admins may not create, viewers change nothing', async () => {
    const user = await createUser(t.app, 'user');
    const p = await createProject(t.app, user.team, 'Kept');
    expect((await call(user, 'DELETE', `/api/project/delete/${p.id}`)).statusCode).toBe(403);
    const admin = await createUser(t.app, 'admin');
    expect((await call(admin, 'POST', '/api/project/create', { name: 'X' })).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/project/delete/${p.id}`)).statusCode).toBe(200);
    const viewer = await createUser(t.app, 'viewer', user.team);
    const q = await createProject(t.app, user.team, 'Read only');
    await call(user, 'POST', `/api/project/viewer/add/${q.id}`, { email: viewer.email });
    expect(
      (await call(viewer, 'POST', `/api/project/rename/${q.id}`, { name: 'no' })).statusCode,
    ).toBe(403);
  });
});

describe('the list on the wire', () => {
  it('is gzipped for clients that accept it, with the same content', async () => {
    const boss = await createUser(t.app, 'supervisor');
    const p = await createProject(t.app, boss.team, 'Zipped');
    for (let i = 0; i < 20; i++)
      await createGateway(t.app, { team_id: boss.team, project_id: p.id });
    const plain = await call(boss, 'GET', '/api/project');
    const zipped = await t.app.inject({
      url: '/api/project',
      headers: { authorization: `Bearer ${boss.token}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const table = await t.app.inject({
      url: `/api/gateway/${p.id}`,
      headers: { authorization: `Bearer ${boss.token}`, 'accept-encoding': 'gzip' },
    });
    expect(JSON.parse(gunzipSync(table.rawPayload).toString())).toMatchObject({
      gateways: expect.any(Array),
    });
  });

  it('joins the team’s projects and those the caller views for another team', async () => {
    const boss = await createUser(t.app, 'manager');
    const other = await createUser(t.app, 'manager');
    await createProject(t.app, boss.team, 'Own');
    const theirs = await createProject(t.app, other.team, 'Theirs');
    await call(other, 'POST', `/api/project/viewer/add/${theirs.id}`, { email: boss.email });
    const list = await listOf(boss);
    expect(list.map((p) => [p.name, p.role])).toEqual([
      ['Own', 'owner'],
      ['Theirs', 'viewer'],
    ]);
  });
});

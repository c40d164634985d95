import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMac } from '@atrium/contracts/gateway';
import { callAs, createGateway, createProject, randomMac } from '../../../test/fixtures';
import { createUser, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let call: ReturnType<typeof callAs>;
beforeAll(async () => {
  t = await startTestServer();
  call = callAs(t.app);
});
afterAll(() => t.close());

const projectOf = (id: string) => t.modules.projects.repo.findById(id);

describe('link and unlink gateways', () => {
  it('links the account’s gateways by MAC in any form, cutting names to 20 characters', async () => {
    const boss = await createUser(t.app, 'user');
    const p = await createProject(t.app, boss.team);
    const a = await createGateway(t.app, {
      team_id: boss.team,
      name: 'A name of thirty characters!!',
    });
    const b = await createGateway(t.app, { team_id: boss.team, name: 'Short' });
    const res = await call(boss, 'POST', `/api/project/link/${p.id}`, {
      macs: [formatMac(a.mac), `0x${b.mac}L`],
    });
    expect(res.statusCode).toBe(200);
    const names = await call(boss, 'GET', `/api/project/gateways/name/${p.id}`);
    expect(names.json()).toEqual({
      gateways: [
        { name: 'A name of thirty cha', mac: a.mac, type: 'kloudnx' },
        { name: 'Short', mac: b.mac, type: 'kloudnx' },
      ],
    });
    expect(res.json()).toMatchObject({
      project: { _id: p.id, gateways: [{ mac: a.mac }, { mac: b.mac }] },
    });
  });

  it('moves a gateway from another project of the team', async () => {
    const boss = await createUser(t.app, 'manager');
    const from = await createProject(t.app, boss.team);
    const to = await createProject(t.app, boss.team);
    const gw = await createGateway(t.app, { team_id: boss.team, project_id: from.id });
    await call(boss, 'POST', `/api/project/link/${to.id}`, { macs: [gw.mac] });
    expect((await call(boss, 'GET', `/api/project/${from.id}`)).json()).toMatchObject({
      project: { gateways: [] },
    });
    expect((await call(boss, 'GET', `/api/project/${to.id}`)).json()).toMatchObject({
      project: { gateways: [{ mac: gw.mac }] },
    });
  });

  it('links nothing when one MAC is unknown or another account’s', async () => {
    const boss = await createUser(t.app, 'supervisor');
    const stranger = await createUser(t.app, 'supervisor');
    const p = await createProject(t.app, boss.team);
    const mine = await createGateway(t.app, { team_id: boss.team });
    const theirs = await createGateway(t.app, { team_id: stranger.team });
    const unknown = randomMac();
    const res = await call(boss, 'POST', `/api/project/link/${p.id}`, {
      macs: [mine.mac, theirs.mac, unknown],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'notFound', macs: [theirs.mac, unknown] });
    expect((await call(boss, 'GET', `/api/project/gateways/name/${p.id}`)).json()).toEqual({
      gateways: [],
    });
    const bad = await call(boss, 'POST', `/api/project/link/${p.id}`, { macs: ['12:34'] });
    expect(bad.json()).toMatchObject({ statusCode: 400, details: [{ message: 'invalidMac' }] });
    expect((await call(boss, 'POST', `/api/project/link/${p.id}`, { macs: [] })).statusCode).toBe(
      400,
    );
  });

  it('unlinks gateways of the project only; they stay on the account', async () => {
    const boss = await createUser(t.app, 'user');
    const p = await createProject(t.app, boss.team);
    const q = await createProject(t.app, boss.team);
    const inP = await createGateway(t.app, { team_id: boss.team, project_id: p.id });
    const inQ = await createGateway(t.app, { team_id: boss.team, project_id: q.id });
    const wrong = await call(boss, 'POST', `/api/project/unlink/${p.id}`, {
      macs: [inP.mac, inQ.mac],
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ macs: [inQ.mac] });
    const ok = await call(boss, 'POST', `/api/project/unlink/${p.id}`, { macs: [inP.mac] });
    expect(ok.json()).toMatchObject({ project: { gateways: [] } });
    const account = await call(boss, 'GET', '/api/gateway');
    expect(
      account.json<{ gateways: { mac: string; project: string | null }[] }>().gateways,
    ).toEqual(expect.arrayContaining([expect.objectContaining({ mac: inP.mac, project: null })]));
  });

  it('an administrator links into another team’s project: the gateway joins that team', async () => {
    const admin = await createUser(t.app, 'admin');
    const owner = await createUser(t.app, 'user');
    const p = await createProject(t.app, owner.team);
    const waiting = await createGateway(t.app, { waiting: 1 });
    expect(
      (await call(admin, 'POST', `/api/project/link/${p.id}`, { macs: [waiting.mac] })).statusCode,
    ).toBe(200);
    const seen = await call(owner, 'GET', `/api/gateway/gateway/${waiting.mac}`);
    expect(seen.json()).toMatchObject({ gateway: { project: p.id, projectName: p.name } });
    expect(await projectOf(p.id)).toBeDefined();
  });
});

describe('viewers of a project', () => {
  it('adds an existing account as viewer: it reads the project and nothing else', async () => {
    const boss = await createUser(t.app, 'supervisor');
    const guest = await createUser(t.app, 'user');
    const p = await createProject(t.app, boss.team, 'Shared house');
    await createProject(t.app, boss.team, 'Private house');
    const gw = await createGateway(t.app, { team_id: boss.team, project_id: p.id });

    const unknown = await call(boss, 'POST', `/api/project/viewer/add/${p.id}`, {
      email: 'nobody@example.com',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'userNotFound' });
    const added = await call(boss, 'POST', `/api/project/viewer/add/${p.id}`, {
      email: guest.email.toUpperCase(),
    });
    expect(added.json()).toEqual({ viewers: [{ email: guest.email, name: expect.any(String) }] });
    expect((await call(boss, 'GET', `/api/project/viewers/${p.id}`)).json()).toMatchObject({
      viewers: [{ email: guest.email }],
    });

    const list = await call(guest, 'GET', '/api/project');
    expect(list.json()).toMatchObject({
      projects: [{ _id: p.id, name: 'Shared house', role: 'viewer', gateways: [{ mac: gw.mac }] }],
    });
    expect((await call(guest, 'GET', `/api/gateway/${p.id}`)).json()).toMatchObject({
      gateways: [{ mac: gw.mac }],
    });
    expect((await call(guest, 'GET', `/api/gateway/details/${gw.mac}`)).statusCode).toBe(200);
    // Read-only: every change is refused.
    expect(
      (await call(guest, 'POST', `/api/project/rename/${p.id}`, { name: 'Mine' })).statusCode,
    ).toBe(403);
    expect(
      (await call(guest, 'POST', `/api/gateway/rename/${gw.id}`, { name: 'Mine' })).statusCode,
    ).toBe(403);
    expect((await call(guest, 'GET', `/api/project/viewers/${p.id}`)).statusCode).toBe(403);

    const removed = await call(boss, 'POST', `/api/project/viewer/remove/${p.id}`, {
      emails: [guest.email],
    });
    expect(removed.json()).toEqual({ viewers: [] });
    expect((await call(guest, 'GET', `/api/project/${p.id}`)).statusCode).toBe(404);
    expect((await call(guest, 'GET', '/api/project')).json()).toEqual({ projects: [] });
  });

  it('removes nothing when one e-mail is not a viewer', async () => {
    const boss = await createUser(t.app, 'manager');
    const guest = await createUser(t.app, 'user');
    const p = await createProject(t.app, boss.team);
    await call(boss, 'POST', `/api/project/viewer/add/${p.id}`, { email: guest.email });
    const res = await call(boss, 'POST', `/api/project/viewer/remove/${p.id}`, {
      emails: [guest.email, 'other@example.com'],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'userNotFound', emails: ['other@example.com'] });
    expect((await call(boss, 'GET', `/api/project/viewers/${p.id}`)).json()).toMatchObject({
      viewers: [{ email: guest.email }],
    });
  });

  it('hides notification contacts from viewers', async () => {
    const boss = await createUser(t.app, 'manager');
    const guest = await createUser(t.app, 'viewer');
    const p = await createProject(t.app, boss.team);
    const notification = {
      email: {
        enabled: true,
        options: { mails: ['ops@example.com'] },
        events: { status: true, voltage: true, thresholds: false },
      },
      pushover: {
        enabled: true,
        options: { user: 'u-key', token: 't-key' },
        events: { status: true, voltage: false, thresholds: false },
      },
    };
    await t.modules.projects.repo.update(p, { notification: JSON.stringify(notification) });
    await call(boss, 'POST', `/api/project/viewer/add/${p.id}`, { email: guest.email });
    expect((await call(boss, 'GET', `/api/project/${p.id}`)).json()).toMatchObject({
      project: { notification, features: ['notification'] },
    });
    const seen = await call(guest, 'GET', `/api/project/${p.id}`);
    expect(seen.json()).toMatchObject({
      project: {
        role: 'viewer',
        notification: { email: { enabled: true, options: { mails: [] } } },
      },
    });
    expect(seen.body).not.toContain('t-key');
    expect(seen.body).not.toContain('ops@example.com');
  });
});

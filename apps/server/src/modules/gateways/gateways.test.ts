import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMac, type GatewayItem } from '@atrium/contracts/gateway';
import {
  callAs,
  createGateway,
  createProject,
  randomMac,
  randomSerial,
} from '../../../test/fixtures';
import { createUser, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let call: ReturnType<typeof callAs>;
beforeAll(async () => {
  t = await startTestServer();
  call = callAs(t.app);
});
afterAll(() => t.close());

const waitingUrl = (mac: string, sn: string) =>
  `/api/gateway/waiting?mac=${encodeURIComponent(mac)}&sn=${encodeURIComponent(sn)}`;

describe('waiting lookup and adding a gateway', () => {
  it('finds a waiting gateway by MAC (any form) and serial (any case)', async () => {
    const u = await createUser(t.app, 'user');
    const gw = await createGateway(t.app, { waiting: 1, name: 'kloudnx-00aa11' });
    const res = await call(u, 'GET', waitingUrl(formatMac(gw.mac), gw.sn.toLowerCase()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      waiting: true,
      gw: { name: 'kloudnx-00aa11', initialized: false, project: null, projectName: null },
    });
  });

  it('answers gwNotWaiting for an unknown MAC or a wrong serial, 409 for another account’s', async () => {
    const u = await createUser(t.app, 'user');
    const other = await createUser(t.app, 'user');
    const theirs = await createGateway(t.app, { team_id: other.team });
    const unknown = await call(u, 'GET', waitingUrl(randomMac(), randomSerial()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'gwNotWaiting' });
    const wrongSn = await call(u, 'GET', waitingUrl(theirs.mac, randomSerial()));
    expect(wrongSn.json()).toMatchObject({ code: 'gwNotWaiting' });
    const taken = await call(u, 'GET', waitingUrl(theirs.mac, theirs.sn));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'gatewayAlreadyAdded' });
    expect(taken.body).not.toContain(theirs.name);
  });

  it('describes a gateway the caller already has, with its project (move or skip)', async () => {
    const u = await createUser(t.app, 'manager');
    const p = await createProject(t.app, u.team, 'Old home');
    const gw = await createGateway(t.app, { team_id: u.team, project_id: p.id, initialized: 1 });
    expect((await call(u, 'GET', waitingUrl(gw.mac, gw.sn))).json()).toEqual({
      waiting: false,
      gw: { name: gw.name, initialized: true, project: p.id, projectName: 'Old home' },
    });
  });

  it('refuses a MAC that is not 12 hex and a serial that is not 8 characters', async () => {
    const u = await createUser(t.app, 'user');
    const badMac = await call(u, 'GET', waitingUrl('12:34:56', 'AB12CD34'));
    expect(badMac.json()).toMatchObject({ statusCode: 400, details: [{ message: 'invalidMac' }] });
    const badSn = await call(u, 'GET', waitingUrl(randomMac(), 'AB12'));
    expect(badSn.json()).toMatchObject({
      statusCode: 400,
      details: [{ message: 'invalidSerial' }],
    });
  });

  it('creates a waiting gateway on the account, and links it when a project is given', async () => {
    const u = await createUser(t.app, 'user');
    const p = await createProject(t.app, u.team);
    const a = await createGateway(t.app, { waiting: 1 });
    const b = await createGateway(t.app, { waiting: 1 });
    const onAccount = await call(u, 'POST', '/api/gateway/create', {
      name: 'Hall',
      mac: formatMac(a.mac),
      sn: a.sn,
    });
    expect(onAccount.statusCode).toBe(201);
    expect(onAccount.json()).toMatchObject({ gateway: { _id: a.id, name: 'Hall', project: null } });
    const linked = await call(u, 'POST', '/api/gateway/create', {
      name: 'Boiler room and the garage too',
      mac: b.mac,
      sn: b.sn,
      id: p.id,
    });
    expect(linked.json()).toMatchObject({
      gateway: { name: 'Boiler room and the', project: p.id, projectName: p.name },
    });
    const again = await call(u, 'POST', '/api/gateway/create', { name: 'x', mac: a.mac, sn: a.sn });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'gatewayAlreadyAdded' });
    const unknown = await call(u, 'POST', '/api/gateway/create', {
      name: 'x',
      mac: randomMac(),
      sn: randomSerial(),
    });
    expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'gwNotWaiting' });
  });

  it('never claims a gateway into another team’s project, and checks the name', async () => {
    const u = await createUser(t.app, 'user');
    const other = await createUser(t.app, 'user');
    const foreign = await createProject(t.app, other.team);
    const gw = await createGateway(t.app, { waiting: 1 });
    const res = await call(u, 'POST', '/api/gateway/create', {
      name: 'x',
      mac: gw.mac,
      sn: gw.sn,
      id: foreign.id,
    });
    expect(res.statusCode).toBe(404);
    for (const name of ['', 'x'.repeat(31)]) {
      const bad = await call(u, 'POST', '/api/gateway/create', { name, mac: gw.mac, sn: gw.sn });
      expect(bad.json()).toMatchObject({
        statusCode: 400,
        details: [{ message: 'invalidNameAddGW' }],
      });
    }
    expect((await call(u, 'GET', waitingUrl(gw.mac, gw.sn))).json()).toMatchObject({
      waiting: true,
    });
  });

  it('adds a demo gateway: DEMO, virtual, kloudnx at the latest version, online, in the project', async () => {
    const u = await createUser(t.app, 'supervisor');
    const p = await createProject(t.app, u.team);
    const res = await call(u, 'POST', '/api/gateway/virtual', { name: 'DEMO', project: p.id });
    expect(res.statusCode).toBe(201);
    const gw = res.json<{ gateway: GatewayItem }>().gateway;
    expect(gw).toMatchObject({
      name: 'DEMO',
      virtual: 1,
      type: 'kloudnx',
      version: '8.5.0',
      online: true,
      project: p.id,
    });
    expect(gw.mac).toMatch(/^02[0-9a-f]{10}$/);
    expect(gw.sn).toHaveLength(8);
    const other = await createUser(t.app, 'supervisor');
    expect((await call(other, 'POST', '/api/gateway/virtual', { project: p.id })).statusCode).toBe(
      404,
    );
  });
});

describe('reading and changing a gateway', () => {
  it('lists the account and a project, gets by id or MAC, and shows details', async () => {
    const u = await createUser(t.app, 'manager');
    const p = await createProject(t.app, u.team, 'Flat');
    const inP = await createGateway(t.app, {
      team_id: u.team,
      project_id: p.id,
      name: 'b-in',
      online: 1,
      ip: '10.0.0.2',
      volt: 29.5,
    });
    const loose = await createGateway(t.app, { team_id: u.team, name: 'a-loose' });
    const account = await call(u, 'GET', '/api/gateway');
    expect(account.json()).toMatchObject({
      gateways: [{ _id: loose.id }, { _id: inP.id }],
      shared: [],
    });
    const table = await call(u, 'GET', `/api/gateway/${p.id}`);
    expect(table.json()).toEqual({
      gateways: [expect.objectContaining({ _id: inP.id, projectName: 'Flat', online: true })],
    });
    for (const ref of [inP.id, inP.mac, formatMac(inP.mac), `0x${inP.mac}L`]) {
      const one = await call(u, 'GET', `/api/gateway/gateway/${encodeURIComponent(ref)}`);
      expect(one.json(), ref).toMatchObject({ gateway: { _id: inP.id, mac: inP.mac } });
    }
    const details = await call(u, 'GET', `/api/gateway/details/${inP.mac}`);
    expect(details.json()).toMatchObject({
      online: true,
      ip: '10.0.0.2',
      volt: 29.5,
      virtual: 0,
      vpn: { online: false },
    });
    expect((await call(u, 'GET', `/api/gateway/gateway/${randomMac()}`)).statusCode).toBe(404);
  });

  it('renames (1 to 30 characters) and inits (pending until the hub sends it)', async () => {
    const u = await createUser(t.app, 'user');
    const gw = await createGateway(t.app, { team_id: u.team });
    const renamed = await call(u, 'POST', `/api/gateway/rename/${gw.id}`, { name: ' Cellar ' });
    expect(renamed.json()).toMatchObject({ gateway: { name: 'Cellar' } });
    const bad = await call(u, 'POST', `/api/gateway/rename/${gw.id}`, { name: 'x'.repeat(31) });
    expect(bad.json()).toMatchObject({ statusCode: 400, details: [{ message: 'invalidRename' }] });
    const init = await call(u, 'GET', `/api/gateway/init/${gw.mac}`);
    expect(init.json()).toMatchObject({ gateway: { initialized: true, pendingInit: true } });
  });

  it('shares with an existing account by lowercased e-mail: read-only for it', async () => {
    const u = await createUser(t.app, 'user');
    const friend = await createUser(t.app, 'manager');
    const gw = await createGateway(t.app, { team_id: u.team });
    const unknown = await call(u, 'POST', `/api/gateway/share/${gw.id}`, {
      email: 'ghost@example.com',
    });
    expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'userNotFound' });
    const ok = await call(u, 'POST', `/api/gateway/share/${gw.id}`, {
      email: friend.email.toUpperCase(),
    });
    expect(ok.json()).toEqual({ message: 'success' });
    expect((await call(friend, 'GET', '/api/gateway')).json()).toMatchObject({
      gateways: [],
      shared: [{ _id: gw.id }],
    });
    expect((await call(friend, 'GET', `/api/gateway/gateway/${gw.id}`)).statusCode).toBe(200);
    expect(
      (await call(friend, 'POST', `/api/gateway/rename/${gw.id}`, { name: 'Mine' })).statusCode,
    ).toBe(403);
  });

  it('hides another team’s gateways: 404, never data', async () => {
    const u = await createUser(t.app, 'supervisor');
    const other = await createUser(t.app, 'supervisor');
    const gw = await createGateway(t.app, { team_id: other.team, name: 'Secret name' });
    for (const url of [
      `/api/gateway/gateway/${gw.id}`,
      `/api/gateway/details/${gw.mac}`,
      `/api/gateway/init/${gw.id}`,
    ]) {
      const res = await call(u, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Secret name');
    }
    expect((await call(u, 'POST', `/api/gateway/rename/${gw.id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('lets administrators alone delete a gateway', async () => {
    const u = await createUser(t.app, 'supervisor');
    const admin = await createUser(t.app, 'admin');
    const gw = await createGateway(t.app, { team_id: u.team });
    expect((await call(u, 'DELETE', `/api/gateway/delete/${gw.id}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/gateway/delete/${gw.mac}`)).json()).toEqual({
      message: 'success',
    });
    expect((await call(u, 'GET', `/api/gateway/gateway/${gw.id}`)).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createProject, uploadAs } from '../../../test/fixtures';
import {
  createUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/test-server';

let t: TestServer;
let admin: TestUser;
let call: ReturnType<typeof callAs>;
const addLicences = (csv: string, as = admin, name = 'licences.csv') =>
  uploadAs(t.app)(as, '/api/licences/add', name, csv);
beforeAll(async () => {
  t = await startTestServer();
  admin = await createUser(t.app, 'admin');
  call = callAs(t.app);
});
afterAll(() => t.close());

describe('licences', () => {
  it('imports keys, checks them and applies each kind to a project once', async () => {
    const csv =
      'key,type,value\nBOSS-0001,bossnx\nchart-0001,chartnx,3\nCHART-0002,chartnx\nVPN-0001,vpn,48\nEMER-0001,emergynx\nKLOCK-0001,klocknx,\n';
    const imported = await addLicences(csv);
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toEqual({ imported: 6 });

    const u = await createUser(t.app, 'user');
    const p = await createProject(t.app, u.team);
    expect((await call(u, 'GET', '/api/licences/verify/chart-0001')).json()).toEqual({
      key: 'CHART-0001',
      type: 'chartnx',
      value: 3,
    });
    const missing = await call(u, 'GET', '/api/licences/verify/NOPE-0000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'serialKeyNotFound' });

    for (const key of [
      'BOSS-0001',
      'CHART-0001',
      'chart-0002',
      'VPN-0001',
      'EMER-0001',
      'KLOCK-0001',
    ]) {
      const res = await call(u, 'POST', `/api/licences/use/${key}`, { projectId: p.id });
      expect(res.statusCode, key).toBe(200);
    }
    const project = (await call(u, 'GET', `/api/project/${p.id}`)).json();
    expect(project).toMatchObject({
      project: {
        licences: { bossnx: 1, chartnx: 4 },
        logger: { vpn: 2, vpn_licence: 48 },
        addons: ['emergynx', 'klocknx'],
        features: ['bossnx', 'chartnx', 'vpn', 'emergynx', 'klocknx'],
      },
    });
    const used = await call(u, 'POST', '/api/licences/use/BOSS-0001', { projectId: p.id });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ code: 'licenceAlreadyUsed' });
    expect((await call(u, 'GET', '/api/licences/verify/BOSS-0001')).json()).toMatchObject({
      code: 'licenceAlreadyUsed',
    });
    const unknown = await call(u, 'POST', '/api/licences/use/NOPE-0000', { projectId: p.id });
    expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'licenceNotFound' });
  });

  it('never applies a key to another team’s project, nor for a viewer', async () => {
    await addLicences('key,type,value\nVPN-0100,vpn,10\n');
    const u = await createUser(t.app, 'manager');
    const other = await createUser(t.app, 'manager');
    const foreign = await createProject(t.app, other.team);
    const res = await call(u, 'POST', '/api/licences/use/VPN-0100', { projectId: foreign.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'notFound' });
    const viewer = await createUser(t.app, 'viewer', other.team);
    expect(
      (await call(viewer, 'POST', '/api/licences/use/VPN-0100', { projectId: foreign.id }))
        .statusCode,
    ).toBe(403);
    // Still unused.
    expect((await call(u, 'GET', '/api/licences/verify/VPN-0100')).statusCode).toBe(200);
  });

  it('imports nothing from a file with an invalid row', async () => {
    const res = await addLicences(
      'key,type,value\nGOOD-0200,bossnx\nGOOD-0200,chartnx\nBAD KEY,vpn,1\nVPN-0201,vpn\nX-0202,teleport\nVPN-0203,vpn,0\n',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalidCsv',
      invalid: [
        { line: 3, reason: 'duplicateKey' },
        { line: 4, reason: 'invalidKey' },
        { line: 5, reason: 'invalidValue' },
        { line: 6, reason: 'invalidType' },
        { line: 7, reason: 'invalidValue' },
      ],
      valid: [{ line: 2, key: 'GOOD-0200' }],
    });
    const u = await createUser(t.app, 'user');
    expect((await call(u, 'GET', '/api/licences/verify/GOOD-0200')).statusCode).toBe(404);
    await addLicences('key,type\nDUP-0300,bossnx\n');
    const again = await addLicences('key,type\nDUP-0300,bossnx\n');
    expect(again.json()).toMatchObject({
      code: 'invalidCsv',
      invalid: [{ line: 2, reason: 'licenceAlreadyExists' }],
    });
    expect((await addLicences('type,key\nbossnx,K-1\n')).json()).toMatchObject({
      code: 'invalidCsv',
    });
    expect((await addLicences('')).json()).toMatchObject({ code: 'emptyFile' });
    expect((await addLicences('key,type\nA-0001,bossnx', admin, 'l.xlsx')).json()).toMatchObject({
      code: 'invalidFileType',
    });
    expect((await addLicences('key,type\nA-0001,bossnx', u)).statusCode).toBe(403);
  });
});

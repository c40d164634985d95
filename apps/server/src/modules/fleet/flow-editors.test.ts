import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowEditorsReply } from '@atrium/contracts/flow-editors';
import { addViewer, createGateway, createProject } from '../../../test/fixtures';
import { createUser, startTestServer, type TestServer } from '../../../test/test-server';
import { call } from '../monitoring/monitoring.testing';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof createUser>>;

async function list(user: User, query = '') {
  const res = await call(t.app, user, 'GET', `/api/fleet/flow-editors${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return flowEditorsReply.parse(res.json());
}

/**
 * Team A owns "Atelier" (a kloudnx online, an emergynx offline and protected, a poolnx) and a
 * kloudnx in no project; team B owns a kloudnx that A's manager views through B's project.
 */
async function fixture() {
  const a = await createUser(t.app, 'manager');
  const aUser = await createUser(t.app, 'user', a.team);
  const aViewer = await createUser(t.app, 'viewer', a.team);
  const b = await createUser(t.app, 'manager');
  const atelier = await createProject(t.app, a.team, 'Atelier Nord');
  const bProject = await createProject(t.app, b.team, 'Chez B');
  const inA = { team_id: a.team, project_id: atelier.id };
  const kloud = await createGateway(t.app, { ...inA, name: 'Cuisine', online: 1, vpn_online: 1 });
  const emergy = await createGateway(t.app, {
    ...inA,
    name: 'Secours',
    type: 'emergynx',
    online: 0,
    protect: 1,
  });
  await createGateway(t.app, { ...inA, name: 'Piscine', type: 'poolnx', online: 1 });
  const loose = await createGateway(t.app, { team_id: a.team, name: 'Stock', online: 0 });
  const bGateway = await createGateway(t.app, {
    team_id: b.team,
    project_id: bProject.id,
    name: 'Cuisine B',
    online: 1,
  });
  await addViewer(t.app, bProject.id, a.id);
  return { a, aUser, aViewer, b, atelier, kloud, emergy, loose, bGateway };
}

describe('GET /api/fleet/flow-editors', () => {
  let f: Awaited<ReturnType<typeof fixture>>;
  beforeAll(async () => {
    f = await fixture();
  });

  it("lists the team's kloudnx and emergynx gateways, never a viewed project's or another type", async () => {
    for (const user of [f.a, f.aUser]) {
      const page = await list(user);
      expect(page.total).toBe(3);
      expect(page.items.map((g) => g.name)).toEqual(['Cuisine', 'Secours', 'Stock']);
    }
    const [cuisine, secours, stock] = (await list(f.a)).items;
    expect(cuisine).toMatchObject({
      id: f.kloud.id,
      mac: f.kloud.mac,
      type: 'kloudnx',
      online: true,
      protect: false,
      vpnOnline: true,
      projectId: f.atelier.id,
      projectName: 'Atelier Nord',
    });
    expect(secours).toMatchObject({ type: 'emergynx', online: false, protect: true });
    expect(stock).toMatchObject({ projectId: null, projectName: null });
  });

  it('pages, searches by gateway, project, serial or MAC, and filters by type and state', async () => {
    const first = await list(f.a, '?pageSize=2');
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(3);
    const second = await list(f.a, '?pageSize=2&page=2');
    expect(second.items.map((g) => g.name)).toEqual(['Stock']);
    expect((await list(f.a, '?search=atelier')).total).toBe(2);
    expect((await list(f.a, `?search=${f.emergy.sn.toLowerCase()}`)).items[0]?.id).toBe(
      f.emergy.id,
    );
    const colons = f.loose.mac.match(/../g)!.join(':').toUpperCase();
    expect((await list(f.a, `?search=${encodeURIComponent(colons)}`)).items[0]?.id).toBe(
      f.loose.id,
    );
    // LIKE wildcards are searched as text.
    expect((await list(f.a, '?search=%25')).total).toBe(0);
    expect((await list(f.a, '?search=_')).total).toBe(0);
    expect((await list(f.a, '?type=emergynx')).items.map((g) => g.name)).toEqual(['Secours']);
    expect((await list(f.a, '?online=true')).items.map((g) => g.name)).toEqual(['Cuisine']);
  });

  it('shows administrators every team', async () => {
    const admin = await createUser(t.app, 'admin');
    const page = await list(admin, '?search=cuisine&pageSize=100');
    expect(page.items.map((g) => g.id)).toEqual(
      expect.arrayContaining([f.kloud.id, f.bGateway.id]),
    );
  });

  it('refuses viewers, bad queries and anonymous callers', async () => {
    expect((await call(t.app, f.aViewer, 'GET', '/api/fleet/flow-editors')).statusCode).toBe(403);
    for (const q of ['?type=poolnx', '?pageSize=1000', '?page=0', '?online=maybe', '?x=1']) {
      const res = await call(t.app, f.a, 'GET', `/api/fleet/flow-editors${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/fleet/flow-editors' });
    expect(anonymous.statusCode).toBe(401);
  });
});

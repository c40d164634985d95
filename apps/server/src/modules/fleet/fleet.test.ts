import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_RECENT_MS, fleetSummaryReply, type FleetSummary } from '@atrium/contracts/fleet';
import { createGateway, createProject, randomMac, randomSerial } from '../../../test/fixtures';
import { createUser, startTestServer, type TestServer } from '../../../test/test-server';
import { newId } from '../../lib/ids';
import { newGatewayRow } from '../gateways/gateway-rows';
import { call } from '../monitoring/monitoring.testing';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

async function summaryOf(user: Awaited<ReturnType<typeof createUser>>) {
  const res = await call(t.app, user, 'GET', '/api/fleet/summary');
  expect(res.statusCode).toBe(200);
  return fleetSummaryReply.parse(res.json());
}

async function raiseAlert(projectId: string, mac: string, raisedAt: number, clearedAt?: number) {
  await t.app.db
    .insertInto('alerts')
    .values({
      id: newId(),
      project_id: projectId,
      mac,
      kind: 'status',
      rule_key: `status:${mac}:${newId()}`,
      rule: null,
      address: null,
      condition: null,
      limit_value: null,
      unit: null,
      value: null,
      raised_at: raisedAt,
      cleared_at: clearedAt ?? null,
      clear_value: null,
      muted: 0,
    })
    .execute();
}

/**
 * Team A: "Alpha" with a kloudnx online up to date, a kloudnx offline outdated (8.4 < 8.5) and
 * an end-of-life poolnx online; "Beta" with a grafnx online and alerts (one open, one cleared
 * yesterday, one cleared a month ago); a gateway of the account in no project. Team B: one
 * project with an offline gateway.
 */
async function fixture() {
  const a = await createUser(t.app, 'manager');
  const aViewer = await createUser(t.app, 'viewer', a.team);
  const b = await createUser(t.app, 'user');
  const alpha = await createProject(t.app, a.team, 'Alpha');
  const beta = await createProject(t.app, a.team, 'Beta');
  const other = await createProject(t.app, b.team, 'Other team');
  const inA = { team_id: a.team, project_id: alpha.id };
  await createGateway(t.app, { ...inA, version: '8.5.0', online: 1 });
  const down = await createGateway(t.app, { ...inA, version: '8.4.2', online: 0 });
  await createGateway(t.app, { ...inA, type: 'poolnx', version: '6.9.0', online: 1 });
  const graf = await createGateway(t.app, {
    team_id: a.team,
    project_id: beta.id,
    type: 'grafnx',
    version: '1.2.0',
    online: 1,
  });
  await createGateway(t.app, { team_id: a.team, version: '8.5.0', online: 0 });
  await createGateway(t.app, { team_id: b.team, project_id: other.id, online: 0 });
  const now = Date.now();
  await raiseAlert(beta.id, graf.mac, now - 60_000);
  await raiseAlert(beta.id, graf.mac, now - DAY, now - DAY + 60_000);
  await raiseAlert(beta.id, graf.mac, now - 30 * DAY, now - 30 * DAY + 60_000);
  return { a, aViewer, b, alpha, beta, other, down, now };
}

describe('GET /api/fleet/summary', () => {
  let f: Awaited<ReturnType<typeof fixture>>;
  let adminBefore: FleetSummary;
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    admin = await createUser(t.app, 'admin');
    adminBefore = await summaryOf(admin);
    f = await fixture();
  });

  it("counts the team's gateways: online, offline, outdated (EOL included), per type", async () => {
    const s = await summaryOf(f.a);
    expect(s.projects).toBe(2);
    expect(s.gateways).toEqual({
      total: 5,
      online: 3,
      offline: 2,
      outdated: 2,
      byType: [
        { type: 'poolnx', total: 1, online: 1, outdated: 1 },
        { type: 'kloudnx', total: 3, online: 1, outdated: 1 },
        { type: 'grafnx', total: 1, online: 1, outdated: 0 },
      ],
    });
  });

  it('lists the projects needing attention, offline first, with recent and open alerts', async () => {
    const s = await summaryOf(f.a);
    expect(s.attention).toEqual([
      {
        projectId: f.alpha.id,
        projectName: 'Alpha',
        offline: 1,
        failedUpdates: 0,
        activeAlerts: 0,
        openAlerts: 0,
      },
      {
        projectId: f.beta.id,
        projectName: 'Beta',
        offline: 0,
        failedUpdates: 0,
        activeAlerts: 2,
        openAlerts: 1,
        lastAlertAt: expect.any(Number),
      },
    ]);
    expect(s.attention[1]?.lastAlertAt).toBeGreaterThan(f.now - 2 * 60_000);
  });

  it("never shows another team's fleet", async () => {
    const s = await summaryOf(f.b);
    expect(s.projects).toBe(1);
    expect(s.gateways).toMatchObject({ total: 1, online: 0, offline: 1, outdated: 0 });
    expect(s.attention.map((p) => p.projectName)).toEqual(['Other team']);
  });

  it('shows a viewer-rank account only the projects it views (decision 0024)', async () => {
    await t.app.db
      .insertInto('project_viewers')
      .values({ project_id: f.beta.id, user_id: f.aViewer.id, created_at: Date.now() })
      .execute();
    const s = await summaryOf(f.aViewer);
    expect(s.projects).toBe(1);
    expect(s.gateways.total).toBe(1);
    expect(s.attention.map((p) => p.projectName)).toEqual(['Beta']);
  });

  it('adds a project of another team the user views, and gateways shared with it', async () => {
    await t.app.db
      .insertInto('project_viewers')
      .values({ project_id: f.other.id, user_id: f.a.id, created_at: Date.now() })
      .execute();
    const shared = await createGateway(t.app, { team_id: f.b.team, online: 1 });
    await t.app.db
      .insertInto('gateway_shares')
      .values({ gateway_id: shared.id, user_id: f.a.id, created_at: Date.now() })
      .execute();
    const s = await summaryOf(f.a);
    expect(s.projects).toBe(3);
    expect(s.gateways).toMatchObject({ total: 7, online: 4, offline: 3 });
    expect(s.attention.map((p) => p.projectName)).toContain('Other team');
  });

  it('shows administrators the whole fleet', async () => {
    const s = await summaryOf(admin);
    expect(s.projects - adminBefore.projects).toBe(3);
    expect(s.gateways.total - adminBefore.gateways.total).toBe(7);
    expect(s.gateways.offline - adminBefore.gateways.offline).toBe(3);
    expect(s.gateways.outdated - adminBefore.gateways.outdated).toBe(2);
    const names = s.attention.map((p) => p.projectId);
    expect(names).toEqual(expect.arrayContaining([f.alpha.id, f.beta.id, f.other.id]));
  });
});

describe('failed updates', () => {
  async function updateEvent(projectId: string, mac: string, at: number, result: string) {
    await t.app.db
      .insertInto('gateway_events')
      .values({
        id: newId(),
        mac,
        team_id: null,
        project_id: projectId,
        at,
        kind: 'update',
        user_id: null,
        user_email: null,
        data: JSON.stringify({ command: 'update', from: '8.4.0', to: '8.5.0', result }),
      })
      .execute();
  }

  it('counts the updates that failed in the last 7 days, per project of the caller', async () => {
    const user = await createUser(t.app, 'user');
    const stranger = await createUser(t.app, 'user');
    const quiet = await createProject(t.app, user.team, 'Quiet');
    const theirs = await createProject(t.app, stranger.team, 'Theirs');
    const gw = await createGateway(t.app, { team_id: user.team, project_id: quiet.id, online: 1 });
    const now = Date.now();
    await updateEvent(quiet.id, gw.mac, now - 60_000, 'failed');
    await updateEvent(quiet.id, gw.mac, now - DAY, 'failed');
    await updateEvent(quiet.id, gw.mac, now - 8 * DAY, 'failed');
    await updateEvent(quiet.id, gw.mac, now - 2 * 60_000, 'done');
    await updateEvent(theirs.id, gw.mac, now - 60_000, 'failed');
    expect((await summaryOf(user)).attention).toEqual([
      {
        projectId: quiet.id,
        projectName: 'Quiet',
        offline: 0,
        failedUpdates: 2,
        activeAlerts: 0,
        openAlerts: 0,
      },
    ]);
    expect((await summaryOf(stranger)).attention).toEqual([
      {
        projectId: theirs.id,
        projectName: 'Theirs',
        offline: 0,
        failedUpdates: 1,
        activeAlerts: 0,
        openAlerts: 0,
      },
    ]);
  });

  it('puts a project with gateways offline before one with failed updates only', async () => {
    const user = await createUser(t.app, 'user');
    const failing = await createProject(t.app, user.team, 'A failing');
    const down = await createProject(t.app, user.team, 'B down');
    const gw = await createGateway(t.app, {
      team_id: user.team,
      project_id: failing.id,
      online: 1,
    });
    await createGateway(t.app, { team_id: user.team, project_id: down.id, online: 0 });
    await updateEvent(failing.id, gw.mac, Date.now() - 60_000, 'failed');
    const s = await summaryOf(user);
    expect(s.attention.map((p) => p.projectName)).toEqual(['B down', 'A failing']);
    expect(FLEET_RECENT_MS).toBe(7 * DAY);
  });
});

describe('a fleet of 10,000 gateways', () => {
  it('is summed by a few grouped queries, not gateway by gateway', async () => {
    const user = await createUser(t.app, 'manager');
    const projects: string[] = [];
    for (let i = 0; i < 50; i += 1)
      projects.push((await createProject(t.app, user.team, `Site ${i}`)).id);
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      newGatewayRow({
        mac: randomMac(),
        sn: randomSerial(),
        type: i % 2 ? 'kloudnx' : 'klocknx',
        name: `GW ${i}`,
        version: i % 4 === 0 ? '1.3.0' : i % 2 ? '8.5.0' : '1.4.0',
        team_id: user.team,
        project_id: projects[i % 50] ?? null,
        online: i % 7 === 0 ? 0 : 1,
      }),
    );
    await t.modules.gateways.repo.insert(rows);
    const started = performance.now();
    const s = await summaryOf(user);
    const elapsed = performance.now() - started;
    expect(s.gateways).toMatchObject({ total: 10_000, online: 8_571, offline: 1_429 });
    // Versions 1.3.0 of klocknx (every fourth gateway) are below the reference 1.4.
    expect(s.gateways.outdated).toBe(2_500);
    expect(s.attention).toHaveLength(20);
    // 29 sites have 29 gateways offline, 21 have 28: the 20 kept are of the first.
    expect(s.attention.map((p) => p.offline)).toEqual(Array(20).fill(29));
    // Generous for a shared test machine; one query per gateway would take seconds.
    expect(elapsed).toBeLessThan(1_500);
  });
});

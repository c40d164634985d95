import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '@atrium/contracts/activity';
import { codeIn } from '../../../test/mailbox';
import { callAs, createGateway, createProject } from '../../../test/fixtures';
import {
  bearer,
  createUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/test-server';
import { newId } from '../../lib/ids';
import { seedDemoActivity } from '../../seed/demo-activity';

let t: TestServer;
let call: ReturnType<typeof callAs>;
let manager: TestUser;
let supervisor: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  call = callAs(t.app);
  const team = newId();
  manager = await createUser(t.app, 'manager', team);
  supervisor = await createUser(t.app, 'supervisor', team);
});
afterAll(() => t.close());

const list = async (user: TestUser, query = '') => {
  const res = await call(user, 'GET', `/api/activity${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ActivityPage>();
};

/** The newest entry of an action in the manager's team log. */
const latest = async (action: string) => (await list(manager, `?actions=${action}`)).entries.at(0);

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== ',' && c !== '\r')) {
      cell += c;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else {
      // CRLF ends the row (a lone CR outside quotes does not occur in the export).
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    }
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

describe(`team activity log (${process.env.ATRIUM_TEST_DB ?? 'sqlite'})`, () => {
  it('records project creation, rename and deletion done through the routes', async () => {
    const created = await call(manager, 'POST', '/api/project/create', { name: 'Siège' });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ project: { _id: string } }>().project._id;
    expect(await latest('project.create')).toMatchObject({
      actor: manager.email,
      action: 'project.create',
      target: { kind: 'project', id, name: 'Siège' },
      currentProject: id,
    });
    await call(supervisor, 'POST', `/api/project/rename/${id}`, { name: 'Siège social' });
    expect(await latest('project.rename')).toMatchObject({
      actor: supervisor.email,
      target: { id, name: 'Siège social' },
      details: { from: 'Siège' },
    });
    expect((await call(manager, 'DELETE', `/api/project/delete/${id}`)).statusCode).toBe(200);
    const deleted = await latest('project.delete');
    expect(deleted).toMatchObject({ target: { id, name: 'Siège social' } });
    // Gone: the console no longer links to it, nor to the older entries about it.
    expect(deleted?.currentProject).toBeUndefined();
    expect((await latest('project.create'))?.currentProject).toBeUndefined();
  });

  it('records gateways linked, moved and unlinked, and project viewers', async () => {
    const a = await createProject(t.app, manager.team, 'Alpha');
    const b = await createProject(t.app, manager.team, 'Beta');
    const gw = await createGateway(t.app, { team_id: manager.team, name: 'Chaufferie' });
    await call(manager, 'POST', `/api/project/link/${a.id}`, { macs: [gw.mac] });
    expect(await latest('gateway.link')).toMatchObject({
      target: { kind: 'gateway', id: gw.mac, name: 'Chaufferie' },
      details: { project: 'Alpha', projectId: a.id },
      currentProject: a.id,
    });
    await call(manager, 'POST', `/api/project/link/${b.id}`, { macs: [gw.mac] });
    expect(await latest('gateway.move')).toMatchObject({
      details: { project: 'Beta', from: 'Alpha' },
      currentProject: b.id,
    });
    await call(manager, 'POST', `/api/project/unlink/${b.id}`, { macs: [gw.mac] });
    const unlinked = await latest('gateway.unlink');
    expect(unlinked).toMatchObject({ details: { project: 'Beta' } });
    expect(unlinked?.currentProject).toBeUndefined();

    const guest = await createUser(t.app, 'user');
    const added = await call(manager, 'POST', `/api/project/viewer/add/${a.id}`, {
      email: guest.email,
    });
    expect(added.statusCode).toBe(200);
    expect(await latest('projectViewer.add')).toMatchObject({
      target: { kind: 'project', id: a.id, name: 'Alpha' },
      details: { email: guest.email },
    });
    await call(manager, 'POST', `/api/project/viewer/remove/${a.id}`, { emails: [guest.email] });
    expect(await latest('projectViewer.remove')).toMatchObject({ details: { email: guest.email } });
  });

  it('records gateway renames and accounts created, re-ranked and deleted', async () => {
    const gw = await createGateway(t.app, { team_id: manager.team, name: 'Old' });
    await call(manager, 'POST', `/api/gateway/rename/${gw.mac}`, { name: 'New' });
    expect(await latest('gateway.rename')).toMatchObject({
      target: { id: gw.mac, name: 'New' },
      details: { from: 'Old' },
    });
    const email = `staff-${newId().slice(0, 6)}@example.com`;
    const res = await call(manager, 'POST', '/api/user/accounts/create', { email, rank: 'user' });
    expect(res.statusCode).toBe(201);
    expect(await latest('account.create')).toMatchObject({
      actor: manager.email,
      target: { kind: 'account', name: email },
      details: { rank: 'user' },
    });
    const accounts = [
      { email: manager.email, rank: 'manager' },
      { email: supervisor.email, rank: 'manager' },
      { email, rank: 'manager' },
    ];
    // The supervisor is not a managed rank: the list holds managers and users only.
    await call(manager, 'POST', '/api/user/accounts/update', { accounts: accounts.slice(2) });
    const ranked = await list(manager, '?actions=account.rank,account.delete');
    expect(ranked.entries.map((e) => e.action)).toContain('account.rank');
    expect(ranked.entries.find((e) => e.action === 'account.rank')).toMatchObject({
      target: { name: email },
      details: { from: 'user', to: 'manager' },
    });
    const viewer = `viewer-${newId().slice(0, 6)}@example.com`;
    await call(manager, 'POST', '/api/user/viewers/create', {
      email: viewer,
      password: 'Correct-Horse-9!',
    });
    expect(await latest('viewerAccount.create')).toMatchObject({ target: { name: viewer } });
  });

  it('records gateways added (virtual, claimed), shared and deleted', async () => {
    const p = await createProject(t.app, manager.team, 'Démo');
    const virtual = await call(manager, 'POST', '/api/gateway/virtual', {
      name: 'Essai',
      project: p.id,
    });
    expect(virtual.statusCode, virtual.body).toBe(201);
    const mac = virtual.json<{ gateway: { mac: string } }>().gateway.mac;
    expect(await latest('gateway.add')).toMatchObject({
      target: { kind: 'gateway', id: mac, name: 'Essai' },
      details: { virtual: true, project: 'Démo', projectId: p.id },
      currentProject: p.id,
    });
    const waiting = await createGateway(t.app, { waiting: 1 });
    const claimed = await call(manager, 'POST', '/api/gateway/create', {
      name: 'Cave',
      mac: waiting.mac,
      sn: waiting.sn,
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const added = await latest('gateway.add');
    expect(added).toMatchObject({ target: { id: waiting.mac, name: 'Cave' } });
    expect(added?.details).toBeUndefined();
    const guest = await createUser(t.app, 'user');
    await call(manager, 'POST', `/api/gateway/share/${mac}`, { email: guest.email });
    expect(await latest('gateway.share')).toMatchObject({ details: { email: guest.email } });
    const admin = await createUser(t.app, 'admin');
    expect((await call(admin, 'DELETE', `/api/gateway/delete/${mac}`)).statusCode).toBe(200);
    // In the gateway's team's log, under the administrator's name.
    expect(await latest('gateway.remove')).toMatchObject({
      actor: admin.email,
      target: { id: mac, name: 'Essai' },
    });
  });

  it('records the commands users send to gateways, under the gateway name', async () => {
    const p = await createProject(t.app, manager.team, 'Commandes');
    const created = await call(manager, 'POST', '/api/gateway/virtual', {
      name: 'Tableau',
      project: p.id,
    });
    const mac = created.json<{ gateway: { mac: string } }>().gateway.mac;
    // The virtual gateway's agent connects in the server a moment after it is created.
    let reboot = await call(supervisor, 'GET', `/api/gateway/reboot/${mac}`);
    for (let i = 0; i < 50 && reboot.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      reboot = await call(supervisor, 'GET', `/api/gateway/reboot/${mac}`);
    }
    expect(reboot.statusCode, reboot.body).toBe(200);
    await expect
      .poll(() => latest('gateway.command'))
      .toMatchObject({
        actor: supervisor.email,
        target: { kind: 'gateway', id: mac, name: 'Tableau' },
        details: { command: 'reboot' },
        currentProject: p.id,
      });
  });

  it('records a licence used on a project', async () => {
    const p = await createProject(t.app, manager.team, 'Licenced');
    const key = `LIC-${newId().slice(0, 10)}`.toUpperCase();
    await t.app.db
      .insertInto('licences')
      .values({
        key,
        type: 'chartnx',
        value: 2,
        project_id: null,
        used_by: null,
        used_at: null,
        created_at: Date.now(),
      })
      .execute();
    const res = await call(manager, 'POST', `/api/licences/use/${key}`, { projectId: p.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await latest('licence.apply')).toMatchObject({
      target: { kind: 'project', id: p.id, name: 'Licenced' },
      details: { type: 'chartnx', value: 2, key: `…${key.slice(-4)}` },
    });
  });

  it('records a sign-in from a new browser, not from a known one', async () => {
    const user = await createUser(t.app, 'user', manager.team);
    const signin = async (cookie?: string) => {
      const before = t.mailbox.countTo(user.email);
      const headers = { 'user-agent': 'Firefox/140', ...(cookie ? { cookie } : {}) };
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: user.email, password: user.password },
        headers,
      });
      if (first.statusCode === 200) return cookie;
      const id = first.json<{ _id: string }>()._id;
      const code = codeIn(await t.mailbox.waitFor(user.email, before + 1));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/verify/otp',
        payload: { _id: id, code },
        headers,
      });
      expect(res.statusCode).toBe(200);
      return String(res.headers['set-cookie']).split(';')[0];
    };
    const cookie = await signin();
    const entries = (await list(manager, '?actions=signin.newBrowser')).entries;
    expect(entries.filter((e) => e.actor === user.email)).toEqual([
      expect.objectContaining({
        target: { kind: 'account', id: user.id, name: user.email },
        details: { browser: 'Firefox/140' },
      }),
    ]);
    // The same browser (its device cookie) again: nothing new.
    await signin(cookie);
    const again = (await list(manager, '?actions=signin.newBrowser')).entries;
    expect(again.filter((e) => e.actor === user.email)).toHaveLength(1);
  });

  it('filters by action, actor and time, and pages newest first', async () => {
    const team = newId();
    const boss = await createUser(t.app, 'manager', team, `boss-${newId().slice(0, 6)}@x.fr`);
    const other = await createUser(t.app, 'supervisor', team, `zed_${newId().slice(0, 6)}@x.fr`);
    for (let i = 0; i < 5; i++) {
      await call(i % 2 ? other : boss, 'POST', '/api/project/create', { name: `P${i}` });
    }
    const all = await list(boss);
    expect(all.entries.map((e) => e.target.name)).toEqual(['P4', 'P3', 'P2', 'P1', 'P0']);
    const first = await list(boss, '?limit=2');
    expect(first.entries.map((e) => e.target.name)).toEqual(['P4', 'P3']);
    const second = await list(boss, `?limit=2&cursor=${first.next}`);
    expect(second.entries.map((e) => e.target.name)).toEqual(['P2', 'P1']);
    const third = await list(boss, `?limit=2&cursor=${second.next}`);
    expect(third.entries.map((e) => e.target.name)).toEqual(['P0']);
    expect(third.next).toBeUndefined();
    // `_` is a letter, not a wildcard; the match ignores case.
    const byActor = await list(boss, `?actor=${encodeURIComponent('ZED_')}`);
    expect(byActor.entries.map((e) => e.target.name)).toEqual(['P3', 'P1']);
    expect((await list(boss, '?actor=zed%25')).entries).toEqual([]);
    const at = all.entries[2]?.at ?? 0;
    const window = await list(boss, `?from=${at}&to=${at + 1}`);
    expect(window.entries.every((e) => e.at === at)).toBe(true);
    expect(window.entries.length).toBeGreaterThan(0);
    expect((await list(boss, `?to=${all.entries[4]?.at ?? 0}`)).entries).toEqual([]);
    expect((await list(boss, '?actions=gateway.link')).entries).toEqual([]);
    const bad = await call(boss, 'GET', '/api/activity?actions=project.create,nope');
    expect(bad.statusCode).toBe(400);
    expect((await call(boss, 'GET', '/api/activity?cursor=x')).statusCode).toBe(400);
  });

  it('exports the filtered log as CSV that parses back, formula-safe', async () => {
    const team = newId();
    const boss = await createUser(t.app, 'manager', team);
    for (const name of ['=HYPERLINK("http://x","y")', 'Plain, with "quotes"', '@cmd', 'Ligne\nB']) {
      const res = await call(boss, 'POST', '/api/project/create', { name });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await t.app.inject({
      url: '/api/activity/export.csv?actions=project.create',
      headers: bearer(boss.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      'time',
      'actor',
      'action',
      'target_kind',
      'target_id',
      'target_name',
      'details',
    ]);
    const data = rows.slice(1);
    expect(data.map((r) => r[5])).toEqual([
      'Ligne\nB',
      "'@cmd",
      'Plain, with "quotes"',
      `'=HYPERLINK("http://x","y")`,
    ]);
    for (const r of data) {
      expect(r).toHaveLength(7);
      expect(r[1]).toBe(boss.email);
      expect(r[2]).toBe('project.create');
      expect(r[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/);
    }
    const none = await t.app.inject({
      url: '/api/activity/export.csv?actions=gateway.remove',
      headers: bearer(boss.token),
    });
    expect(parseCsv(none.body.slice(1))).toHaveLength(1);
  });

  it('shows a team its own log only; users and viewers are refused', async () => {
    const stranger = await createUser(t.app, 'manager');
    await call(stranger, 'POST', '/api/project/create', { name: 'Elsewhere' });
    const mine = await list(manager, '?limit=200');
    expect(mine.entries.some((e) => e.target.name === 'Elsewhere')).toBe(false);
    const theirs = await list(stranger);
    expect(theirs.entries.map((e) => e.target.name)).toEqual(['Elsewhere']);
    const csv = await t.app.inject({
      url: '/api/activity/export.csv',
      headers: bearer(stranger.token),
    });
    expect(csv.body).not.toContain(manager.email);
    for (const rank of ['user', 'viewer'] as const) {
      const u = await createUser(t.app, rank, manager.team);
      expect((await call(u, 'GET', '/api/activity')).statusCode).toBe(403);
      expect((await call(u, 'GET', '/api/activity/export.csv')).statusCode).toBe(403);
    }
    const admin = await createUser(t.app, 'admin', stranger.team);
    expect((await list(admin)).entries.map((e) => e.target.name)).toEqual(['Elsewhere']);
  });

  it('seeds a demo fortnight that links to the demo projects', async () => {
    const boss = await createUser(t.app, 'manager');
    const villa = await createProject(t.app, boss.team, 'Villa Rose');
    await seedDemoActivity(t.modules, boss.team);
    const { entries } = await list(boss, '?limit=200');
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.every((e, i) => i === 0 || (entries[i - 1]?.at ?? 0) >= e.at)).toBe(true);
    const licence = entries.find((e) => e.action === 'licence.apply');
    expect(licence).toMatchObject({ target: { id: villa.id }, currentProject: villa.id });
    const deleted = entries.filter((e) => e.target.name === 'Entrepôt Lille');
    expect(deleted.map((e) => e.action)).toEqual(['project.delete', 'project.create']);
    expect(deleted.every((e) => e.currentProject === undefined)).toBe(true);
  });

  it('sweeps entries older than a year', async () => {
    const team = newId();
    const boss = await createUser(t.app, 'manager', team);
    await call(boss, 'POST', '/api/project/create', { name: 'Kept' });
    const old = Date.now() - 366 * 24 * 3600 * 1000;
    await t.app.db
      .insertInto('team_activity')
      .values({
        id: newId(),
        team_id: team,
        at: old,
        actor_id: boss.id,
        actor_email: boss.email,
        action: 'project.create',
        target_kind: 'project',
        target_id: 'gone',
        target_name: 'Ancient',
        details: null,
      })
      .execute();
    expect((await list(boss)).entries).toHaveLength(2);
    expect(await t.modules.audit.service.sweep(365 * 24 * 3600 * 1000)).toBeGreaterThanOrEqual(1);
    expect((await list(boss)).entries.map((e) => e.target.name)).toEqual(['Kept']);
  });
});

import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayEvent } from '@atrium/contracts/gateway-events';
import { addViewer, createGateway, createProject, multipartFile } from '../../../test/fixtures';
import {
  consoleSocket,
  startAgent,
  startHubWithProject,
  waitFor,
  type HubWithProject,
} from '../../../test/hub-helpers';
import { bearer, createUser, type TestServer, type TestUser } from '../../../test/test-server';
import { startTunnelAgent } from '../../../test/vpn-helpers';
import { newId } from '../../lib/ids';
import { uptimeOf } from './gateway-events.service';

let t: TestServer;
let admin: TestUser;
let owner: TestUser;
let project: { id: string; name: string };
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

const get = (user: TestUser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(user.token) });

const history = async (user: TestUser, mac: string, query = '') => {
  await t.modules.gatewayEvents.service.settled();
  const res = await get(user, `/api/gateway-events/${mac}${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ events: GatewayEvent[]; next?: string }>();
};

/** Polls the history until `check` holds on its events (newest first). */
const historyUntil = (mac: string, check: (events: GatewayEvent[]) => boolean) =>
  waitFor(async () => {
    const { events } = await history(owner, mac);
    return check(events) ? events : undefined;
  }, 15_000);

async function uploadFirmware(type: string, version: string, content: Buffer) {
  const { payload, headers } = multipartFile(`fw-${version}.bin`, content);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/information/update?type=${type}&version=${version}`,
    payload,
    headers: { ...headers, ...bearer(admin.token) },
  });
  expect(res.statusCode).toBe(201);
}

async function onlineAgent(version = '8.4.0') {
  const gw = await newGateway({ type: 'kloudnx', version });
  const agent = startAgent(broker, { ...gw, type: 'kloudnx' });
  await waitFor(() => t.modules.hub.service.presence.isOnline(gw.mac));
  return { gw, agent };
}

describe('uptimeOf', () => {
  const H = 3_600_000;
  it('counts the online share of the known part of the window', () => {
    const now = 100 * H;
    // Online since long before, offline 6 h within the last 24 h.
    const changes = [
      { at: 0, online: true },
      { at: now - 10 * H, online: false },
      { at: now - 4 * H, online: true },
    ];
    expect(uptimeOf(changes, now, 24 * H)).toBeCloseTo(18 / 24, 10);
    // Only 100 h known in a 7-day window: 94 h online of 100.
    expect(uptimeOf(changes, now, 7 * 24 * H)).toBeCloseTo(94 / 100, 10);
    expect(uptimeOf([], now, 24 * H)).toBeNull();
    expect(uptimeOf([{ at: now - 2 * H, online: false }], now, 24 * H)).toBe(0);
  });
});

describe('presence history', () => {
  it('records online → offline → online with durations, live, and the uptime', async () => {
    const { gw, agent } = await onlineAgent();
    const { socket } = await consoleSocket(baseUrl, owner.token, project.id);
    const live: GatewayEvent[] = [];
    socket.on('gateway:event', (e: GatewayEvent) => {
      if (e.mac === gw.mac) live.push(e);
    });
    await historyUntil(gw.mac, (e) => e.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    await agent.stop();
    await waitFor(() => !t.modules.hub.service.presence.isOnline(gw.mac));
    await new Promise((r) => setTimeout(r, 300));
    agent.start();
    const events = await historyUntil(gw.mac, (e) => e.length === 3);
    expect(events.map((e) => e.kind)).toEqual(['online', 'offline', 'online']);
    const [back, down, first] = events as [GatewayEvent, GatewayEvent, GatewayEvent];
    expect(first.data.durationMs).toBeNull();
    expect(first.user).toBeNull();
    expect(down.data.durationMs).toBe(down.at - first.at);
    expect(down.data.durationMs).toBeGreaterThanOrEqual(250);
    expect(back.data.durationMs).toBe(back.at - down.at);
    expect(back.data.durationMs).toBeGreaterThanOrEqual(250);

    const before = Date.now();
    const uptime = (await get(owner, `/api/gateway-events/${gw.mac}/uptime`)).json<{
      h24: number;
      d7: number;
      d30: number;
    }>();
    const after = Date.now();
    const offline = back.at - down.at;
    // Known since the first online; offline for `offline` ms of it.
    const low = 1 - offline / (before - first.at);
    const high = 1 - offline / (after - first.at);
    expect(uptime.h24).toBeGreaterThanOrEqual(low - 1e-9);
    expect(uptime.h24).toBeLessThanOrEqual(high + 1e-9);
    expect(uptime.h24).toBeLessThan(1);
    expect(uptime.d7).toBeCloseTo(uptime.h24, 2);
    expect(uptime.d30).toBeCloseTo(uptime.h24, 2);

    await waitFor(() => live.length === 2);
    expect(live.map((e) => e.kind)).toEqual(['offline', 'online']);
    expect(live[0]).toEqual(down);
    socket.close();
    await agent.stop();
  });

  it('pages with the cursor and filters by kind', async () => {
    const { gw, agent } = await onlineAgent();
    await agent.stop();
    await waitFor(() => !t.modules.hub.service.presence.isOnline(gw.mac));
    const all = await history(owner, gw.mac);
    expect(all.events.map((e) => e.kind)).toEqual(['offline', 'online']);
    const page1 = await history(owner, gw.mac, '?limit=1');
    expect(page1.events).toEqual([all.events[0]]);
    expect(page1.next).toBeTypeOf('string');
    const page2 = await history(owner, gw.mac, `?limit=1&cursor=${page1.next}`);
    expect(page2.events).toEqual([all.events[1]]);
    expect(page2.next).toBeUndefined();
    const online = await history(owner, gw.mac, '?kinds=online,reboot');
    expect(online.events.map((e) => e.kind)).toEqual(['online']);
    expect((await get(owner, `/api/gateway-events/${gw.mac}?kinds=nope`)).statusCode).toBe(400);
  });

  it('records a presence change once when it is told twice (every node hears it)', async () => {
    const repo = t.modules.gatewayEvents.repo;
    const mac = newId().slice(0, 12);
    const at = Date.now();
    const claims = await Promise.all([
      repo.claimPresence(mac, true, at),
      repo.claimPresence(mac, true, at),
    ]);
    expect(claims.filter((c) => c !== undefined)).toHaveLength(1);
    const downs = await Promise.all([
      repo.claimPresence(mac, false, at + 5),
      repo.claimPresence(mac, false, at + 5),
    ]);
    expect(downs.filter((c) => c !== undefined)).toEqual([{ durationMs: 5 }]);
  });
});

describe('commands by users', () => {
  it('records a reboot and an update with the user, from, to and result', async () => {
    await uploadFirmware('kloudnx', '8.5.0', Buffer.from('firmware image 8.5.0'));
    const { gw, agent } = await onlineAgent('8.4.0');
    expect((await get(owner, `/api/gateway/reboot/${gw.mac}`)).json()).toEqual({
      message: 'rebootSuccess',
    });
    // The gateway goes down and comes back: newest first, online, offline, reboot.
    const rebooted = await historyUntil(
      gw.mac,
      (e) => e.findIndex((x) => x.kind === 'reboot') === 2,
    );
    expect(rebooted.slice(0, 3).map((e) => e.kind)).toEqual(['online', 'offline', 'reboot']);
    await waitFor(() => t.modules.hub.service.presence.isOnline(gw.mac));
    const res = await get(owner, `/api/gateway/update/${gw.mac}/MAIN`);
    expect(res.json()).toEqual({ message: 'updateCommandSent' });
    const events = await historyUntil(
      gw.mac,
      (e) => e.filter((x) => x.kind === 'update').length === 2,
    );
    const reboot = events.find((e) => e.kind === 'reboot');
    expect(reboot).toMatchObject({ user: owner.email, data: { command: 'reboot' } });
    const [done, started] = events.filter((e) => e.kind === 'update');
    expect(started).toMatchObject({
      user: owner.email,
      data: { command: 'update', from: '8.4.0', to: '8.5.0', branch: 'MAIN', result: 'started' },
    });
    expect(done).toMatchObject({
      user: owner.email,
      data: { from: '8.4.0', to: '8.5.0', result: 'done' },
    });
    expect(done?.at).toBeGreaterThanOrEqual(started?.at ?? Infinity);
    // The update's progress steps are not history.
    expect(events.filter((e) => e.kind === 'update')).toHaveLength(2);

    // The fleet-wide list carries the gateway's and project's names.
    const recent = await get(owner, '/api/gateway-events?limit=50&kinds=update,reboot');
    const mine = recent.json<{ events: GatewayEvent[] }>().events.filter((e) => e.mac === gw.mac);
    expect(mine.map((e) => e.kind)).toEqual(['update', 'update', 'reboot']);
    expect(mine[0]).toMatchObject({
      gatewayName: gw.name,
      projectId: project.id,
      projectName: project.name,
    });
    await agent.stop();
  });

  it('records a refused update as failed, with its error', async () => {
    await uploadFirmware('kloudnx', '8.5.0', Buffer.from('firmware image 8.5.0'));
    const file = readdirSync(join(dataDir, 'firmware')).find((f) => f.startsWith('kloudnx-8.5.0'));
    writeFileSync(join(dataDir, 'firmware', file ?? 'x'), 'tampered');
    const { gw, agent } = await onlineAgent('8.4.0');
    const res = await get(owner, `/api/gateway/update/${gw.mac}/MAIN`);
    expect(res.json()).toMatchObject({ statusCode: 422, reason: 'firmwareChecksumMismatch' });
    const events = await historyUntil(gw.mac, (e) =>
      e.some((x) => x.kind === 'update' && x.data.result === 'failed'),
    );
    expect(events.filter((e) => e.kind === 'update').map((e) => e.data.result)).toEqual([
      'failed',
      'started',
    ]);
    expect(events.find((e) => e.data.result === 'failed')).toMatchObject({
      user: owner.email,
      data: { from: '8.4.0', to: '8.5.0', result: 'failed', error: 'firmwareChecksumMismatch' },
    });
    await agent.stop();
  });
});

describe('remote access', () => {
  it('records who opened and closed it', async () => {
    const gw = await newGateway({ type: 'kloudnx', version: '8.5.0' });
    const nowhere = { host: '127.0.0.1', port: 9 };
    const agent = startTunnelAgent(broker, gw, { config: nowhere, knx: nowhere });
    await waitFor(() => t.modules.hub.service.reachable(gw));
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/vpn/open/${gw.mac}`,
      headers: bearer(owner.token),
      payload: { delay: 7_200_000 },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await get(owner, `/api/vpn/disconnect/${gw.mac}`)).statusCode).toBe(200);
    const events = await historyUntil(gw.mac, (e) => e.some((x) => x.data.command === 'vpn.close'));
    expect(events.filter((e) => e.kind === 'command').map((e) => [e.data.command, e.user])).toEqual(
      [
        ['vpn.close', owner.email],
        ['vpn.open', owner.email],
      ],
    );
    await agent.stop();
  });
});

describe('access', () => {
  it("answers 404 to another team, and reads for a project's viewer", async () => {
    const gw = await newGateway();
    const stranger = await createUser(t.app, 'manager');
    const viewer = await createUser(t.app, 'viewer');
    await addViewer(t.app, project.id, viewer.id);
    for (const url of [`/api/gateway-events/${gw.mac}`, `/api/gateway-events/${gw.mac}/uptime`]) {
      expect((await get(stranger, url)).statusCode).toBe(404);
      expect((await get(viewer, url)).statusCode).toBe(200);
      expect((await get(admin, url)).statusCode).toBe(200);
    }
    const theirs = await get(stranger, '/api/gateway-events');
    expect(theirs.statusCode).toBe(200);
    const seen = theirs.json<{ events: GatewayEvent[] }>().events;
    expect(seen.filter((e) => e.projectId === project.id)).toEqual([]);
    expect((await get(stranger, '/api/gateway-events?limit=51')).statusCode).toBe(400);
  });
});

describe('retention', () => {
  it("deletes what the project's plan no longer keeps, and events of no project after a month", async () => {
    const DAY = 86_400_000;
    const now = Date.now();
    const free = await createProject(t.app, owner.team);
    const pro = await createProject(t.app, owner.team);
    await t.app.db
      .updateTable('projects')
      .set({ logger_subscription: 'free' })
      .where('id', '=', free.id)
      .execute();
    await t.app.db
      .updateTable('projects')
      .set({ logger_subscription: 'pro' })
      .where('id', '=', pro.id)
      .execute();
    const loose = await createGateway(t.app, { team_id: owner.team });
    const row = (project_id: string | null, ageDays: number) => ({
      id: newId(),
      mac: loose.mac,
      team_id: owner.team,
      project_id,
      at: now - ageDays * DAY,
      kind: 'online',
      user_id: null,
      user_email: null,
      data: '{}',
    });
    const rows = {
      freeOld: row(free.id, 45),
      freeNew: row(free.id, 10),
      proOld: row(pro.id, 200),
      proTooOld: row(pro.id, 400),
      looseOld: row(null, 40),
      looseNew: row(null, 20),
    };
    await t.app.db.insertInto('gateway_events').values(Object.values(rows)).execute();
    await t.modules.gatewayEvents.service.sweep();
    const left = await t.app.db
      .selectFrom('gateway_events')
      .select('id')
      .where('mac', '=', loose.mac)
      .execute();
    const ids = new Set(left.map((r) => r.id));
    expect(ids).toEqual(new Set([rows.freeNew.id, rows.proOld.id, rows.looseNew.id]));
  });
});

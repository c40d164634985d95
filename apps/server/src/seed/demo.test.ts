import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GraphReply } from '@atrium/contracts/graph';
import type { ProjectItem } from '@atrium/contracts/project';
import { parisClock } from '@atrium/gateway-agent/demo-building-values';
import { DEFAULT_LATEST_VERSIONS } from '@atrium/contracts/version';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';
import { sweepDemos } from '../modules/hub/hub.module';
import { HubRepository } from '../modules/hub/hub.repository';
import { seedDemo } from './demo';
import { DEMO_LIVE_MACS } from './demo-projects';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A demo account's bearer header. */
async function headersOf(email: string) {
  const user = await t.modules.users.repo.findByEmail(email);
  if (!user) throw new Error(`no ${email}`);
  return bearer(await t.modules.users.tokens.sign(user));
}

/** The demo project of this name, as the projects list gives it. */
async function projectNamed(name: string, headers: Record<string, string>) {
  const res = await t.app.inject({ url: '/api/project', headers });
  const project = res.json<{ projects: ProjectItem[] }>().projects.find((p) => p.name === name);
  if (!project) throw new Error(`no ${name}`);
  return project;
}

/** The project data route (`get project data`): one series per measurement. */
async function graph(
  projectId: string,
  headers: Record<string, string>,
  q: { measurements: string[]; start: number; stop: number; window: string; aggregation?: string },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/project/timeseries/${projectId}`,
    headers,
    payload: q,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GraphReply>();
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('gives the demo team projects with gateways of mixed types and states, and waiting gateways', async () => {
    const started = performance.now();
    expect(await seedDemo(t.modules, t.app.log)).toBe(true);
    console.info(`demo seeded in ${Math.round(performance.now() - started)} ms (${t.dbKind})`);
    const user = await t.modules.users.repo.findByEmail('user@atrium.demo');
    if (!user) throw new Error('no demo user');
    const token = await t.modules.users.tokens.sign(user);
    const res = await t.app.inject({ url: '/api/project', headers: bearer(token) });
    const projects = res.json<{ projects: ProjectItem[] }>().projects;
    expect(projects.map((p) => [p.name, p.online, p.gateways.length])).toEqual([
      ['Bureaux Lyon', 1, 4],
      ['Chantier Nantes', 2, 1],
      ['Villa Rose', 1, 3],
    ]);
    const waiting = await t.app.inject({
      url: '/api/gateway/waiting?mac=A4:B1:C2:00:00:01&sn=DEMO0001',
      headers: bearer(token),
    });
    expect(waiting.json()).toMatchObject({ waiting: true });
    // A live gateway's access log has a past session to show.
    const log = await t.app.inject({ url: '/api/vpn/log/a4b1c2001001', headers: bearer(token) });
    expect(log.json<{ items: { reached: string[] }[] }>().items.length).toBeGreaterThan(0);
    // Alerts: thresholds on Villa Rose, a week of history, the offline gateways' open alerts.
    const villa = projects.find((p) => p.name === 'Villa Rose');
    expect(villa?.logger.thresholds).toHaveLength(4);
    expect(villa?.features).toContain('notification');
    const open = await t.app.inject({ url: '/api/alerts/open', headers: bearer(token) });
    expect(Object.values(open.json<{ open: Record<string, number> }>().open)).toEqual([1, 1]);
    const history = await t.app.inject({
      url: `/api/alerts/project/${villa?._id ?? ''}`,
      headers: bearer(token),
    });
    expect(history.json<{ alerts: { kind: string }[] }>().alerts.map((a) => a.kind)).toEqual([
      'status',
      'threshold',
      'threshold',
      'threshold',
      'voltage',
    ]);
    // The demo viewer reads only the project shared with it (decision 0024).
    const viewer = await t.modules.users.repo.findByEmail('viewer@atrium.demo');
    if (!viewer) throw new Error('no demo viewer');
    const viewerToken = await t.modules.users.tokens.sign(viewer);
    const viewed = await t.app.inject({ url: '/api/project', headers: bearer(viewerToken) });
    expect(
      viewed.json<{ projects: ProjectItem[] }>().projects.map((p) => [p.name, p.role]),
    ).toEqual([['Villa Rose', 'viewer']]);
    expect(await seedDemo(t.modules, t.app.log)).toBe(false);
  });

  it('gives the live demo projects an ETS file, recorded addresses and weeks of plausible history', async () => {
    const headers = await headersOf('user@atrium.demo');
    const villa = await projectNamed('Villa Rose', headers);
    const lyon = await projectNamed('Bureaux Lyon', headers);
    for (const [project, count] of [
      [villa, 22],
      [lyon, 13],
    ] as const) {
      const ets = await t.app.inject({ url: `/api/project/ets/infos/${project._id}`, headers });
      expect(ets.statusCode, ets.body).toBe(200);
      expect(JSON.stringify(ets.json())).toContain(`"count":${count}`);
    }
    const now = Date.now();
    const week = { start: now - 7 * DAY, stop: now };
    // Hourly means of the living room's temperature and CO₂, and of the office temperature.
    const hourly = await graph(villa._id, headers, {
      measurements: ['1/1/1', '1/2/1', '3/0/2'],
      ...week,
      window: '1h',
    });
    expect(hourly.code).toBeUndefined();
    const [temperature, co2, power] = hourly.data;
    expect(temperature?.unit).toBe('°C');
    expect(co2?.unit).toBe('ppm');
    expect(power?.unit).toBe('W');
    expect(temperature?.list.length).toBeGreaterThan(160);
    const ys = (list: { x: number; y: number }[], hours: number[]) =>
      list.filter((p) => hours.includes(Math.floor(parisClock(p.x).hour))).map((p) => p.y);
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const temps = temperature?.list ?? [];
    expect(Math.min(...temps.map((p) => p.y))).toBeGreaterThan(17);
    expect(Math.max(...temps.map((p) => p.y))).toBeLessThan(24);
    // Warmer by day than at night; more CO₂ in the evening than at night.
    expect(mean(ys(temps, [15, 16, 17])) - mean(ys(temps, [3, 4, 5]))).toBeGreaterThan(1.5);
    const co2s = co2?.list ?? [];
    expect(mean(ys(co2s, [19, 20, 21])) - mean(ys(co2s, [2, 3, 4]))).toBeGreaterThan(300);
    const office = await graph(lyon._id, headers, {
      measurements: ['5/1/1', '5/2/1'],
      ...week,
      window: '1h',
    });
    expect(office.data.every((s) => s.list.length > 100)).toBe(true);
    // Daily rollups: the energy counter's daily maximum rises day after day; the pool's
    // water (recorded by the poolnx) stays warm; the lights are switches.
    const daily = await graph(villa._id, headers, {
      measurements: ['3/0/1'],
      start: now - 12 * DAY,
      stop: now,
      window: '1d',
      aggregation: 'max',
    });
    const energy = daily.data[0]?.list.map((p) => p.y) ?? [];
    expect(energy.length).toBeGreaterThanOrEqual(12);
    expect(energy.every((v, i) => i === 0 || v > (energy[i - 1] ?? Infinity))).toBe(true);
    const pool = await graph(villa._id, headers, {
      measurements: ['2/1/1'],
      ...week,
      window: '1d',
    });
    expect(pool.data[0]?.mac).toBe('a4b1c2001002');
    expect(pool.data[0]?.list.every((p) => p.y > 26 && p.y < 28)).toBe(true);
    const lights = await graph(villa._id, headers, {
      measurements: ['0/0/1'],
      ...week,
      window: '1h',
    });
    expect(new Set(lights.data[0]?.list.map((p) => p.y))).toEqual(new Set([0, 1]));
    // The supply voltage of every live gateway, for the same weeks.
    const voltage = await graph(villa._id, headers, {
      measurements: ['voltage'],
      ...week,
      window: '1h',
    });
    expect(
      voltage.data
        .filter((s) => s.list.length > 160)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['Piscine', 'Salon']);
  });

  it('seeds no update step on an up-to-date gateway, and a firmware file per type', async () => {
    const rows = await t.app.db
      .selectFrom('gateways')
      .select(['name', 'type', 'version', 'step'])
      .where('mac', 'like', 'a4b1c20010%')
      .execute();
    const stuck = rows.filter(
      (r) =>
        r.step !== null &&
        r.version === DEFAULT_LATEST_VERSIONS[r.type as keyof typeof DEFAULT_LATEST_VERSIONS],
    );
    expect(stuck).toEqual([]);
    expect(rows.filter((r) => r.step !== null)).toEqual([]);
    const firmware = await t.app.db.selectFrom('firmware').select(['type', 'version']).execute();
    expect(firmware.map((f) => `${f.type} ${f.version}`).sort()).toEqual(
      Object.entries(DEFAULT_LATEST_VERSIONS)
        .map(([type, version]) => `${type} ${version}`)
        .sort(),
    );
  });

  it('runs the seeded live gateways on the simulator agent: online, reporting, answering commands', async () => {
    const repo = new HubRepository(t.app.db);
    // The server's start marks every real gateway offline; the sweep brings the live ones back.
    await repo.markAllOffline(Date.now());
    await sweepDemos(t.modules.hub.service, repo, DEMO_LIVE_MACS);
    const liveNames = async () => {
      await t.modules.hub.service.flush();
      const rows = await t.app.db
        .selectFrom('gateways')
        .select(['name', 'online', 'virtual'])
        .where('mac', 'like', 'a4b1c20010%')
        .execute();
      expect(rows.every((r) => r.virtual === 0)).toBe(true); // they stay "real": every button shows
      return rows
        .filter((r) => r.online === 1)
        .map((r) => r.name)
        .sort();
    };
    await vi.waitFor(
      async () =>
        expect(await liveNames()).toEqual([
          'Compteurs',
          'Piscine',
          'Salon',
          'Tableau',
          'Éclairage secours',
          'Étage 1',
        ]),
      // Six agents connect and report: seconds on a loaded 2-core machine.
      { timeout: 15_000 },
    );
    const [salon] = await t.modules.gateways.repo.findByMacs(['a4b1c2001001']);
    if (!salon) throw new Error('no Salon');
    // The agent answers, then goes offline for its reboot.
    await expect(t.modules.hub.service.command(salon, 'reboot', {})).resolves.toBeDefined();
    await vi.waitFor(() => expect(t.modules.hub.service.presence.isOnline(salon.mac)).toBe(false));
  });

  it('updates an outdated live demo gateway to the end: progress, new version, up to date', async () => {
    const headers = await headersOf('manager@atrium.demo');
    const [etage1] = await t.modules.gateways.repo.findByMacs(['a4b1c2001004']);
    expect(etage1).toMatchObject({ name: 'Étage 1', version: '8.4.2' });
    await vi.waitFor(() =>
      expect(t.modules.hub.service.presence.isOnline('a4b1c2001004')).toBe(true),
    );
    const steps: unknown[] = [];
    t.modules.hub.events.on('update', (e) => {
      if (e.mac === 'a4b1c2001004') steps.push(e.step);
    });
    const res = await t.app.inject({ url: '/api/gateway/update/a4b1c2001004/MAIN', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('firmwareNotFound');
    await vi.waitFor(
      async () => {
        await t.modules.hub.service.flush();
        const [gw] = await t.modules.gateways.repo.findByMacs(['a4b1c2001004']);
        expect(gw).toMatchObject({ version: '8.5.0', step: null });
      },
      // Five steps of 0.6 s, then the reboot (3 s) and the new version's announce.
      { timeout: 20_000, interval: 250 },
    );
    expect(steps).toEqual(expect.arrayContaining(['updating', '1/5', '5/5', -1, null]));
    const villa = await projectNamed('Bureaux Lyon', headers);
    expect(villa.gateways.find((g) => g.mac === 'a4b1c2001004')).toMatchObject({
      version: '8.5.0',
    });
  });

  it("has the live kloudnx Salon read the server's demo energy meter: values stored and charted", async () => {
    const user = await t.modules.users.repo.findByEmail('user@atrium.demo');
    if (!user) throw new Error('no demo user');
    const headers = bearer(await t.modules.users.tokens.sign(user));
    const projects = await t.app.inject({ url: '/api/project', headers });
    const villa = projects
      .json<{ projects: ProjectItem[] }>()
      .projects.find((p) => p.name === 'Villa Rose');
    const id = villa?._id ?? '';
    const meters = await t.app.inject({
      url: `/api/project/monitored/modbus/meters/${id}`,
      headers,
    });
    expect(meters.json()).toMatchObject({
      meters: [
        {
          name: 'Compteur général',
          gatewayMac: 'a4b1c2001001',
          network: { ip: '127.0.0.1', port: t.modules.hub.demoMeterPort() },
          enabled: true,
        },
      ],
    });
    const values = await t.app.inject({
      url: `/api/project/monitored/modbus/values/${id}`,
      headers,
    });
    const byName = new Map(
      values
        .json<{ values: { id: string; name: string; unit: string }[] }>()
        .values.map((v) => [v.name, v]),
    );
    expect([...byName.keys()].sort()).toEqual([
      'Courant',
      'Fréquence',
      'Puissance active',
      'Tension',
      'Énergie importée',
    ]);
    const measurements = ['Tension', 'Fréquence', 'Énergie importée'].map(
      (name) => `modbus:${byName.get(name)?.id ?? ''}`,
    );
    // Polled on arrival (the seed's configuration waited for it), then every 10 s.
    const charted = await vi.waitFor(
      async () => {
        const now = Date.now();
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/project/timeseries/${id}`,
          headers,
          payload: { measurements, start: now - 600_000, stop: now + 1_000, window: '1s' },
        });
        const data = res.json<GraphReply>().data;
        expect(data.every((s) => s.list.length > 0)).toBe(true);
        return data;
      },
      { timeout: 20_000, interval: 500 },
    );
    const last = (i: number) => charted[i]?.list.at(-1)?.y ?? NaN;
    expect(charted.map((s) => s.unit)).toEqual(['V', 'Hz', 'kWh']);
    expect(last(0)).toBeGreaterThan(200);
    expect(last(0)).toBeLessThan(260);
    expect(last(1)).toBeGreaterThan(49);
    expect(last(1)).toBeLessThan(51);
    expect(last(2)).toBeGreaterThanOrEqual(0);
  });
});

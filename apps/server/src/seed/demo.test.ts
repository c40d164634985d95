import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GraphReply } from '@atrium/contracts/graph';
import type { ProjectItem } from '@atrium/contracts/project';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';
import { sweepDemos } from '../modules/hub/hub.module';
import { HubRepository } from '../modules/hub/hub.repository';
import { seedDemo } from './demo';
import { DEMO_LIVE_MACS } from './demo-projects';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('gives the demo team projects with gateways of mixed types and states, and waiting gateways', async () => {
    expect(await seedDemo(t.modules, t.app.log)).toBe(true);
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

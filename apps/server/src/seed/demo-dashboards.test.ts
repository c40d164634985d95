import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_TOKEN_HEADER,
  type BossDataReply,
  type DashboardDataReply,
  type SharedDashboardReply,
} from '@atrium/contracts/dashboards';
import type { ProjectItem } from '@atrium/contracts/project';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';
import { seedDemo } from './demo';
import { DEMO_SHARE_TOKEN } from './demo-dashboards';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  expect(await seedDemo(t.modules, t.app.log)).toBe(true);
});
afterAll(() => t.close());

const shared = (url: string) =>
  t.app.inject({ url, headers: { [DASHBOARD_TOKEN_HEADER]: DEMO_SHARE_TOKEN } });

describe('the demo dashboards (issue 20)', () => {
  it('opens Villa Rose’s shared chart dashboard without an account, every widget with data', async () => {
    const res = await shared('/api/shared/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<SharedDashboardReply>();
    expect(reply).toMatchObject({ type: 'chartnx', projectName: 'Villa Rose', expiresAt: null });
    const data = (await shared('/api/shared/dashboard/data')).json<DashboardDataReply>();
    // Seven widgets on the building's history, two on the demo meter's power (read live).
    expect(data.widgets.map((w) => w.id)).toEqual([
      'temperatures',
      'sejour',
      'pompe',
      'energie',
      'puissance',
      'piscine',
      'tableau',
      'compteur',
      'compteur-valeur',
    ]);
    expect(data.widgets.at(-1)?.series[0]).toMatchObject({ unit: 'W', isBool: false });
    for (const w of data.widgets.filter((x) => !x.id.startsWith('compteur'))) {
      for (const s of w.series) expect(s.last, `${w.id} ${s.name}`).not.toBeNull();
      if (w.kind === 'line' || w.kind === 'bar')
        expect(w.series[0]?.points.length, w.id).toBeGreaterThan(5);
    }
    const bar = data.widgets.find((w) => w.id === 'energie');
    // A house's daily consumption (DPT 13.010, Wh): some kWh a day, never negative.
    expect(bar?.series[0]?.unit).toBe('Wh');
    const days = bar?.series[0]?.points ?? [];
    expect(days.every((p) => p.y >= 0)).toBe(true);
    // The first and the last day are partial (the history's start, today so far: a few Wh
    // just after midnight in Paris); every whole day in between counts some kWh.
    const whole = days.slice(1, -1);
    expect(whole.length).toBeGreaterThan(5);
    expect(whole.every((p) => p.y > 1_000 && p.y < 100_000)).toBe(true);
  });

  it('gives Villa Rose its boss dashboard with gateways, key values and energy', async () => {
    const user = await t.modules.users.repo.findByEmail('user@atrium.demo');
    if (!user) throw new Error('no demo user');
    const headers = bearer(await t.modules.users.tokens.sign(user));
    const list = await t.app.inject({ url: '/api/project', headers });
    const villa = list
      .json<{ projects: ProjectItem[] }>()
      .projects.find((p) => p.name === 'Villa Rose');
    if (!villa) throw new Error('no Villa Rose');
    const boss = await t.app.inject({ url: `/api/bossnx/projects/${villa._id}`, headers });
    expect(boss.statusCode, boss.body).toBe(200);
    const res = await t.app.inject({ url: `/api/bossnx/data/${villa._id}`, headers });
    const data = res.json<BossDataReply>();
    expect(data.gateways.total).toBe(3);
    expect(data.keyValues).toHaveLength(4);
    expect(data.keyValues.every((k) => k.last !== null)).toBe(true);
    expect(data.energy.month).toBeGreaterThan(0);
    const charts = await t.app.inject({ url: `/api/chartnx/dashboard/${villa._id}`, headers });
    expect(charts.json()).toMatchObject({ limit: 2, canCreate: true });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, TRIAL_DAYS } from '@atrium/contracts/plans';
import { callAs, createProject } from '../../../test/fixtures';
import {
  createUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/test-server';

const DAY = 24 * 3_600_000;
let t: TestServer;
let admin: TestUser;
let call: ReturnType<typeof callAs>;

beforeAll(async () => {
  t = await startTestServer();
  admin = await createUser(t.app, 'admin');
  call = callAs(t.app);
});
afterAll(() => t.close());

/** The project's address maximum as the monitored-addresses limit check reads it. */
const addressMax = async (u: TestUser, projectId: string) =>
  (await call(u, 'GET', `/api/project/monitored/count/${projectId}`)).json<{ max: number }>().max;
/** The project's logger as the (cached) projects list shows it. */
const listedLogger = async (u: TestUser, projectId: string) =>
  (await call(u, 'GET', '/api/project'))
    .json<{ projects: { _id: string; logger: Record<string, unknown> }[] }>()
    .projects.find((p) => p._id === projectId)?.logger;
const projectRow = (id: string) =>
  t.app.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('subscriptions: free trial', () => {
  it('starts once per team, shows its end, raises the limits at once, and ends by itself', async () => {
    const sup = await createUser(t.app, 'supervisor');
    const [p1, p2] = [await createProject(t.app, sup.team), await createProject(t.app, sup.team)];
    expect((await call(sup, 'GET', '/api/subscriptions/hasFreeTrial')).json()).toEqual({
      hasFreeTrial: true,
    });
    expect(await addressMax(sup, p1.id)).toBe(PLANS.free.addresses);
    // The projects list is cached per team revision: read it once before the change.
    expect(await listedLogger(sup, p1.id)).toMatchObject({ subscription: 'free' });

    const before = Date.now();
    const started = await call(sup, 'GET', `/api/subscriptions/startTrial/${p1.id}`);
    expect(started.statusCode).toBe(200);
    const { trialEnds } = started.json<{ trialEnds: number }>();
    expect(trialEnds).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY);
    expect(trialEnds).toBeLessThan(Date.now() + TRIAL_DAYS * DAY + 1);
    expect(await addressMax(sup, p1.id)).toBe(PLANS.trial.addresses);
    expect(await listedLogger(sup, p1.id)).toMatchObject({
      subscription: 'trial',
      endlogdate: trialEnds,
      address: PLANS.trial.addresses,
      vpn: PLANS.trial.vpnHours,
    });
    const row = await projectRow(p1.id);
    expect([row.logger_vpn, row.logger_max_thresholds]).toEqual([
      PLANS.trial.vpnHours,
      PLANS.trial.maxThresholds,
    ]);
    expect((await call(sup, 'GET', `/api/subscriptions/${p1.id}`)).json()).toMatchObject({
      exists: false,
      subscription: 'trial',
      plan: { name: 'trial' },
      trialEnds,
    });

    expect((await call(sup, 'GET', '/api/subscriptions/hasFreeTrial')).json()).toEqual({
      hasFreeTrial: false,
    });
    const again = await call(sup, 'GET', `/api/subscriptions/startTrial/${p2.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'subAlreadyExists' });
    // Another manager of the same team: still once per team.
    const mgr = await createUser(t.app, 'manager', sup.team);
    const third = await call(mgr, 'GET', `/api/subscriptions/startTrial/${p2.id}`);
    expect(third.json()).toMatchObject({ code: 'subAlreadyExists' });

    // The trial's end passes: read, the project is free again with free limits.
    await t.app.db
      .updateTable('projects')
      .set({ logger_endlogdate: Date.now() - 1000 })
      .where('id', '=', p1.id)
      .execute();
    expect((await call(sup, 'GET', `/api/subscriptions/${p1.id}`)).json()).toMatchObject({
      subscription: 'free',
      trialEnds: null,
    });
    expect(await addressMax(sup, p1.id)).toBe(PLANS.free.addresses);
  });

  it('refuses a trial on a project that is not free', async () => {
    const sup = await createUser(t.app, 'supervisor');
    const p = await createProject(t.app, sup.team);
    await t.modules.subscriptions.service.grant({ projectId: p.id, plan: 'starter' });
    const res = await call(sup, 'GET', `/api/subscriptions/startTrial/${p.id}`);
    expect(res.json()).toMatchObject({ code: 'subAlreadyExists' });
  });
});

describe('subscriptions: manual billing', () => {
  it('an administrator grants, extends, changes and cancels; the project’s limits follow at once', async () => {
    const sup = await createUser(t.app, 'supervisor');
    const p = await createProject(t.app, sup.team);
    const granted = await call(admin, 'POST', '/api/admin/subscriptions', {
      projectId: p.id,
      plan: 'pro',
      until: Date.now() + 30 * DAY,
    });
    expect(granted.statusCode).toBe(201);
    const sub = granted.json<{ subscription: { _id: string } }>().subscription;
    expect(granted.json()).toMatchObject({
      subscription: {
        status: 'active',
        plan: { name: 'pro' },
        provider: 'manual',
        project: { _id: p.id },
      },
    });
    expect(await addressMax(sup, p.id)).toBe(PLANS.pro.addresses);
    expect((await projectRow(p.id)).logger_vpn).toBe(PLANS.pro.vpnHours);

    const list = (await call(sup, 'GET', '/api/subscriptions')).json<{
      subscriptions: unknown[];
    }>();
    expect(list.subscriptions).toEqual([
      expect.objectContaining({
        _id: sub._id,
        nickname: 'Pro',
        status: 'active',
        project: { _id: p.id, name: p.name },
      }),
    ]);
    expect((await call(sup, 'GET', `/api/subscriptions/status/${sub._id}`)).json()).toMatchObject({
      status: 'active',
    });

    // A downgrade: the limits fall at once; recorded data waits for the retention sweep.
    expect((await call(sup, 'GET', `/api/subscriptions/${p.id}`)).json()).toMatchObject({
      exists: true,
      plan: { name: 'pro' },
      current: { _id: sub._id },
    });
    // A viewer of another team sees the plan, not the team's subscription.
    const guest = await createUser(t.app, 'user');
    await t.modules.projects.repo.addViewer(p.id, guest.id);
    expect((await call(guest, 'GET', `/api/subscriptions/${p.id}`)).json()).toMatchObject({
      exists: true,
      plan: { name: 'pro' },
      current: null,
    });

    const down = await call(admin, 'POST', `/api/admin/subscriptions/${sub._id}`, {
      plan: 'starter',
    });
    expect(down.statusCode).toBe(200);
    expect(await addressMax(sup, p.id)).toBe(PLANS.starter.addresses);
    expect((await projectRow(p.id)).logger_retention).toBe(PLANS.starter.retention);

    const cancelled = await call(admin, 'POST', `/api/admin/subscriptions/${sub._id}/cancel`);
    expect(cancelled.json()).toMatchObject({ subscription: { status: 'cancelled' } });
    expect(await addressMax(sup, p.id)).toBe(PLANS.free.addresses);

    // A cancelled subscription used: subNotActive.
    const link = await call(sup, 'POST', `/api/subscriptions/${p.id}`, {
      subId: sub._id,
      projectId: p.id,
    });
    expect(link.statusCode).toBe(409);
    expect(link.json()).toMatchObject({ code: 'subNotActive' });
    const unsub = await call(sup, 'GET', `/api/subscriptions/unsubscribe/${sub._id}`);
    expect(unsub.json()).toMatchObject({ code: 'subNotActive' });
    const extend = await call(admin, 'POST', `/api/admin/subscriptions/${sub._id}`, {
      until: Date.now() + DAY,
    });
    expect(extend.json()).toMatchObject({ code: 'subNotActive' });
  });

  it('links a team subscription to another project and the supervisor unsubscribes', async () => {
    const sup = await createUser(t.app, 'supervisor');
    const [a, b] = [await createProject(t.app, sup.team), await createProject(t.app, sup.team)];
    const { subscription } = await t.modules.subscriptions.service.grant({
      teamId: sup.team,
      plan: 'starter',
    });
    expect(await addressMax(sup, a.id)).toBe(PLANS.free.addresses);
    const linked = await call(sup, 'POST', `/api/subscriptions/${a.id}`, {
      subId: subscription._id,
      projectId: a.id,
      planId: 'starter',
    });
    expect(linked.statusCode).toBe(200);
    expect(await addressMax(sup, a.id)).toBe(PLANS.starter.addresses);
    await call(sup, 'POST', `/api/subscriptions/${b.id}`, {
      subId: subscription._id,
      projectId: b.id,
    });
    expect([await addressMax(sup, a.id), await addressMax(sup, b.id)]).toEqual([
      PLANS.free.addresses,
      PLANS.starter.addresses,
    ]);
    const gone = await call(sup, 'GET', `/api/subscriptions/unsubscribe/${subscription._id}`);
    expect(gone.json()).toMatchObject({ subscription: { status: 'cancelled' } });
    expect(await addressMax(sup, b.id)).toBe(PLANS.free.addresses);
  });

  it('ends a grant whose date has passed by itself', async () => {
    const sup = await createUser(t.app, 'supervisor');
    const p = await createProject(t.app, sup.team);
    const { subscription } = await t.modules.subscriptions.service.grant({
      projectId: p.id,
      plan: 'pro',
      until: Date.now() + DAY,
    });
    await t.app.db
      .updateTable('subscriptions')
      .set({ until: Date.now() - 1 })
      .where('id', '=', subscription._id)
      .execute();
    await t.modules.subscriptions.service.sweep();
    expect(
      (await call(sup, 'GET', `/api/subscriptions/status/${subscription._id}`)).json(),
    ).toMatchObject({
      status: 'cancelled',
    });
    expect(await addressMax(sup, p.id)).toBe(PLANS.free.addresses);
  });

  it('answers subNotFound for an unknown subscription or another team’s', async () => {
    const sup = await createUser(t.app, 'supervisor');
    const other = await createUser(t.app, 'supervisor');
    const p = await createProject(t.app, sup.team);
    const { subscription } = await t.modules.subscriptions.service.grant({
      teamId: other.team,
      plan: 'pro',
    });
    for (const res of [
      await call(sup, 'GET', '/api/subscriptions/status/nope'),
      await call(sup, 'GET', `/api/subscriptions/status/${subscription._id}`),
      await call(sup, 'GET', '/api/subscriptions/unsubscribe/nope'),
      await call(sup, 'POST', `/api/subscriptions/${p.id}`, {
        subId: subscription._id,
        projectId: p.id,
      }),
      await call(admin, 'POST', '/api/admin/subscriptions/nope/cancel'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'subNotFound' });
    }
  });

  it('gives the billing page as portal, refuses non-administrators and the custhome team', async () => {
    const sup = await createUser(t.app, 'supervisor');
    expect((await call(sup, 'GET', '/api/subscriptions/portal')).json()).toEqual({
      url: '/billing',
    });
    expect(
      (await call(sup, 'POST', '/api/subscriptions', { subscriptions: [{ plan: 'pro' }] })).json(),
    ).toEqual({ url: '/billing?plan=pro' });
    const grant = await call(sup, 'POST', '/api/admin/subscriptions', {
      teamId: sup.team,
      plan: 'pro',
    });
    expect(grant.statusCode).toBe(403);
    const user = await createUser(t.app, 'user', sup.team);
    expect((await call(user, 'GET', '/api/subscriptions')).statusCode).toBe(403);
    const cust = await createUser(t.app, 'supervisor', 'custhome');
    expect((await call(cust, 'GET', '/api/subscriptions')).statusCode).toBe(403);
    expect((await call(cust, 'GET', '/api/subscriptions/hasFreeTrial')).json()).toEqual({
      hasFreeTrial: false,
    });
    const bad = await call(admin, 'POST', '/api/admin/subscriptions', { plan: 'pro' });
    expect(bad.statusCode).toBe(400);
  });

  it('pages every team’s subscriptions for the admin console', async () => {
    const sup = await createUser(t.app, 'supervisor');
    for (const plan of ['starter', 'pro', 'custhome'] as const)
      await t.modules.subscriptions.service.grant({ teamId: sup.team, plan });
    const page = await call(admin, 'GET', `/api/admin/subscriptions?team=${sup.team}&limit=2`);
    expect(page.json()).toMatchObject({ total: 3 });
    expect(page.json<{ subscriptions: unknown[] }>().subscriptions).toHaveLength(2);
  });
});

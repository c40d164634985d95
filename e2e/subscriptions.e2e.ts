import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PLANS } from '@atrium/contracts/plans';
import { expectNoSeriousViolations } from './a11y';
import { startPostgres, type PgCluster } from '../apps/server/test/postgres-cluster';
import { snapStill, startStack, type Stack } from './harness';
import { ADMIN, SUPERVISOR, apiCall, apiSignIn, fr, signInThroughUi } from './session';

/**
 * Subscriptions (issue 17, decision 0026) on the seeded demo: a supervisor starts the team's
 * free trial and sees its end and the raised limits; an administrator grants Pro by hand and the
 * project's limits follow; a signed Stripe webhook moves a subscription to past_due and its chip
 * turns orange. On SQLite and PostgreSQL; screenshots (SQLite run) at 1440 and 600 px in French
 * and English (e2e/screenshots).
 */
const WEBHOOK_SECRET = 'whsec_e2e_subscriptions';
let stack: Stack;
/** The database of the running describe: screenshots are taken on SQLite only. */
let database: 'sqlite' | 'postgres' = 'sqlite';

interface ProjectRow {
  _id: string;
  name: string;
  role: string;
  logger: { subscription: string; endlogdate: number; address: number; vpn: number };
}

const projects = async (token: string) =>
  (await apiCall(stack, 'GET', '/api/project', { token })).body.projects as ProjectRow[];

/** Stripe's signature header (`t=…,v1=HMAC-SHA256(secret, "t.payload")`), as Stripe sends it. */
function stripeSignature(payload: string, secret = WEBHOOK_SECRET) {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

async function webhook(event: object, secret?: string) {
  const payload = JSON.stringify(event);
  const res = await fetch(`${stack.baseUrl}/api/billing/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(payload, secret),
    },
    body: payload,
  });
  return res.status;
}

async function shot(page: Page, name: string) {
  if (database !== 'sqlite') return;
  await snapStill(page, name);
}

async function openDialog(page: Page, title = fr('projects.admin.subscriptions')) {
  await page.getByRole('button', { name: title }).first().click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  // Let the opening fade end: axe would measure the contrast of a half-transparent dialog.
  await page.waitForTimeout(500);
  return dialog;
}

describe.each(['sqlite', 'postgres'] as const)('subscriptions on %s', (db) => {
  let pg: PgCluster | undefined;
  beforeAll(async () => {
    database = db;
    if (db === 'postgres') pg = await startPostgres();
    stack = await startStack({
      SEED_DEMO: 'true',
      MQTT_PORT: '0',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // No Stripe API call is made here: Checkout and the portal are not opened.
      STRIPE_API_URL: 'http://127.0.0.1:9',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
  });
  afterAll(async () => {
    await stack?.stop();
    pg?.stop();
  });

  it('trial, a manual Pro grant and a Stripe past_due, seen in the dialog', async () => {
    const token = await apiSignIn(stack, SUPERVISOR.email, SUPERVISOR.password);
    const me = (await apiCall(stack, 'GET', '/api/user/me', { token })).body as { team: string };
    const free = (await projects(token)).filter(
      (p) => p.role === 'owner' && p.logger.subscription === 'free' && p.logger.endlogdate === 1,
    );
    expect(free.length).toBeGreaterThanOrEqual(2);
    const [trialProject, proProject] = [free[0]!, free[1]!];

    const { page } = await stack.newPage({ width: 1440, height: 900 });
    await signInThroughUi(stack, page, SUPERVISOR.email, SUPERVISOR.password);
    let dialog = await openDialog(page);

    // The free trial: choose the project, confirm, its end is shown; the limits rise at once.
    await dialog.getByRole('combobox', { name: fr('subscriptions.project') }).click();
    await page.getByRole('option', { name: trialProject.name }).click();
    await dialog.getByRole('button', { name: fr('subscriptions.startTrial') }).click();
    const confirm = page.getByRole('dialog', { name: fr('subscriptions.startTrial') });
    await confirm.getByRole('button', { name: fr('dialog.confirm') }).click();
    await dialog
      .getByText(new RegExp(`^${trialProject.name} : essai jusqu'au \\d\\d/\\d\\d/\\d{4}`))
      .waitFor();
    const afterTrial = (await projects(token)).find((p) => p._id === trialProject._id)!;
    expect(afterTrial.logger).toMatchObject({
      subscription: 'trial',
      address: PLANS.trial.addresses,
      vpn: PLANS.trial.vpnHours,
    });
    expect(await dialog.getByRole('button', { name: fr('subscriptions.startTrial') }).count()).toBe(
      0,
    );

    // An administrator grants Pro by hand (manual billing): the project's limits follow.
    const admin = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const granted = await apiCall(stack, 'POST', '/api/admin/subscriptions', {
      token: admin,
      body: { projectId: proProject._id, plan: 'pro', nickname: 'Pro manuel' },
    });
    expect(granted.status).toBe(201);
    const afterGrant = (await projects(token)).find((p) => p._id === proProject._id)!;
    expect(afterGrant.logger).toMatchObject({
      subscription: 'pro',
      address: PLANS.pro.addresses,
      vpn: PLANS.pro.vpnHours,
    });

    // A Stripe subscription arrives by webhook, then its payment fails: past_due, orange.
    const stripeSub = {
      id: 'sub_e2e',
      object: 'subscription',
      customer: 'cus_e2e',
      status: 'active',
      metadata: { team: me.team, plan: 'starter' },
      items: { object: 'list', data: [{ id: 'si_e2e', price: { id: 'price_starter' } }] },
    };
    const event = (id: string, type: string, object: object) => ({
      id,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    expect(await webhook(event('evt_e2e_1', 'customer.subscription.created', stripeSub))).toBe(200);
    await page.keyboard.press('Escape');
    dialog = await openDialog(page);
    const row = dialog.getByRole('row').filter({ hasText: 'Starter' });
    await row.getByText(fr('subscriptions.status.active')).waitFor();
    expect(await row.locator('.MuiChip-colorSuccess').count()).toBe(1);
    await expectNoSeriousViolations(page, 'subscriptions dialog');
    await shot(page, 'subscriptions-1440-fr');

    const failed = event('evt_e2e_2', 'invoice.payment_failed', {
      id: 'in_e2e',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_e2e' } },
    });
    expect(await webhook(failed, 'whsec_wrong')).toBe(400);
    expect(await webhook(failed)).toBe(200);
    await page.keyboard.press('Escape');
    dialog = await openDialog(page);
    const overdue = dialog.getByRole('row').filter({ hasText: 'Starter' });
    await overdue.getByText(fr('subscriptions.status.past_due')).waitFor();
    expect(await overdue.locator('.MuiChip-colorWarning').count()).toBe(1);
    await shot(page, 'subscriptions-past-due-1440-fr');

    // Narrow, then English.
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 600, height: 900 });
    dialog = await openDialog(page);
    await dialog.getByRole('row').filter({ hasText: 'Pro manuel' }).waitFor();
    await expectNoSeriousViolations(page, 'subscriptions dialog 600');
    await shot(page, 'subscriptions-600-fr');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: fr('shell.language') }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    dialog = await openDialog(page, 'Manage subscriptions');
    await dialog.getByText('Payment overdue').waitFor();
    await shot(page, 'subscriptions-600-en');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
    dialog = await openDialog(page, 'Manage subscriptions');
    await dialog.getByText('Payment overdue').waitFor();
    await shot(page, 'subscriptions-1440-en');
  });
});

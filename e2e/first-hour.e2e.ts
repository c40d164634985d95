import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { expectNoSeriousViolations } from './a11y';
import { snap, startStack, type Stack } from './harness';
import { fr, MANAGER, signInToHome } from './session';

/**
 * A newcomer's first hour (issue 16) on a fresh server with the embedded defaults and the
 * seeded demo, as `npm start` runs it: the demo manager signs in, lands on the fleet home,
 * opens the demo project's graph with KNX data already recorded, updates an outdated demo
 * gateway to the end, reads its event history and finds what they did in the team's log.
 * Every screen passes the accessibility check; screenshots at 1440 and 600 px, fr and en.
 */
let stack: Stack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startStack({ SEED_DEMO: 'true', MQTT_PORT: '0' });
  ({ context, page } = await stack.newPage({ width: 1440, height: 900 }));
});
afterAll(async () => {
  await context?.close();
  await stack?.stop();
});

const rowOf = (name: string) =>
  page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

/**
 * Screenshots of the current screen at 1440 and 600 px, each checked for accessibility, then
 * back to desktop.
 */
async function shots(name: string) {
  await page.mouse.move(0, 0);
  // Settled: no chip or card still in its colour transition.
  await page.waitForTimeout(500);
  await snap(page, `first-hour-${name}-1440`);
  await expectNoSeriousViolations(page, name);
  await page.setViewportSize({ width: 600, height: 900 });
  await page.waitForTimeout(300);
  await snap(page, `first-hour-${name}-600`);
  await expectNoSeriousViolations(page, `${name} at 600 px`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Recorded points in a reply of the graph's data call. */
async function pointsIn(res: Response): Promise<number> {
  const body = (await res.json()) as { data?: { list: unknown[] }[] };
  return (body.data ?? []).reduce((n, d) => n + d.list.length, 0);
}

describe("a newcomer's first hour on the demo", () => {
  it('signs in as the demo manager and lands on the fleet home', async () => {
    await signInToHome(stack, page, MANAGER.email, MANAGER.password);
    await page.getByRole('heading', { name: fr('home.title'), level: 1 }).waitFor();
    const online = page.getByTestId('kpi-online').locator('p').first();
    await expect.poll(async () => Number((await online.innerText()).replace(/\D/g, ''))).toBe(6);
    // The demo's live gateways came online: recent events and projects needing attention.
    await page.getByTestId('attention-row').filter({ hasText: 'Bureaux Lyon' }).waitFor();
    await page.getByText('Étage 1 · Bureaux Lyon').first().waitFor();
    await page
      .getByRole('button', { name: 'OK' })
      .click({ timeout: 1000 })
      .catch(() => undefined);
    await shots('home');
  });

  it("opens the demo project's graph with KNX data already there", async () => {
    await page.getByRole('link', { name: fr('home.allProjects') }).click();
    await page.waitForURL('**/projects/list');
    await rowOf('Villa Rose')
      .getByRole('button', { name: fr('projects.dialogs.graphs') })
      .click();
    const graph = page.getByRole('dialog', { name: fr('monitoring.graph.title') });
    await graph.getByText(fr('monitoring.graph.live')).waitFor();
    await graph.getByRole('combobox', { name: fr('monitoring.graph.addresses') }).click();
    const data = page.waitForResponse(
      async (r) =>
        r.url().includes('/api/project/timeseries/') &&
        r.request().postData()?.includes('1/1/1') === true,
    );
    await page.getByRole('option', { name: /Température séjour/ }).click();
    await page
      .getByRole('option', { name: /CO₂ séjour|CO2 séjour/ })
      .first()
      .click();
    await page.keyboard.press('Escape');
    // Today already holds the seeded history up to now (a few points just after midnight in
    // Paris, dozens later): never an empty chart.
    expect(await pointsIn(await data)).toBeGreaterThan(0);
    const chart = graph.getByRole('img', { name: fr('monitoring.graph.numericChart') });
    await chart.getByText(/1\/1\/1 Température séjour/).waitFor();
    expect(await graph.getByText(fr('noData')).count()).toBe(0);
    await shots('graph');
    await graph
      .getByRole('button', { name: fr('dialog.close'), exact: true })
      .last()
      .click();
    await graph.waitFor({ state: 'detached' });
  });

  it('updates an outdated demo gateway to the end', async () => {
    await rowOf('Bureaux Lyon').getByText('Bureaux Lyon', { exact: true }).click();
    await page.waitForURL(/\/projects\/[0-9a-f]+$/);
    await rowOf('Étage 1').getByText('Étage 1', { exact: true }).click();
    await page.waitForURL(/\/gateway\/[0-9a-f]+$/);
    const version = page.getByTestId('firmware-version');
    await expect.poll(() => version.textContent()).toBe('8.4.2');
    await page.getByRole('button', { name: fr('gatewayDetail.firmware.update') }).click();
    await page.getByLabel(fr('gatewayDetail.firmware.nameLabel')).fill('Étage 1');
    await page.getByRole('button', { name: fr('dialog.confirm') }).click();
    await page.getByText(fr('updateCommandSent')).waitFor();
    // Its progress shows while it runs, and it ends on the reference version, up to date.
    await page.getByTestId('update-status').waitFor();
    await expect.poll(() => version.textContent(), { timeout: 60_000 }).toBe('8.5.0');
    await page
      .getByText(fr('gatewayDetail.version', { version: '8.5.0' }))
      .first()
      .waitFor();
    await expect.poll(() => page.getByTestId('update-status').count()).toBe(0);
  });

  it('reads the gateway event history: the update, by whom, and the uptime', async () => {
    const events = page.getByTestId('gateway-event');
    const update = events.filter({ hasText: '8.4.2 → 8.5.0' });
    await update
      .filter({ hasText: fr('gatewayEvents.update.done') })
      .first()
      .waitFor();
    await update.filter({ hasText: MANAGER.email }).first().waitFor();
    await expect
      .poll(async () => (await page.getByTestId('uptime-h24').innerText()).trim())
      .toMatch(/%/);
    await shots('gateway-history');
  });

  it("finds each action in the team's activity log", async () => {
    await page.goto('/activity');
    const log = page.getByRole('table', { name: fr('activity.title') });
    await log
      .getByRole('row')
      .filter({ hasText: 'Mise à jour du firmware (8.4.2 → 8.5.0)' })
      .filter({ hasText: MANAGER.email })
      .filter({ hasText: 'Étage 1' })
      .waitFor();
    await log
      .getByRole('row')
      .filter({ hasText: fr('activity.sentence.signin.newBrowser') })
      .filter({ hasText: MANAGER.email })
      .first()
      .waitFor();
    await shots('activity');
  });

  it('reads the same screens in English', async () => {
    await page.getByRole('button', { name: fr('shell.language') }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Activity log', level: 1 }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'Firmware update (8.4.2 → 8.5.0)' })
      .first()
      .waitFor();
    await shots('activity-en');
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await page.getByText('Étage 1 · Bureaux Lyon').first().waitFor();
    await shots('home-en');
  });
});

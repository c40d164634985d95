import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snapStill as shot, startStack, type Stack } from './harness';
import { ADMIN, fr, MANAGER, signInToHome } from './session';

/**
 * The fleet home (issue 16, decision 0023) on the seeded demo: where sign-in lands, its counts
 * and the projects needing attention, for a manager and for an administrator, in French and
 * English, at desktop and narrow widths (screenshots under e2e/screenshots).
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ SEED_DEMO: 'true', MQTT_PORT: '0' });
});
afterAll(() => stack?.stop());

const count = async (page: Page, id: string) =>
  Number((await page.getByTestId(`kpi-${id}`).locator('p').first().innerText()).replace(/\D/g, ''));

async function toEnglish(page: Page) {
  await page.getByRole('button', { name: fr('shell.language') }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

describe('the fleet home', () => {
  it("lands a manager on the team's fleet, whose links open the projects", async () => {
    const { page, context } = await stack.newPage({ width: 1440, height: 900 });
    await signInToHome(stack, page, MANAGER.email, MANAGER.password);
    await page.getByRole('heading', { name: fr('home.title'), level: 1 }).waitFor();
    await page.getByTestId('attention-row').first().waitFor();
    const total = await count(page, 'total');
    expect(total).toBeGreaterThan(0);
    expect((await count(page, 'online')) + (await count(page, 'offline'))).toBe(total);
    await shot(page, 'home-manager-1440-fr');

    await page.setViewportSize({ width: 600, height: 900 });
    await shot(page, 'home-manager-600-fr');
    await toEnglish(page);
    await shot(page, 'home-manager-600-en');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'home-manager-1440-en');

    // A project needing attention opens its page; the logo comes back home.
    await page.getByTestId('attention-row').first().click();
    await page.waitForURL(/\/projects\/[0-9a-f]+$/);
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.waitForURL('**/home');
    // The offline count opens the projects list filtered on projects with gateways offline.
    await page.getByTestId('kpi-offline').getByRole('link').click();
    await page.waitForURL('**/projects/list?online=0%2C1');
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    await shot(page, 'home-offline-link-projects-1440-en');
    await context.close();
  });

  it('shows administrators the whole fleet', async () => {
    const { page, context } = await stack.newPage({ width: 1440, height: 900 });
    await signInToHome(stack, page, ADMIN.email, ADMIN.password);
    await page
      .getByText(fr('home.subtitleAdmin', { projects: '' }).split('·')[0]!.trim())
      .waitFor();
    await shot(page, 'home-admin-1440-fr');
    await page.setViewportSize({ width: 600, height: 900 });
    await toEnglish(page);
    await shot(page, 'home-admin-600-en');
    await context.close();
  });
});

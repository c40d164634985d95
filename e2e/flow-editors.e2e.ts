import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousViolations } from './a11y';
import { snapStill as shot, startStack, type Stack } from './harness';
import { ADMIN, apiCall, apiSignIn, fr, MANAGER, signInToHome } from './session';

/**
 * The flow-editor modules page, /node-red (decision 0036), on the seeded demo: an
 * administrator updates the flow editor of a project's gateways at once, the demo gateways
 * answer through the hub, the offline one's refusal is shown on its row; a manager outside the
 * partner domain has no entry. Screenshots at desktop and phone widths, French and English.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ SEED_DEMO: 'true', MQTT_PORT: '0' });
});
afterAll(() => stack?.stop());

async function openSettings(page: Page) {
  await page.getByRole('button', { name: fr('shell.settings') }).click();
  await page.getByRole('menu').waitFor();
}

describe('the flow-editor modules page', () => {
  it("updates the flow editor of a project's gateways at once, each outcome on its row", async () => {
    const { page, context } = await stack.newPage({ width: 1440, height: 900 });
    await signInToHome(stack, page, ADMIN.email, ADMIN.password);
    await openSettings(page);
    await page.getByRole('menuitem', { name: fr('shell.flowEditorModules') }).click();
    await page.waitForURL('**/node-red');
    await page.getByRole('heading', { name: fr('pages.nodeRed.title'), level: 1 }).waitFor();
    const table = page.getByRole('table', { name: fr('nodeRed.tableLabel'), exact: true });
    await table.getByRole('row').nth(1).waitFor();

    await page.getByRole('searchbox', { name: fr('nodeRed.search') }).fill('Bureaux Lyon');
    await page.getByText('1–3 sur 3').waitFor();
    const names = await table
      .getByRole('row')
      .locator('td:nth-child(2) a, td:nth-child(2)')
      .allInnerTexts();
    expect(names.join(' ')).toContain('Étage 1');
    expect(names.join(' ')).toContain('Éclairage secours');
    expect(names.join(' ')).toContain('Étage 2');
    // An administrator may choose the offline "Étage 2" too.
    await table.getByRole('checkbox', { name: fr('nodeRed.selection.page') }).check();
    await page.getByText('3 passerelles choisies').waitFor();
    await page.getByRole('button', { name: fr('nodeRed.actions.update') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText("Mettre à jour l'éditeur de flux de 3 passerelles ?").waitFor();
    await dialog.getByRole('button', { name: fr('dialog.confirm') }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });

    const row = (name: string) => table.getByRole('row').filter({ hasText: name });
    await row('Étage 1').getByText(fr('nodeRed.outcome.update')).waitFor();
    await row('Éclairage secours').getByText(fr('nodeRed.outcome.update')).waitFor();
    await row('Étage 2')
      .getByText(fr('nodeRed.outcome.failed', { reason: fr('gatewayOffline') }))
      .waitFor();
    await page
      .getByText(fr('nodeRed.summary.failed', { sent: '2', failed: '1' }))
      .first()
      .waitFor();
    await expectNoSeriousViolations(page, 'flow-editor modules');
    await shot(page, 'node-red-1440-fr');

    // The updates are in the gateways' history, as sent by the administrator (the offline one was refused before any command).
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const events = await apiCall(stack, 'GET', '/api/gateway-events?kinds=command', { token });
    const sent = (events.body.events as { data?: { command?: string } }[]).filter(
      (e) => e.data?.command === 'nodered.update',
    );
    expect(sent.length).toBe(2);

    await page.setViewportSize({ width: 400, height: 860 });
    await shot(page, 'node-red-400-fr');
    await page.getByRole('button', { name: fr('shell.language') }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Flow-editor modules', level: 1 }).waitFor();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await shot(page, 'node-red-400-en');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'node-red-1440-en');
    await context.close();
  });

  it('is neither in the menu nor reachable for a manager outside the partner domain', async () => {
    const { page, context } = await stack.newPage({ width: 1280, height: 800 });
    await signInToHome(stack, page, MANAGER.email, MANAGER.password);
    await openSettings(page);
    expect(await page.getByRole('menuitem', { name: fr('shell.flowEditorModules') }).count()).toBe(
      0,
    );
    await page.keyboard.press('Escape');
    await page.goto('/node-red');
    await page.waitForURL('**/projects/list');
    await context.close();
  });
});

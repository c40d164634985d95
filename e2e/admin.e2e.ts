import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousViolations } from './a11y';
import { snapStill as shot, startStack, type Stack } from './harness';
import { ADMIN, fr, signInToHome } from './session';

/**
 * The administrator's console (issue 17 §5, decision 0028) on the seeded demo: an administrator
 * imports a CSV of waiting gateways, pages and searches the fleet's gateways, uploads a
 * firmware, and looks at the fleet, teams, users and hub; each tab checked with axe, and
 * screenshots at 1440 and 600 px in French and English (e2e/screenshots).
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ SEED_DEMO: 'true', MQTT_PORT: '0' });
});
afterAll(() => stack?.stop());

const IMPORTED = 40;

async function openTab(page: Page, key: string) {
  await page.getByRole('tab', { name: fr(`admin.tabs.${key}`) }).click();
  await page.waitForURL(`**/admin?tab=${key}`);
}

describe("the administrator's console", () => {
  it('imports waiting gateways, pages them, uploads a firmware, in both languages', async () => {
    const { page, context } = await stack.newPage({ width: 1440, height: 900 });
    await signInToHome(stack, page, ADMIN.email, ADMIN.password);
    await page
      .getByRole('link', { name: fr('shell.admin') })
      .first()
      .click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: fr('pages.admin.title'), level: 1 }).waitFor();
    await page.getByRole('heading', { name: fr('admin.fleet.byType') }).waitFor();
    await expectNoSeriousViolations(page, 'admin fleet');
    await shot(page, 'admin-fleet-1440-fr');

    // Imports: a CSV of waiting gateways.
    await openTab(page, 'imports');
    const macs = Array.from({ length: IMPORTED }, () => randomBytes(6).toString('hex'));
    const serials = macs.map(() => randomBytes(4).toString('hex').toUpperCase());
    const csv = ['mac,sn,type', ...macs.map((m, i) => `${m},${serials[i]},kloudnx`)].join('\n');
    const section = page.getByRole('region', { name: fr('csvImport.gateways.title') });
    await section
      .locator('input[type=file]')
      .setInputFiles({ name: 'attente.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await section.getByRole('button', { name: fr('admin.imports.import') }).click();
    await section.getByText(`${IMPORTED} passerelles importées.`).waitFor();
    await section.getByText(macs[0]!).waitFor();
    await expectNoSeriousViolations(page, 'admin imports');
    await shot(page, 'admin-imports-1440-fr');

    // Gateways: the server pages them; the next page follows; a search finds one imported.
    await openTab(page, 'gateways');
    const table = page.getByRole('table', { name: fr('admin.tabs.gateways'), exact: true });
    await table.getByRole('row').nth(25).waitFor();
    expect(await table.getByRole('row').count()).toBe(26);
    const pager = page.getByText(/^1–25 sur /);
    const total = Number((await pager.innerText()).replace(/^.* sur /, '').replace(/\D/g, ''));
    expect(total).toBeGreaterThan(IMPORTED);
    await page.getByRole('button', { name: fr('pagedTable.next') }).click();
    await page.getByText(/^26–50 sur /).waitFor();
    await expectNoSeriousViolations(page, 'admin gateways');
    await shot(page, 'admin-gateways-1440-fr');
    const colons = macs[7]!.match(/../g)!.join(':');
    await page.getByRole('searchbox', { name: fr('admin.gateways.search') }).fill(colons);
    await page.getByText('1–1 sur 1').waitFor();
    await table.getByText(fr('admin.gateways.waiting')).waitFor();
    await page.getByRole('searchbox', { name: fr('admin.gateways.search') }).fill(serials[3]!);
    await table.getByText(macs[3]!).waitFor();
    await page.getByText('1–1 sur 1').waitFor();

    // Firmware: upload a beta for kloudnx; it joins the list.
    await openTab(page, 'firmware');
    const form = page.getByRole('form', { name: fr('admin.firmware.upload') });
    await form.getByRole('textbox', { name: fr('admin.firmware.version') }).fill('9.1.0');
    await form.getByRole('checkbox', { name: fr('admin.firmware.beta') }).check();
    await form.locator('input[type=file]').setInputFiles({
      name: 'kloudnx-9.1.0.bin',
      mimeType: 'application/octet-stream',
      buffer: randomBytes(64 * 1024),
    });
    await form.getByRole('button', { name: fr('admin.firmware.send') }).click();
    const list = page.getByRole('table', { name: fr('admin.firmware.list') });
    await list.getByText('9.1.0').waitFor();
    await expectNoSeriousViolations(page, 'admin firmware');
    await shot(page, 'admin-firmware-1440-fr');

    for (const tab of ['teams', 'users', 'hub']) {
      await openTab(page, tab);
      if (tab === 'hub') await page.getByText(fr('admin.hub.connected')).waitFor();
      else await page.getByRole('table', { name: fr(`admin.tabs.${tab}`), exact: true }).waitFor();
      await expectNoSeriousViolations(page, `admin ${tab}`);
      await shot(page, `admin-${tab}-1440-fr`);
    }

    // Subscriptions (manual billing): grant Pro to the demo team.
    await openTab(page, 'subscriptions');
    const grant = page.getByRole('form', { name: fr('admin.subscriptions.grant') });
    await grant.getByRole('combobox', { name: fr('admin.subscriptions.team') }).fill('Demo');
    await page.getByRole('option').first().click();
    await grant.getByRole('button', { name: fr('admin.subscriptions.grantSubmit') }).click();
    const subs = page.getByRole('table', { name: fr('admin.tabs.subscriptions') });
    await subs.getByText(fr('admin.subscriptions.open')).first().waitFor();
    await expectNoSeriousViolations(page, 'admin subscriptions');
    await shot(page, 'admin-subscriptions-1440-fr');

    // Information: a message in French and English, listed with no expiry.
    await openTab(page, 'information');
    const message = page.getByRole('form', { name: fr('admin.information.create') });
    await message
      .getByRole('textbox', { name: fr('admin.information.textFr') })
      .fill('Maintenance du hub samedi à 6 h');
    await message
      .getByRole('textbox', { name: fr('admin.information.textEn') })
      .fill('Hub maintenance on Saturday at 6 am');
    await message.getByRole('button', { name: fr('admin.information.publish') }).click();
    const shown = page.getByRole('list', { name: fr('admin.information.current') });
    await shown.getByText('Hub maintenance on Saturday at 6 am').waitFor();
    await expectNoSeriousViolations(page, 'admin information');
    await shot(page, 'admin-information-1440-fr');

    // Narrow, then English.
    await page.setViewportSize({ width: 600, height: 900 });
    await openTab(page, 'gateways');
    await page.getByRole('table', { name: fr('admin.tabs.gateways'), exact: true }).waitFor();
    await expectNoSeriousViolations(page, 'admin gateways 600');
    await shot(page, 'admin-gateways-600-fr');
    await openTab(page, 'hub');
    // The backlog tiles: points not yet written, and the embedded broker's messages in flight.
    await page.getByText(fr('admin.hub.unwritten')).waitFor();
    await page.getByText(fr('admin.hub.inFlight'), { exact: true }).waitFor();
    await shot(page, 'admin-hub-600-fr');
    await openTab(page, 'fleet');
    await page.getByRole('heading', { name: fr('admin.fleet.byType') }).waitFor();
    await shot(page, 'admin-fleet-600-fr');

    await page.getByRole('button', { name: fr('shell.language') }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'By gateway type' }).waitFor();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await shot(page, 'admin-fleet-600-en');
    await page.getByRole('tab', { name: 'Gateways' }).click();
    await page.getByRole('table', { name: 'Gateways', exact: true }).waitFor();
    await shot(page, 'admin-gateways-600-en');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'admin-gateways-1440-en');
    await page.getByRole('tab', { name: 'Hub' }).click();
    await page.getByText('Gateways connected').waitFor();
    await expectNoSeriousViolations(page, 'admin hub en');
    await shot(page, 'admin-hub-1440-en');
    await page.setViewportSize({ width: 600, height: 900 });
    await page.getByText('Points waiting to be written').waitFor();
    await shot(page, 'admin-hub-600-en');
    await context.close();
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { buildKnxproj, sampleFixture } from '@atrium/knx/knxproj.testing';
import { expectNoSeriousViolations } from './a11y';
import { snap, startStack, type Stack } from './harness';
import { MANAGER, apiCall, apiSignIn, fr, signInThroughUi } from './session';

/**
 * ETS project files (issue 18, decision 0030): a manager sends `.knxproj` projects of ETS 4,
 * 5 and 6 — built by the fixture builder, with and without a password — through the ETS
 * dialog of a project; a protected project asks for its password on the dialog's field,
 * refuses a wrong one, and imports with the right one.
 */
let stack: Stack;
let token: string;
let project: { _id: string; name: string };
const PASSWORD = 'Villa-Rose-2026!';

const EN = JSON.parse(
  readFileSync(new URL('../apps/web/public/assets/i18n/en.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

/** The English message of `key`. */
function en(key: string): string {
  let node: unknown = EN;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no English message ${key}`);
  return node;
}

beforeAll(async () => {
  stack = await startStack({ SEED_DEMO: 'true', MQTT_PORT: '0' });
  token = await apiSignIn(stack, MANAGER.email, MANAGER.password);
  const projects = (await apiCall(stack, 'GET', '/api/project', { token })).body.projects as {
    _id: string;
    name: string;
  }[];
  const own = projects.find((entry) => !entry.name.startsWith('[VIEW]'));
  if (own === undefined) throw new Error('the demo manager has no project');
  project = own;
});
afterAll(async () => {
  await stack?.stop();
});

const projectRow = (page: Page) =>
  page.getByRole('row').filter({ has: page.getByText(project.name, { exact: true }) });

async function shot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await snap(page, name);
}

/** Opens the project's monitoring dialog, then its ETS dialog. */
async function openEtsDialog(page: Page): Promise<Locator> {
  await projectRow(page)
    .getByRole('button', { name: fr('projects.dialogs.monitoring') })
    .click();
  const monitoring = page.getByRole('dialog', { name: fr('monitoring.title') });
  await monitoring.getByRole('button', { name: fr('monitoring.ets.open') }).click();
  return page.getByRole('dialog', { name: fr('monitoring.ets.title') });
}

async function infos() {
  const res = await apiCall(stack, 'GET', `/api/project/ets/infos/${project._id}`, { token });
  return res.body.infos as { name: string; count: number };
}

describe('.knxproj import through the ETS dialog', () => {
  it('imports ETS 4, 5 and 6 projects, with and without a password', async () => {
    const { page, context } = await stack.newPage({ width: 1440, height: 900 });
    await signInThroughUi(stack, page, MANAGER.email, MANAGER.password);
    const ets = await openEtsDialog(page);
    const input = ets.getByTestId('ets-file-input');
    const send = ets.getByRole('button', { name: fr('monitoring.ets.send') });
    const password = ets.getByLabel(fr('monitoring.ets.password'));

    // Unprotected ETS 4 and ETS 5 projects: no password needed.
    for (const version of [4, 5] as const) {
      const name = `maison-ets${version}.knxproj`;
      await input.setInputFiles({
        name,
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(await buildKnxproj(sampleFixture(version))),
      });
      await password.waitFor();
      await send.click();
      await ets.getByTestId('ets-current').getByText(name).waitFor();
      expect(await infos()).toMatchObject({ name, count: 5 });
    }

    // A protected ETS 6 project: without the password, then a wrong one, then the right one.
    const locked = {
      name: 'villa-ets6-protégé.knxproj',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(await buildKnxproj(sampleFixture(6, PASSWORD))),
    };
    await input.setInputFiles(locked);
    await ets.getByText(fr('monitoring.ets.passwordHelp')).waitFor();
    await shot(page, 'knxproj-dialog-1440-fr');
    await send.click();
    await ets.getByText(fr('etsPasswordRequired')).waitFor();
    await password.fill('mauvais');
    await send.click();
    await ets.getByText(fr('etsPasswordWrong')).waitFor();
    await expectNoSeriousViolations(page, 'ETS dialog with a wrong .knxproj password');
    await shot(page, 'knxproj-wrong-password-1440-fr');
    expect((await infos()).name).toBe('maison-ets5.knxproj');
    await password.fill(PASSWORD);
    await send.click();
    await ets.getByTestId('ets-current').getByText(locked.name).waitFor();
    expect(await infos()).toMatchObject({ name: locked.name, count: 5 });
    // The password went with the file only: the field is gone with the file.
    expect(await password.count()).toBe(0);

    // The imported tree, DPTs from linked device objects included.
    const flat = await apiCall(stack, 'GET', `/api/project/ets/simplified/${project._id}`, {
      token,
    });
    expect(flat.body.addresses).toContainEqual({
      address: '0/0/3',
      name: 'Applique',
      dpt: '1.001',
    });

    // A protected ETS 5 project (ZipCrypto, the password as typed), in English at 400 px.
    await page.setViewportSize({ width: 400, height: 860 });
    await page.reload();
    await page.getByRole('button', { name: fr('shell.language') }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await projectRow(page)
      .getByRole('button', { name: en('projects.dialogs.monitoring') })
      .click();
    const monitoring = page.getByRole('dialog', { name: en('monitoring.title') });
    await monitoring.getByRole('button', { name: en('monitoring.ets.open') }).click();
    const etsEn = page.getByRole('dialog', { name: en('monitoring.ets.title') });
    await etsEn.getByTestId('ets-file-input').setInputFiles({
      name: 'bureaux-ets5.knxproj',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(await buildKnxproj(sampleFixture(5, PASSWORD))),
    });
    await etsEn.getByRole('button', { name: en('monitoring.ets.send') }).click();
    await etsEn.getByText(en('etsPasswordRequired')).waitFor();
    await shot(page, 'knxproj-password-required-400-en');
    await etsEn.getByLabel(en('monitoring.ets.password')).fill(PASSWORD);
    await etsEn.getByRole('button', { name: en('monitoring.ets.send') }).click();
    await etsEn.getByTestId('ets-current').getByText('bureaux-ets5.knxproj').waitFor();
    await shot(page, 'knxproj-imported-400-en');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'knxproj-imported-1440-en');
    expect(await infos()).toMatchObject({ name: 'bureaux-ets5.knxproj', count: 5 });
    await context.close();
  });

  it('shows the password field in French at 400 px', async () => {
    const { page, context } = await stack.newPage({ width: 400, height: 860 });
    await signInThroughUi(stack, page, MANAGER.email, MANAGER.password);
    const ets = await openEtsDialog(page);
    await ets.getByTestId('ets-file-input').setInputFiles({
      name: 'projet.knxproj',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(await buildKnxproj(sampleFixture(6, PASSWORD))),
    });
    await ets.getByText(fr('monitoring.ets.passwordHelp')).waitFor();
    await expectNoSeriousViolations(page, 'ETS dialog with a .knxproj chosen');
    await shot(page, 'knxproj-dialog-400-fr');
    await context.close();
  });
});

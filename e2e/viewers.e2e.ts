import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousViolations } from './a11y';
import { startPostgres, type PgCluster } from '../apps/server/test/postgres-cluster';
import { snap, startStack, type Stack } from './harness';
import { ADMIN, MANAGER, apiCall, apiSignIn, fr, signInThroughUi } from './session';

/**
 * Viewers and information messages (issue 17, decisions 0024 and 0027) on the seeded demo:
 * a manager opens a project's viewers dialog, types an e-mail without an account, creates a
 * read-only viewer account there and adds it; the viewer signs in, sees that project only,
 * read-only, and the administrator's information message as a banner until dismissed.
 */
let stack: Stack;
/** The database of the running describe: screenshots are taken on SQLite only. */
let database: 'sqlite' | 'postgres' = 'sqlite';

const VIEWER = { email: 'lea.viewer@atrium.demo', password: 'Lecture-Seule-2026!' };

interface ProjectRow {
  _id: string;
  name: string;
  role: string;
}

const projectRow = (page: Page, label: string) =>
  page.getByRole('row').filter({ has: page.getByText(label, { exact: true }) });

async function shot(page: Page, name: string) {
  if (database !== 'sqlite') return;
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await snap(page, name);
}

describe.each(['sqlite', 'postgres'] as const)('viewers and information messages on %s', (db) => {
  let pg: PgCluster | undefined;
  beforeAll(async () => {
    database = db;
    if (db === 'postgres') pg = await startPostgres();
    stack = await startStack({
      SEED_DEMO: 'true',
      MQTT_PORT: '0',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
  });
  afterAll(async () => {
    await stack?.stop();
    pg?.stop();
  });

  it('a manager creates a viewer account from the dialog; the viewer reads that project only', async () => {
    const managerToken = await apiSignIn(stack, MANAGER.email, MANAGER.password);
    const own = (
      (await apiCall(stack, 'GET', '/api/project', { token: managerToken })).body
        .projects as ProjectRow[]
    ).filter((p) => !p.name.startsWith('[VIEW]'));
    expect(own.length).toBeGreaterThan(1);
    const project = own[0]!;

    const manager = await stack.newPage({ width: 1440, height: 900 });
    const page = manager.page;
    await signInThroughUi(stack, page, MANAGER.email, MANAGER.password);
    await projectRow(page, project.name)
      .getByRole('button', { name: fr('projects.rowMenu', { name: project.name }) })
      .click();
    await page.getByRole('menuitem', { name: fr('projects.menu.viewers') }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(fr('projects.dialogs.viewers')) });
    await dialog.waitFor();

    // Empty: emailEmpty, nothing sent.
    await dialog.getByRole('button', { name: fr('viewers.add') }).click();
    await dialog.getByText(fr('viewers.emailEmpty')).waitFor();

    // An e-mail without an account (typed in capitals): create the viewer account, then add it.
    await dialog.getByLabel(fr('viewers.email')).fill(VIEWER.email.toUpperCase());
    await dialog.getByRole('button', { name: fr('viewers.add') }).click();
    await dialog.getByLabel(new RegExp(fr('viewers.password'))).fill(VIEWER.password);
    await shot(page, 'viewers-dialog-create-1440-fr');
    await expectNoSeriousViolations(page, 'viewers dialog');
    await dialog.getByRole('button', { name: fr('viewers.createAndAdd') }).click();
    await dialog.getByText(VIEWER.email, { exact: true }).waitFor();
    await page.setViewportSize({ width: 600, height: 900 });
    await shot(page, 'viewers-dialog-600-fr');
    await dialog.getByRole('button', { name: fr('dialog.close') }).click();
    await dialog.waitFor({ state: 'detached' });

    // Gateway sharing from the gateway row menu of another project: the viewer reads it too.
    const other = own[1]!;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/projects/${other._id}`);
    const gateways = (
      (await apiCall(stack, 'GET', `/api/gateway/${other._id}`, { token: managerToken })).body
        .gateways as { name: string; mac: string }[]
    ).slice(0, 1);
    expect(gateways).toHaveLength(1);
    const gw = gateways[0]!;
    await page.getByRole('button', { name: fr('gateways.rowMenu', { name: gw.name }) }).click();
    await page.getByRole('menuitem', { name: fr('gatewayActions.share') }).click();
    const share = page.getByRole('dialog', { name: fr('gatewayActions.share') });
    await share.getByLabel(new RegExp(fr('gatewayActions.shareEmail'))).fill(VIEWER.email);
    await page.waitForTimeout(500); // the dialog's fade-in is over before axe reads colours
    await shot(page, 'gateway-share-1440-fr');
    await expectNoSeriousViolations(page, 'gateway share dialog');
    await share.getByRole('button', { name: fr('gatewayActions.shareConfirm') }).click();
    await share.waitFor({ state: 'detached' });
    await page.getByText(fr('gatewayActions.shared')).waitFor();
    await manager.context.close();

    const listed = await apiCall(stack, 'GET', `/api/project/viewers/${project._id}`, {
      token: managerToken,
    });
    expect(listed.body.viewers).toEqual([expect.objectContaining({ email: VIEWER.email })]);

    // An administrator posts an information message.
    const adminToken = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const posted = await apiCall(stack, 'POST', '/api/information/message', {
      token: adminToken,
      body: {
        color: 'warning',
        text: 'Maintenance du hub ce soir à 22 h',
        textEn: 'Hub maintenance tonight at 10 pm',
        expiresAt: Date.now() + 3_600_000,
      },
    });
    expect(posted.status).toBe(201);

    // The viewer signs in: the banner, then that project only, read-only.
    const viewerToken = await apiSignIn(stack, VIEWER.email, VIEWER.password);
    // Read-only: the viewer cannot rename the project it reads.
    const rename = await apiCall(stack, 'POST', `/api/project/rename/${project._id}`, {
      token: viewerToken,
      body: { name: 'Pris' },
    });
    expect(rename.status).toBe(403);

    const viewer = await stack.newPage({ width: 1440, height: 900 });
    const vp = viewer.page;
    await signInThroughUi(stack, vp, VIEWER.email, VIEWER.password);
    const banner = vp.getByRole('region', { name: fr('information.region') });
    await banner.getByText('Maintenance du hub ce soir à 22 h').waitFor();
    const table = vp.getByRole('table', { name: fr('projects.tableLabel') });
    await table.getByText(`[VIEW] ${project.name}`, { exact: true }).waitFor();
    const rows = await table.getByRole('row').count();
    expect(rows).toBe(2); // header and the one project
    for (const other of own.slice(1)) {
      expect(await table.getByText(other.name, { exact: false }).count()).toBe(0);
    }
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).not.toContain(fr('projects.columns.options'));
    expect(await vp.getByRole('button', { name: fr('projects.actions.add') }).count()).toBe(0);
    await shot(vp, 'viewers-viewer-banner-1440-fr');
    await expectNoSeriousViolations(vp, 'viewer projects list with the banner');

    // Dismissed: gone, and still gone after a reload.
    await banner.getByRole('button', { name: fr('information.dismiss') }).click();
    await banner.waitFor({ state: 'detached' });
    await vp.reload();
    await table.getByText(`[VIEW] ${project.name}`, { exact: true }).waitFor();
    expect(await vp.getByText('Maintenance du hub ce soir à 22 h').count()).toBe(0);
    await viewer.context.close();

    // In English, at 600 px, another browser of the viewer shows it again (dismissed locally).
    const en = await stack.newPage({ width: 600, height: 900 });
    await signInThroughUi(stack, en.page, VIEWER.email, VIEWER.password);
    await en.page.getByRole('button', { name: fr('shell.language') }).click();
    await en.page.getByRole('menuitem', { name: 'English' }).click();
    await en.page.getByText('Hub maintenance tonight at 10 pm').waitFor();
    await en.page.getByRole('menu').waitFor({ state: 'detached' });
    await shot(en.page, 'viewers-viewer-banner-600-en');
    await en.page.setViewportSize({ width: 1440, height: 900 });
    await shot(en.page, 'viewers-viewer-banner-1440-en');

    // The patch notes, from the repository's Markdown, in both languages and widths.
    await en.page.goto('/patch-notes');
    await en.page.getByRole('heading', { name: 'Atrium Cloud patch notes', level: 1 }).waitFor();
    await en.page.getByRole('heading', { name: '26 November 2026', level: 2 }).waitFor();
    await expectNoSeriousViolations(en.page, 'patch notes');
    await shot(en.page, 'patch-notes-1440-en');
    await en.page.setViewportSize({ width: 600, height: 900 });
    await shot(en.page, 'patch-notes-600-en');
    await en.page.getByRole('button', { name: 'Language' }).click();
    await en.page.getByRole('menuitem', { name: 'Français' }).click();
    await en.page
      .getByRole('heading', { name: "Notes de version d'Atrium Cloud", level: 1 })
      .waitFor();
    await en.page.getByRole('menu').waitFor({ state: 'detached' });
    await shot(en.page, 'patch-notes-600-fr');
    await en.page.setViewportSize({ width: 1440, height: 900 });
    await shot(en.page, 'patch-notes-1440-fr');
    await en.context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from './harness';
import { apiCall, apiSignIn, fr, signInThroughUi, signUp } from './session';

// Demo accounts (README): the supervisor owns the demo team's projects, the viewer reads those
// shared with it (Villa Rose in the demo).
const SUPERVISOR = { email: 'supervisor@atrium.demo', password: 'Demo-Supervisor-2026!' };
const VIEWER = { email: 'viewer@atrium.demo', password: 'Demo-Viewer-2026!' };
const ADMIN = { email: 'admin@atrium.demo', password: 'Demo-Admin-2026!' };

let stack: Stack;
let supervisorToken: string;

beforeAll(async () => {
  // MQTT_PORT 0: the embedded broker takes any free port, so other servers on 1883 do not matter.
  stack = await startStack({ SEED_DEMO: 'true', MQTT_PORT: '0' });
  supervisorToken = await apiSignIn(stack, SUPERVISOR.email, SUPERVISOR.password);
});
afterAll(() => stack?.stop());

async function createProject(name: string): Promise<string> {
  const res = await apiCall(stack, 'POST', '/api/project/create', {
    token: supervisorToken,
    body: { name },
  });
  expect(res.status).toBe(201);
  return String((res.body.project as { _id: string })._id);
}

/** Imports waiting gateways as the administrator, the way the admin CSV dialog sends them. */
async function importWaitingGateways(csv: string): Promise<void> {
  const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'gateways.csv');
  const res = await fetch(`${stack.baseUrl}/api/gateway/add`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
}

const projectRow = (page: Page, label: string) =>
  page.getByRole('row').filter({ has: page.getByText(label, { exact: true }) });

describe('projects and gateways in the console', () => {
  it('creates a project, opens it, adds the demo gateway, renames it and removes it', async () => {
    const { context, page } = await stack.newPage();
    await signInThroughUi(stack, page, SUPERVISOR.email, SUPERVISOR.password);

    // Projects list → add project (prompt) → the new row.
    await page.getByRole('button', { name: fr('projects.actions.add') }).click();
    await page.getByLabel(fr('projects.projectName')).fill('Villa Horizon');
    await page.getByRole('button', { name: fr('projects.actions.create') }).click();
    const row = projectRow(page, 'Villa Horizon');
    await expect.poll(() => row.count()).toBe(1);

    // Opening it: display mode 1 with the project remembered.
    await row.getByText('Villa Horizon', { exact: true }).click();
    await page.waitForURL(/\/projects\/[0-9a-f]+$/);
    const projectId = page.url().split('/').pop()!;
    expect(
      await page.evaluate(() => [
        localStorage.getItem('displayMode'),
        localStorage.getItem('project'),
      ]),
    ).toEqual(['1', projectId]);
    await expect.poll(() => page.getByRole('heading', { name: 'Villa Horizon' }).count()).toBe(1);
    await page.getByText(fr('gateways.empty')).waitFor();

    // Add-gateway stepper → demo gateway.
    await page.getByRole('button', { name: fr('projectPage.addGateway') }).click();
    const stepper = page.getByRole('dialog', { name: fr('addGateway.title') });
    await stepper.getByRole('button', { name: fr('addGateway.methods.demo') }).click();
    await stepper.getByRole('button', { name: fr('addGateway.demoAdd') }).click();
    await stepper.waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: fr('gateways.tableLabel') });
    await table.getByText('DEMO', { exact: true }).waitFor();
    expect(await table.getByText(fr('gateways.status.online')).count()).toBe(1);

    // Row menu → rename (prompt).
    await page.getByRole('button', { name: fr('gateways.rowMenu', { name: 'DEMO' }) }).click();
    await page.getByRole('menuitem', { name: fr('gatewayActions.rename') }).click();
    const renamed = page.getByLabel(fr('gatewayActions.newName'));
    await renamed.fill('Salle de démo');
    await page.getByRole('button', { name: fr('dialog.confirm') }).click();
    await table.getByText('Salle de démo', { exact: true }).waitFor();
    expect(await table.getByText('DEMO', { exact: true }).count()).toBe(0);

    // Row menu → remove from project (confirmation).
    await page
      .getByRole('button', { name: fr('gateways.rowMenu', { name: 'Salle de démo' }) })
      .click();
    await page.getByRole('menuitem', { name: fr('gatewayActions.removeFromProject') }).click();
    await page.getByRole('button', { name: fr('dialog.confirm') }).click();
    await page.getByText(fr('gateways.empty')).waitFor();

    // The server agrees: the project has no gateway, the gateway stayed on the account.
    const project = await apiCall(stack, 'GET', `/api/project/${projectId}`, {
      token: supervisorToken,
    });
    expect((project.body.project as { gateways: unknown[] }).gateways).toEqual([]);
    const account = await apiCall(stack, 'GET', '/api/gateway', { token: supervisorToken });
    const names = (account.body.gateways as { name: string; project: string | null }[]).map((g) => [
      g.name,
      g.project,
    ]);
    expect(names).toContainEqual(['Salle de démo', null]);
    await context.close();
  });

  it('shows a project shared with a viewer as [VIEW], without options, and does not open it', async () => {
    const projectId = await createProject('Hôtel partagé');
    const guest = { email: 'guest.viewer@example.com', password: 'Guest-Viewer-2026!' };
    await signUp(stack, guest.email, guest.password);
    const granted = await apiCall(stack, 'POST', `/api/project/viewer/add/${projectId}`, {
      token: supervisorToken,
      body: { email: guest.email },
    });
    expect(granted.status).toBe(200);

    // Another team's supervisor with the viewer role on one project.
    const { context, page } = await stack.newPage();
    await signInThroughUi(stack, page, guest.email, guest.password);
    const row = projectRow(page, '[VIEW] Hôtel partagé');
    await expect.poll(() => row.count()).toBe(1);
    const options = row.getByRole('button', {
      name: fr('projects.rowMenu', { name: 'Hôtel partagé' }),
    });
    expect(await options.isDisabled()).toBe(true);
    expect(
      await row.getByRole('button', { name: fr('projects.dialogs.monitoring') }).isDisabled(),
    ).toBe(true);
    await row.getByText('[VIEW] Hôtel partagé', { exact: true }).click();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/projects/list');
    await context.close();

    // The viewer rank reads only the projects it was added to (decision 0024): the demo
    // shares Villa Rose with it; Hôtel partagé shows once added; Bureaux Lyon never. They
    // are [VIEW], and there is no options or monitoring column.
    const viewer = await stack.newPage();
    await signInThroughUi(stack, viewer.page, VIEWER.email, VIEWER.password);
    const table = viewer.page.getByRole('table', { name: fr('projects.tableLabel') });
    await table.getByText('[VIEW] Villa Rose', { exact: true }).waitFor();
    expect(await table.getByText('[VIEW] Hôtel partagé', { exact: true }).count()).toBe(0);
    const added = await apiCall(stack, 'POST', `/api/project/viewer/add/${projectId}`, {
      token: supervisorToken,
      body: { email: VIEWER.email },
    });
    expect(added.status).toBe(200);
    await viewer.page.reload();
    await table.getByText('[VIEW] Hôtel partagé', { exact: true }).waitFor();
    expect(await table.getByText('[VIEW] Bureaux Lyon', { exact: true }).count()).toBe(0);
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toContain(fr('projects.columns.name'));
    expect(headers).not.toContain(fr('projects.columns.options'));
    expect(headers).not.toContain(fr('projects.columns.monitoring'));
    expect(await table.getByRole('button', { name: /^Options du projet/ }).count()).toBe(0);
    await viewer.context.close();
  });

  it('claims a waiting gateway by MAC and serial number, after refusing a wrong serial', async () => {
    await importWaitingGateways('mac,sn,type,version\n70:B3:D5:00:00:01,ATRM0001,kloudnx,8.5.0\n');
    const projectId = await createProject('Atelier Lumière');
    const { context, page } = await stack.newPage();
    await signInThroughUi(stack, page, SUPERVISOR.email, SUPERVISOR.password);
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('button', { name: fr('projectPage.addGateway') }).click();
    const stepper = page.getByRole('dialog', { name: fr('addGateway.title') });

    // Manual entry with a wrong serial number: the gwNotWaiting message, still on step 1.
    await stepper.getByLabel(fr('addGateway.mac')).fill('70:b3:d5:00:00:01');
    await stepper.getByLabel(fr('addGateway.sn')).fill('ATRM9999');
    await stepper.getByRole('button', { name: fr('addGateway.next') }).click();
    await page.getByText(fr('gwNotWaiting')).waitFor();

    // The right serial: name step (1 to 30 characters), then confirm, initialisation later.
    await stepper.getByLabel(fr('addGateway.sn')).fill('ATRM0001');
    await stepper.getByRole('button', { name: fr('addGateway.next') }).click();
    const name = stepper.getByLabel(fr('addGateway.name'));
    await name.fill('x'.repeat(31));
    await stepper.getByRole('button', { name: fr('addGateway.next') }).click();
    await stepper.getByText(fr('invalidNameAddGW')).waitFor();
    await name.fill('Atelier');
    await stepper.getByRole('button', { name: fr('addGateway.next') }).click();
    await stepper.getByRole('radio', { name: fr('addGateway.startLater') }).check();
    await stepper.getByRole('button', { name: fr('addGateway.add'), exact: true }).click();
    await stepper.waitFor({ state: 'detached' });

    const table = page.getByRole('table', { name: fr('gateways.tableLabel') });
    const row = table.getByRole('row').filter({ hasText: 'Atelier' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('70:B3:D5:00:00:01');
    const gateways = await apiCall(stack, 'GET', `/api/gateway/${projectId}`, {
      token: supervisorToken,
    });
    expect(gateways.body.gateways).toMatchObject([
      { mac: '70b3d5000001', name: 'Atelier', initialized: false },
    ]);
    await context.close();
  });

  it('hides the connection and graphs columns at 600 px wide and shows them above', async () => {
    await createProject('Chantier étroit');
    const { context, page } = await stack.newPage({ width: 600, height: 900 });
    await signInThroughUi(stack, page, SUPERVISOR.email, SUPERVISOR.password);
    const table = page.getByRole('table', { name: fr('projects.tableLabel') });
    await table.getByText('Chantier étroit', { exact: true }).waitFor();
    const headers = () => table.getByRole('columnheader').allTextContents();
    expect(await headers()).not.toContain(fr('projects.columns.connection'));
    expect(await headers()).not.toContain(fr('projects.columns.graphs'));
    expect(await headers()).toContain(fr('projects.columns.notification'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      600,
    );

    await page.setViewportSize({ width: 601, height: 900 });
    await expect.poll(headers).toContain(fr('projects.columns.connection'));
    expect(await headers()).toContain(fr('projects.columns.graphs'));
    await context.close();
  });
});

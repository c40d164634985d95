import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { latestVersionsReply } from '@atrium/contracts/version';
import type { GatewayAgent } from '@atrium/gateway-agent/agent';
import { freePort } from '../apps/server/test/postgres-cluster';
import {
  claimGateway,
  corruptingFetch,
  importGateways,
  startGateway,
  uploadFirmware,
  type WaitingGateway,
} from './gateway-fleet';
import { snap, socketFrames, startStack, type Stack } from './harness';
import { apiCall, apiSignIn, fr, signInThroughUi } from './session';

// Demo accounts (README): the supervisor owns a project; the administrator imports and uploads.
const SUPERVISOR = { email: 'supervisor@atrium.demo', password: 'Demo-Supervisor-2026!' };
const ADMIN = { email: 'admin@atrium.demo', password: 'Demo-Admin-2026!' };

const gateway = (n: number, name: string): WaitingGateway & { name: string } => ({
  mac: `70b3d5e2000${n}`,
  sn: `E2EGW00${n}`,
  type: 'kloudnx',
  version: '8.1.0',
  name,
});
const REBOOTED = gateway(1, 'Salle serveur');
const UPDATED = gateway(2, 'Chaufferie');
const REFUSED = gateway(3, 'Cave');

let stack: Stack;
let supervisorToken: string;
let projectId: string;
let latest: string;
const agents: GatewayAgent[] = [];
// One signed-in tab for the file: the session lives in its sessionStorage across page loads.
let context: BrowserContext;
let page: Page;
let frames: string[];

beforeAll(async () => {
  const mqttPort = await freePort();
  stack = await startStack({ SEED_DEMO: 'true', MQTT_PORT: String(mqttPort) });
  const adminToken = await apiSignIn(stack, ADMIN.email, ADMIN.password);
  supervisorToken = await apiSignIn(stack, SUPERVISOR.email, SUPERVISOR.password);

  // Waiting gateways through the real CSV import; their device secrets are the MQTT passwords.
  const secrets = await importGateways(stack, adminToken, [REBOOTED, UPDATED, REFUSED]);
  const created = await apiCall(stack, 'POST', '/api/project/create', {
    token: supervisorToken,
    body: { name: 'Résidence des Tilleuls' },
  });
  projectId = String((created.body.project as { _id: string })._id);
  for (const gw of [REBOOTED, UPDATED, REFUSED]) {
    await claimGateway(stack, supervisorToken, { ...gw, project: projectId });
  }

  // The firmware of the reference version, so that MAIN updates have a file to send.
  const versions = await apiCall(stack, 'GET', '/api/information/version', {
    token: supervisorToken,
  });
  latest = latestVersionsReply.parse(versions.body).kloudnx ?? '';
  expect(latest).not.toBe(UPDATED.version);
  await uploadFirmware(stack, adminToken, {
    type: 'kloudnx',
    version: latest,
    bytes: new TextEncoder().encode(`kloudnx firmware ${latest}\n`.repeat(200)),
  });

  const mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;
  for (const gw of [REBOOTED, UPDATED, REFUSED]) {
    const secret = secrets.get(gw.mac);
    if (!secret) throw new Error(`no secret for ${gw.mac}`);
    // The third one's downloads arrive damaged: it refuses the file (checksum mismatch).
    const fetcher = gw === REFUSED ? corruptingFetch : undefined;
    agents.push(startGateway({ mqttUrl, ...gw, secret, fetcher }));
  }

  ({ context, page } = await stack.newPage());
  frames = socketFrames(page);
  await signInThroughUi(stack, page, SUPERVISOR.email, SUPERVISOR.password);
});

// A failed test leaves a picture of the screen for a person to look at.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail')
    await snap(page, `gateway-detail-failed-${task.name.slice(0, 20)}`);
});

afterAll(async () => {
  await context?.close();
  await Promise.all(agents.map((agent) => agent.stop()));
  await stack?.stop();
});

/**
 * Records, in the page, every state an element goes through (its text, then the value of a
 * progress bar in it after a "|"), so a test can check short-lived states even when it looks late.
 */
async function recordTexts(page: Page, testId: string): Promise<() => Promise<string[]>> {
  await page.evaluate((id) => {
    const seen: string[] = [];
    const read = () => {
      const element = document.querySelector(`[data-testid="${id}"]`);
      const bar = element?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
      const text = `${element?.textContent ?? ''}|${bar ?? ''}`;
      if (seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    read();
    Reflect.set(window, `seen-${id}`, seen);
  }, testId);
  return () =>
    page.evaluate((id) => {
      const seen: unknown = Reflect.get(window, `seen-${id}`);
      return Array.isArray(seen) ? seen.map(String) : [];
    }, testId);
}

/** Opens a gateway's detail screen and waits until it shows the gateway online. */
async function openGateway(mac: string) {
  frames.length = 0;
  await page.goto(`/projects/${projectId}/gateway/${mac}`);
  const state = page.getByTestId('service-state');
  await state.getByText(fr('gatewayDetail.info.online'), { exact: true }).waitFor();
  return state;
}

describe('gateway detail screen with simulated gateways', () => {
  it('reboots a gateway and shows it go offline, then online again', async () => {
    const state = await openGateway(REBOOTED.mac);
    await page.getByRole('heading', { name: REBOOTED.name }).waitFor();
    const before = await apiCall(stack, 'GET', `/api/gateway/details/${REBOOTED.mac}`, {
      token: supervisorToken,
    });
    const lastDisconnect = Number(before.body.lastConnection);
    const seen = await recordTexts(page, 'service-state');

    await state.getByRole('button', { name: fr('gatewayDetail.info.reboot') }).click();
    const confirm = page.getByRole('dialog', { name: fr('gatewayDetail.info.reboot') });
    await confirm.getByText(fr('confirmReboot')).waitFor();
    await confirm.getByRole('button', { name: fr('dialog.confirm') }).click();
    await page.getByText(fr('rebootSuccess')).waitFor();
    const states = async () =>
      (await seen())
        .map((text) => (text.startsWith(fr('gatewayDetail.info.offline')) ? 'offline' : 'online'))
        .join(' ');
    await expect.poll(states, { timeout: 20_000 }).toMatch(/ offline( offline)* online/);
    expect(await states()).toMatch(/^online( online)* offline( offline)* online$/);
    await state.getByText(fr('gatewayDetail.info.online'), { exact: true }).waitFor();
    await snap(page, 'gateway-detail-rebooted');
    // It came through the live events, not only through the 5 s poll.
    expect(frames.some((f) => f.includes('"gateway:state"') && f.includes('"online":false'))).toBe(
      true,
    );
    // The server agrees (it commits presence a moment after the event).
    const stored = async () => {
      const after = await apiCall(stack, 'GET', `/api/gateway/details/${REBOOTED.mac}`, {
        token: supervisorToken,
      });
      return after.body.online === true && Number(after.body.lastConnection) > lastDisconnect;
    };
    await expect.poll(stored).toBe(true);
  });

  it('updates the firmware: progress bar with its steps, booting, then the new version', async () => {
    await openGateway(UPDATED.mac);
    const version = page.getByTestId('firmware-version');
    await expect.poll(() => version.textContent()).toBe(UPDATED.version);
    const seen = await recordTexts(page, 'firmware-card');

    await page.getByRole('button', { name: fr('gatewayDetail.firmware.update') }).click();
    await page.getByLabel(fr('gatewayDetail.firmware.nameLabel')).fill(UPDATED.name);
    await page.getByRole('button', { name: fr('dialog.confirm') }).click();
    await page.getByText(fr('updateCommandSent')).waitFor();
    await expect.poll(() => version.textContent(), { timeout: 30_000 }).toBe(latest);
    await snap(page, 'gateway-detail-updated');

    // Steps n/m with the bar filling, then booting, then the version, without going back.
    const texts = await seen();
    const step = (n: number) => fr('gatewayDetail.firmware.step', { done: n, total: 4 });
    const steps = texts.flatMap((t, i) => {
      const n = [1, 2, 3, 4].find((k) => t.includes(step(k)));
      return n ? [{ i, n, value: Number(t.split('|')[1]) }] : [];
    });
    const booting = texts.findIndex((t) => t.includes(fr('gatewayDetail.firmware.booting')));
    const done = texts.findIndex((t) => t.startsWith(latest));
    expect(steps.length).toBeGreaterThan(1);
    expect(steps.map((s) => s.n)).toEqual([...steps.map((s) => s.n)].sort());
    expect(steps.at(-1)?.value).toBeGreaterThan(steps[0]?.value ?? 100);
    expect(booting).toBeGreaterThan(steps.at(-1)?.i ?? Infinity);
    expect(done).toBeGreaterThan(booting);
    expect(texts.slice(done).some((t) => t.includes(fr('gatewayDetail.firmware.updating')))).toBe(
      false,
    );
    await page
      .getByText(
        `${fr('gatewayType.kloudnx')} · ${fr('gatewayDetail.version', { version: latest })}`,
      )
      .waitFor();

    // The server agrees (it commits what the gateway reports a moment after the event).
    const stored = async () => {
      const reply = await apiCall(stack, 'GET', `/api/gateway/gateway/${UPDATED.mac}`, {
        token: supervisorToken,
      });
      const gw = reply.body.gateway as { version: string; step: unknown };
      return { version: gw.version, step: gw.step };
    };
    await expect.poll(stored).toEqual({ version: latest, step: null });
  });

  it('shows the refused firmware (checksum mismatch) from the table menu and on the screen', async () => {
    await page.goto(`/projects/${projectId}`);
    const table = page.getByRole('table', { name: fr('gateways.tableLabel') });
    await table.getByText(REFUSED.name, { exact: true }).waitFor();

    await page
      .getByRole('button', { name: fr('gateways.rowMenu', { name: REFUSED.name }) })
      .click();
    await page.getByRole('menuitem', { name: fr('gatewayActions.update') }).click();
    await page.getByLabel(fr('gatewayActions.nameLabel')).fill(REFUSED.name);
    await page.getByRole('button', { name: fr('dialog.confirm') }).click();
    await page.getByText(fr('firmwareChecksumMismatch')).first().waitFor();

    await table.getByText(REFUSED.name, { exact: true }).click();
    await page.waitForURL(`**/gateway/${REFUSED.mac}`);
    const failure = page.getByTestId('update-failure');
    await failure
      .getByText(fr('gatewayDetail.firmware.failed', { reason: fr('firmwareChecksumMismatch') }))
      .waitFor();
    await expect
      .poll(() => page.getByTestId('firmware-version').textContent())
      .toBe(REFUSED.version);
    expect(await page.getByTestId('update-status').count()).toBe(0);
    await snap(page, 'gateway-detail-refused');
  });
});

import { connect } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { KNXClientEvents, type KNXClient } from 'knxultimate';
import { accountGatewaysReply, formatMac, type GatewayItem } from '@atrium/contracts/gateway';
import { versionAtLeast } from '@atrium/contracts/version';
import { vpnLogReply, vpnStatusReply } from '@atrium/contracts/vpn';
import { knxConnected, plainTcpKnxClient } from '@atrium/gateway-agent/local/knx-client.testing';
import { freePort } from '../apps/server/test/postgres-cluster';
import { snap, startStack, type Stack } from './harness';
import { apiCall, apiSignIn, fr, signInThroughUi } from './session';

/**
 * Remote access (issue 13) as a new user meets it: a supervisor opens a remote connection to
 * a live demo gateway, reaches its configuration page and its flow editor (WebSocket) through
 * the proxy hosts, drives its KNX bus through the ETS port with knxultimate, reads the access
 * log, and disconnects, after which every door is shut. The demo gateways run in the server
 * with real SSH tunnels and real local services (packages/gateway-agent/src/local/).
 */

// Demo account (README).
const SUPERVISOR = { email: 'supervisor@atrium.demo', password: 'Demo-Supervisor-2026!' };
/** Every wait of this file: enough for a loaded 2-core machine. */
const WAIT_MS = 20_000;
/** The seeded live gateways start right after the seed (main.ts); time for their agents to connect. */
const DEMO_SWEEP_WAIT_MS = WAIT_MS;
/** The configuration page's stylesheet sets this background (gateway-page.ts). */
const CONFIG_PAGE_BACKGROUND = 'rgb(246, 248, 250)';

// What the steps share: the stack, the gateway, the signed-in console and what it opened.
let stack: Stack;
let token: string;
let gateway: GatewayItem & { project: string };
/** `.localhost:{port}`: the proxy hosts' suffix. */
let proxySuffix: RegExp;
// One signed-in tab for the file: the session lives in its sessionStorage across page loads.
let context: BrowserContext;
let page: Page;
/** Tabs the console opened: the configuration page and the flow editor. */
let configTab: Page;
let editorTab: Page;
const knxClients: KNXClient[] = [];
let ets: { server: string; port: number };
/** The session this file opens, as the access log names it. */
let sessionId: string;

// ---------------------------------------------------------------------------------------------
// Helpers

/** A seeded live kloud'nX of the caller's projects that offers every remote access button. */
async function liveKloudnx(): Promise<GatewayItem & { project: string }> {
  const reply = await apiCall(stack, 'GET', '/api/gateway', { token });
  const candidates = accountGatewaysReply
    .parse(reply.body)
    .gateways.filter(
      (gw): gw is GatewayItem & { project: string } =>
        gw.type === 'kloudnx' &&
        gw.virtual === 0 &&
        gw.online &&
        gw.initpswds &&
        !gw.protect &&
        gw.project !== null &&
        versionAtLeast(gw.version, { major: 8, minor: 1 }),
    )
    .sort((a, b) => a.mac.localeCompare(b.mac));
  const found = candidates[0];
  if (!found) throw new Error(`no live kloudnx among ${JSON.stringify(reply.body)}`);
  return found;
}

/**
 * Waits until the gateway's in-process agent is connected: its "online since" is renewed
 * (the seed lists it online before its agent runs; commands need the agent).
 */
async function runningAgent(mac: string, since: number) {
  await vi.waitFor(
    async () => {
      const reply = await apiCall(stack, 'GET', `/api/gateway/details/${mac}`, { token });
      if (Number(reply.body.lastOnline) < since) throw new Error(`${mac}'s agent is not running`);
    },
    { timeout: DEMO_SWEEP_WAIT_MS, interval: 500 },
  );
}

/** The value a dialog shows beside a label (its `<dt>`/`<dd>` rows). */
const valueBeside = (dialog: Locator, label: string) =>
  dialog.locator(`xpath=.//dt[normalize-space(.)="${label}"]/following-sibling::dd[1]`);

/** Runs `action` and returns the tab it opens, once that tab reached a page of `host`. */
async function tabOpenedBy(action: () => Promise<void>, host: RegExp): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page', { timeout: WAIT_MS }), action()]);
  tab.setDefaultTimeout(WAIT_MS);
  await tab.waitForURL((url) => host.test(url.host), { timeout: WAIT_MS });
  await tab.waitForLoadState('load');
  return tab;
}

/**
 * Like `snap`, but only what the screen shows: a full-page capture of a phone screen moves
 * the fixed app bar and the dialog to odd places.
 */
async function snapViewport(tab: Page, name: string) {
  await tab.screenshot({ path: resolve(import.meta.dirname, 'screenshots', `${name}.png`) });
}

/** The group writes a KNX client receives as indications (not echoes of its own). */
function groupWrites(c: KNXClient) {
  const seen: { ga: string; data: string }[] = [];
  c.on(KNXClientEvents.indication, (packet, echoed) => {
    const cemi = packet.cEMIMessage;
    if (echoed || !cemi.npdu.isGroupWrite) return;
    seen.push({ ga: cemi.dstAddress.toString(), data: cemi.npdu.dataValue.toString('hex') });
  });
  return seen;
}

/** Disconnects a KNX client, or at least closes its socket (knxultimate over TCP may hang). */
async function closeKnx(c: KNXClient) {
  if (c.isConnected()) {
    await Promise.race([c.Disconnect(), new Promise((r) => setTimeout(r, 3000))]).catch(
      () => undefined,
    );
  }
  c.tcpSocket?.destroy();
}

/**
 * What a new TCP connection to `host:port` meets: refused, closed by the server within a
 * moment, or held open (a live ETS port waits for the client's CONNECT_REQUEST).
 */
function tcpFate(host: string, port: number): Promise<'refused' | 'closed' | 'open'> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => (socket.destroy(), resolve('open')), 1500);
    socket.once('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(err.code === 'ECONNREFUSED' ? 'refused' : 'closed');
    });
    socket.once('close', () => (clearTimeout(timer), resolve('closed')));
  });
}

// ---------------------------------------------------------------------------------------------
// The stack and the signed-in console

beforeAll(async () => {
  const started = Date.now();
  // A port of its own for ETS (not the shared default range), to tell it closed at the end.
  const etsPort = await freePort();
  // PUBLIC_URL must name a host: the gateway's pages are served on subdomains of it.
  stack = await startStack(
    { SEED_DEMO: 'true', ETS_PORTS: `${etsPort}-${etsPort}` },
    { host: 'localhost' },
  );
  const url = new URL(stack.baseUrl);
  expect(url.hostname).toBe('localhost');
  proxySuffix = new RegExp(`^[a-z0-9-]+\\.localhost:${url.port}$`);
  token = await apiSignIn(stack, SUPERVISOR.email, SUPERVISOR.password);
  gateway = await liveKloudnx();
  await runningAgent(gateway.mac, started);

  ({ context, page } = await stack.newPage());
  page.setDefaultTimeout(WAIT_MS);
  await signInThroughUi(stack, page, SUPERVISOR.email, SUPERVISOR.password);
});

// A failed test leaves a picture of the screen for a person to look at.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' && page) {
    await snap(page, `remote-access-failed-${task.name.slice(0, 24)}`);
  }
});

afterAll(async () => {
  await Promise.all(knxClients.map(closeKnx));
  await context?.close();
  await stack?.stop();
});

/**
 * Brings a tab to the front: Chromium throttles background tabs' animation frames, which
 * Playwright's clicks and screenshots wait for (seconds each once another tab was opened).
 */
async function front(tab: Page): Promise<Page> {
  await tab.bringToFront();
  return tab;
}

/** The detail screen's action buttons and dialogs. */
const actionButton = (key: string) =>
  page.getByRole('button', { name: fr(`gatewayDetail.actions.${key}`), exact: true });
const dialogTitled = (title: string) => page.getByRole('dialog', { name: title });
const closeDialog = async (dialog: Locator) => {
  await dialog.getByRole('button', { name: fr('dialog.close') }).click();
  await dialog.waitFor({ state: 'hidden' });
};
/** The info table's "last remote connection" row while a session is open. */
const openSessionChip = () => page.getByText(fr('gatewayDetail.info.vpnOpen'), { exact: true });

const vpnStatus = async () =>
  vpnStatusReply.parse(
    (await apiCall(stack, 'GET', `/api/vpn/status/${gateway.mac}`, { token })).body,
  );
const vpnLog = async () =>
  vpnLogReply.parse((await apiCall(stack, 'GET', `/api/vpn/log/${gateway.mac}`, { token })).body)
    .items;

// ---------------------------------------------------------------------------------------------

describe('remote access to a live demo gateway, as a new user meets it', () => {
  it('opens a 2 h remote connection from the detail screen and shows it online', async () => {
    await page.goto(`/projects/${gateway.project}/gateway/${gateway.mac}`);
    await page.getByRole('heading', { name: gateway.name }).waitFor();
    await page
      .getByTestId('service-state')
      .getByText(fr('gatewayDetail.info.online'), { exact: true })
      .waitFor();
    expect(await openSessionChip().count()).toBe(0);

    await actionButton('remote').click();
    const dialog = dialogTitled(fr('gatewayDetail.actions.remoteConnection'));
    await dialog.getByText(fr('gatewayDetail.remote.intro')).waitFor();
    await dialog.getByRole('combobox', { name: fr('gatewayDetail.remote.delay') }).click();
    const twoHours = fr('gatewayDetail.remote.delayHours', { count: 2 });
    await page.getByRole('option', { name: twoHours, exact: true }).click();
    await expect
      .poll(() =>
        dialog.getByRole('combobox', { name: fr('gatewayDetail.remote.delay') }).textContent(),
      )
      .toBe(twoHours);
    await snap(page, 'remote-access-1-connect');
    const opened = Date.now();
    await dialog.getByRole('button', { name: fr('gatewayDetail.remote.connect') }).click();

    // The dialog waits for the tunnel, then closes with the snackbar; the info row follows.
    await page
      .getByText(fr('gatewayDetail.remote.connected'), { exact: true })
      .waitFor({ timeout: WAIT_MS });
    await dialog.waitFor({ state: 'hidden' });
    await openSessionChip().waitFor();
    await snap(page, 'remote-access-1-online');

    const status = await vpnStatus();
    expect(status).toMatchObject({ online: 'true', open: true });
    // Two hours from the click (the server counts from its own clock: a minute either way).
    expect(Math.abs(Number(status.until) - opened - 2 * 3_600_000)).toBeLessThan(60_000);
  });

  it('shows the open connection on a phone, in English', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    try {
      await page.reload();
      // Language-independent selector: the console is in English now.
      await page.locator('[data-button="remote"]').click();
      const dialog = page.getByRole('dialog', { name: 'Remote connection' });
      await dialog.getByText('The remote connection is active.').waitFor();
      await dialog.getByRole('button', { name: 'Disconnect' }).waitFor();
      await snapViewport(page, 'remote-access-phone-en');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await page.evaluate(() => localStorage.setItem('lang', 'fr'));
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.reload();
    }
    await openSessionChip().waitFor();
  });

  it("opens the gateway's configuration page through its proxy host, stylesheet included", async () => {
    const styles: { url: string; status: number }[] = [];
    context.on('response', (res) => {
      if (res.url().endsWith('/assets/style.css'))
        styles.push({ url: res.url(), status: res.status() });
    });

    await front(page);
    await actionButton('advanced').click();
    const dialog = dialogTitled(fr('gatewayDetail.actions.advanced'));
    configTab = await tabOpenedBy(
      () => dialog.getByRole('button', { name: fr('gatewayDetail.advanced.openConfig') }).click(),
      proxySuffix,
    );
    await closeDialog(dialog);

    // The gateway itself answers: its type and MAC, as on its label.
    const title = `kloudnx ${formatMac(gateway.mac)}`;
    await configTab.getByRole('heading', { name: title }).waitFor();
    const status = configTab.locator('#status');
    await expect.poll(() => status.textContent()).toContain(formatMac(gateway.mac));
    expect(await status.textContent()).toContain('kloudnx');

    // Its absolute stylesheet came through the same proxy host and applies.
    const origin = new URL(configTab.url()).origin;
    await expect
      .poll(() => styles.filter((s) => s.url === `${origin}/assets/style.css`))
      .toEqual([{ url: `${origin}/assets/style.css`, status: 200 }]);
    expect(await configTab.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      CONFIG_PAGE_BACKGROUND,
    );
    await snap(configTab, 'remote-access-2-config-page');
  });

  it('opens the flow editor, whose WebSocket to /comms goes through the proxy both ways', async () => {
    await front(page);
    await actionButton('flowEditor').click();
    const dialog = dialogTitled(fr('gatewayDetail.actions.flowEditor'));
    await dialog.getByRole('button', { name: fr('gatewayDetail.flowEditor.generateLink') }).click();
    await dialog.getByText(fr('gatewayDetail.flowEditor.linksReady')).waitFor();
    await snap(page, 'remote-access-3-flow-editor-links');

    const editorLink = dialog.getByRole('link', { name: fr('gatewayDetail.flowEditor.editor') });
    const href = new URL((await editorLink.getAttribute('href')) ?? '');
    expect(href.host).toMatch(proxySuffix);
    expect(href.host).toMatch(/^[a-z0-9]{24}-editor\./);
    editorTab = await tabOpenedBy(() => editorLink.click(), proxySuffix);
    const dashboardLink = dialog.getByRole('link', {
      name: fr('gatewayDetail.flowEditor.dashboard'),
    });
    const dashboardHref = (await dashboardLink.getAttribute('href')) ?? '';
    await closeDialog(dialog);

    // The stand-in's script opened ws://{host}/comms and lists what it received.
    await editorTab.locator('#state').getByText('connected', { exact: true }).waitFor();
    const log = editorTab.locator('#log li');
    await log.filter({ hasText: '"topic":"hello"' }).waitFor();
    await editorTab.getByPlaceholder('Message').fill('bonjour depuis le cloud');
    await editorTab.getByRole('button', { name: 'Send' }).click();
    await log.filter({ hasText: '"topic":"echo"' }).filter({ hasText: 'bonjour depuis' }).waitFor();
    await snap(editorTab, 'remote-access-3-flow-editor');

    // The dashboard link: Node-RED's /ui/ on the same proxy host.
    expect(new URL(dashboardHref).pathname).toBe('/ui/');
    const ui = await editorTab.goto(dashboardHref);
    expect(ui?.status()).toBe(200);
    await editorTab.locator('#state').getByText('connected', { exact: true }).waitFor();
  });

  it("opens the ETS connection and relays one KNXnet/IP client's writes to another", async () => {
    await front(page);
    await actionButton('ets').click();
    const dialog = dialogTitled(fr('gatewayDetail.actions.ets'));
    await dialog.getByRole('button', { name: fr('gatewayDetail.ets.open') }).click();
    await dialog.getByText(fr('gatewayDetail.ets.ready')).waitFor({ timeout: WAIT_MS });
    const server = (await valueBeside(dialog, fr('gatewayDetail.ets.server')).innerText()).trim();
    const port = Number(await valueBeside(dialog, fr('gatewayDetail.ets.port')).innerText());
    expect(server).toBe('localhost');
    expect(port).toBeGreaterThan(0);
    ets = { server, port };
    await snap(page, 'remote-access-4-ets');
    await closeDialog(dialog);

    // Two ETS-like tools on the same port: knxultimate, with the plain TCP connect.
    const errors: Error[] = [];
    const [a, b] = [
      plainTcpKnxClient(port, errors, server),
      plainTcpKnxClient(port, errors, server),
    ];
    knxClients.push(a, b);
    const seenByB = groupWrites(b);
    await knxConnected(a, WAIT_MS);
    await knxConnected(b, WAIT_MS);

    a.write('1/2/3', true, '1.001');
    a.write('1/2/4', 21.5, '9.001');
    const ours = () => seenByB.filter((w) => w.ga === '1/2/3' || w.ga === '1/2/4');
    await expect.poll(ours, { timeout: WAIT_MS }).toHaveLength(2);
    expect(ours()).toEqual([
      { ga: '1/2/3', data: '01' },
      { ga: '1/2/4', data: '0c33' }, // 21.5 as DPT 9.001
    ]);
    expect(a.isConnected() && b.isConnected()).toBe(true);
    expect(errors).toEqual([]);

    await Promise.all(knxClients.splice(0).map(closeKnx));
  });

  it('lists the session in the access log: ongoing, opened by the supervisor, pages and ETS', async () => {
    await front(page);
    // The server adds what a session reached to its log every second.
    const ongoing = async () => (await vpnLog()).find((entry) => entry.closedAt === null);
    await expect
      .poll(async () => (await ongoing())?.reached, { timeout: WAIT_MS })
      .toEqual(['http', 'ets']);
    sessionId = (await ongoing())?._id ?? '';

    await page.getByRole('button', { name: fr('gatewayDetail.vpnLog.open') }).click();
    const dialog = dialogTitled(fr('gatewayDetail.vpnLog.title'));
    const table = dialog.getByRole('table', { name: fr('gatewayDetail.vpnLog.title') });
    const row = table
      .getByRole('row')
      .filter({ hasText: SUPERVISOR.email })
      .filter({ hasText: fr('gatewayDetail.vpnLog.ongoing') });
    await row.waitFor();
    expect(await row.count()).toBe(1);
    for (const chip of ['reachedHttp', 'reachedEts']) {
      await row.getByText(fr(`gatewayDetail.vpnLog.${chip}`), { exact: true }).waitFor();
    }
    await snap(page, 'remote-access-5-log');
    await closeDialog(dialog);
  });

  it('disconnects: the console shows it closed, the page link expires, the ETS port shuts', async () => {
    await front(page);
    await actionButton('remote').click();
    const dialog = dialogTitled(fr('gatewayDetail.actions.remoteConnection'));
    await dialog.getByText(fr('gatewayDetail.remote.online')).waitFor();
    await dialog.getByText(fr('gatewayDetail.remote.sessionEnd')).waitFor();
    await dialog.getByRole('button', { name: fr('gatewayDetail.remote.disconnect') }).click();
    await page
      .getByText(fr('gatewayDetail.remote.disconnected'), { exact: true })
      .waitFor({ timeout: WAIT_MS });
    // Back to the start: a delay to pick and a connect button.
    await dialog.getByRole('button', { name: fr('gatewayDetail.remote.connect') }).waitFor();
    await snap(page, 'remote-access-6-disconnected');
    await closeDialog(dialog);
    await openSessionChip().waitFor({ state: 'hidden' });
    await page
      .getByRole('row')
      .filter({ hasText: fr('gatewayDetail.info.lastVpn') })
      .getByText(/\d{2}:\d{2}/)
      .waitFor();

    expect(await vpnStatus()).toMatchObject({ online: 'false', open: false });
    const ours = (await vpnLog()).find((entry) => entry._id === sessionId);
    expect(ours).toMatchObject({ closeReason: 'disconnected', reached: ['http', 'ets'] });
    expect(ours?.closedAt).toBeGreaterThan(ours?.openedAt ?? Infinity);

    // The configuration page's link is dead: the expired-link page, 404 (in French, as the
    // browser asks).
    await expect
      .poll(async () => (await (await front(configTab)).reload())?.status(), { timeout: WAIT_MS })
      .toBe(404);
    await configTab.getByText(/lien d’accès à distance a expiré/).waitFor();
    await snap(configTab, 'remote-access-6-expired-link');

    // The flow editor's open WebSocket went down with the tunnel.
    await editorTab.locator('#state').getByText('disconnected', { exact: true }).waitFor();

    // ETS's port takes no connection any more.
    await expect.poll(() => tcpFate(ets.server, ets.port), { timeout: WAIT_MS }).not.toBe('open');
  });
});

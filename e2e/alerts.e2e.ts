import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '@atrium/contracts/alerts';
import type { GatewayAgent } from '@atrium/gateway-agent/agent';
import { freePort, startPostgres, type PgCluster } from '../apps/server/test/postgres-cluster';
import { PushoverStandIn, pushoverKey } from '../apps/server/test/pushover-stand-in';
import { snap, startStack, type Stack } from './harness';
import {
  importWaitingGateway,
  projectWithGateway,
  startSimulator,
  waitFor,
} from './monitoring-helpers';
import { ADMIN, apiCall, apiSignIn, fr, signInThroughUi, SUPERVISOR } from './session';

/**
 * Issue 14, "Done when": a threshold and notifications set in the console; a simulated
 * gateway crosses the threshold and the mail reaches the SMTP outbox and the push the local
 * Pushover endpoint, once each; the gateway stops and the offline alert comes after the
 * project's delay; a mute keeps both quiet; the history shows all of it. On both databases.
 */
const GATEWAY = { mac: 'e2e0000000c1', sn: 'E2EALR01', name: 'Passerelle serre' };
const PROJECT = 'Serre tropicale';
const RULE = 'Serre trop chaude';
const ADDRESS = '1/1/1';
const MAIL = 'astreinte@serre.example.com';
const OFFLINE_DELAY_S = 5;
/** How long "nothing more arrives" is watched (the outbox polls every 200 ms). */
const QUIET_MS = 1_500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(['sqlite', 'postgres'] as const)('alerts end to end on %s', (database) => {
  let pg: PgCluster | undefined;
  let stack: Stack;
  let push: PushoverStandIn;
  let token: string;
  let projectId: string;
  let secret: string;
  let mqttPort: number;
  let agent: GatewayAgent | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  const pushUser = pushoverKey();
  const pushToken = pushoverKey();

  /** The simulated gateway: info every second, no random telegrams (only what a step sends). */
  async function startAgent() {
    agent = startSimulator(mqttPort, GATEWAY.mac, secret, 0);
    await waitFor('the simulated gateway connected', async () => agent?.link.connected, Boolean);
    await waitFor('the gateway online for the server', gatewayOnline, Boolean);
  }

  async function stopAgent() {
    await agent?.stop();
    agent = undefined;
  }

  async function gatewayOnline(): Promise<boolean> {
    const res = await apiCall(stack, 'GET', `/api/project/${projectId}`, { token });
    const project = res.body.project as { gateways?: { mac: string; online?: boolean }[] };
    return project.gateways?.find((g) => g.mac === GATEWAY.mac)?.online === true;
  }

  /** One temperature (9.001) on the watched address; resolves once the server stored it. */
  async function send(value: number) {
    if (!agent) throw new Error('no gateway running');
    await agent.publishTelegrams([{ ga: ADDRESS, dpt: '9.001', value, t: Date.now() }]);
  }

  async function history(query = ''): Promise<Alert[]> {
    const res = await apiCall(stack, 'GET', `/api/alerts/project/${projectId}${query}`, { token });
    return (res.body.alerts ?? []) as Alert[];
  }

  const mails = () => stack.mailbox.mails.filter((m) => m.to.includes(MAIL));
  const pushes = () => push.received.filter((p) => p.user === pushUser);

  /** Exactly `count` mails to MAIL and pushes to our key, and no more after a short wait. */
  async function expectNotifications(count: number) {
    await stack.mailbox.waitFor(MAIL, count, 10_000);
    await push.waitFor(count, 10_000);
    await sleep(QUIET_MS);
    expect(mails()).toHaveLength(count);
    expect(pushes()).toHaveLength(count);
  }

  const projectRow = () =>
    page.getByRole('row').filter({ has: page.getByText(PROJECT, { exact: true }) });

  /** The alerts dialog, opened from the projects list (the row's button with its badge). */
  async function openAlerts(): Promise<Locator> {
    await projectRow()
      .getByRole('button', { name: /^Alertes$|alertes? en cours$/ })
      .click();
    const dialog = page.getByRole('dialog', { name: fr('alerts.title') });
    await dialog.waitFor();
    return dialog;
  }

  async function closeDialog(dialog: Locator) {
    await dialog
      .getByRole('button', { name: fr('dialog.close'), exact: true })
      .last()
      .click();
    await dialog.waitFor({ state: 'detached' });
  }

  const rows = (dialog: Locator) => dialog.getByTestId('alert-row');
  const rowsOf = (dialog: Locator, kind: string) =>
    rows(dialog).filter({ hasText: fr(`alerts.kinds.${kind}`) });

  beforeAll(async () => {
    if (database === 'postgres') pg = await startPostgres();
    push = new PushoverStandIn();
    push.tokens.add(pushToken);
    push.users.add(pushUser);
    const pushoverUrl = await push.start();
    mqttPort = await freePort();
    stack = await startStack({
      SEED_DEMO: 'true',
      MQTT_PORT: String(mqttPort),
      PUSHOVER_URL: pushoverUrl,
      ALERT_OUTBOX_POLL_MS: '200',
      ALERT_RETRY_BASE_MS: '200',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
    const admin = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    secret = await importWaitingGateway(stack, admin, GATEWAY);
    token = await apiSignIn(stack, SUPERVISOR.email, SUPERVISOR.password);
    projectId = await projectWithGateway(stack, token, PROJECT, GATEWAY);
    await startAgent();
  });
  afterAll(async () => {
    await stopAgent();
    await context?.close();
    await stack?.stop();
    await push?.stop();
    pg?.stop();
  });

  it('sets a threshold, the notifications and the offline delay in the console', async () => {
    ({ context, page } = await stack.newPage());
    await signInThroughUi(stack, page, SUPERVISOR.email, SUPERVISOR.password);

    // Monitoring dialog → thresholds: no ETS file, so the address and its DPT are typed.
    await projectRow()
      .getByRole('button', { name: fr('projects.dialogs.monitoring') })
      .click();
    const monitoring = page.getByRole('dialog', { name: fr('monitoring.title') });
    const section = monitoring.getByTestId('thresholds-section');
    await section.getByText(fr('monitoring.thresholds.none')).waitFor();
    await section.getByRole('button', { name: fr('monitoring.thresholds.configure') }).click();
    const thresholds = page.getByRole('dialog', { name: fr('monitoring.thresholds.title') });
    await thresholds.getByText(fr('monitoring.thresholds.empty')).waitFor();
    await thresholds.getByRole('button', { name: fr('monitoring.thresholds.add') }).click();
    await thresholds.getByLabel(fr('monitoring.thresholds.name'), { exact: true }).fill(RULE);
    const address = thresholds.getByLabel(fr('monitoring.thresholds.address'), { exact: true });
    await address.fill(ADDRESS);
    await thresholds.getByText(fr('monitoring.thresholds.noEts')).waitFor();
    await thresholds.getByLabel(fr('monitoring.thresholds.dpt'), { exact: true }).fill('9.001');
    await thresholds.getByRole('combobox', { name: fr('monitoring.thresholds.type') }).click();
    await page.getByRole('option', { name: fr('monitoring.thresholds.types.greater') }).click();
    await thresholds.getByLabel(fr('monitoring.thresholds.value'), { exact: true }).fill('30');
    await snap(page, 'alerts-threshold-form');
    await thresholds.getByRole('button', { name: fr('dialog.save') }).click();
    const rule = thresholds.getByTestId('threshold-row');
    await rule.getByText(RULE).waitFor();
    await rule.getByText(ADDRESS, { exact: false }).waitFor();
    await snap(page, 'alerts-thresholds');
    const stored = await apiCall(stack, 'GET', `/api/project/logs/options/${projectId}`, { token });
    expect((stored.body.logger as { thresholds: unknown[] }).thresholds).toEqual([
      expect.objectContaining({
        name: RULE,
        gateway: GATEWAY.mac,
        address: ADDRESS,
        dpt: '9.001',
        type: '>',
        value: 30,
        enabled: true,
      }),
    ]);
    await closeDialog(thresholds);
    await section.getByText(fr('monitoring.thresholds.count_one', { count: 1 })).waitFor();
    await closeDialog(monitoring);

    // Notifications: e-mail to one address and Pushover with the stand-in's keys.
    await projectRow()
      .getByRole('button', { name: fr('projects.notificationsOff') })
      .click();
    const notifications = page.getByRole('dialog', { name: fr('notifications.title') });
    const email = notifications.getByTestId('email-channel');
    await email.getByRole('switch', { name: fr('notifications.email.title') }).check();
    await email.getByLabel(fr('notifications.email.first'), { exact: true }).fill(MAIL);
    const pushover = notifications.getByTestId('pushover-channel');
    await pushover.getByRole('switch', { name: fr('notifications.pushover.title') }).check();
    await pushover.getByLabel(fr('notifications.pushover.user'), { exact: true }).fill(pushUser);
    await pushover.getByLabel(fr('notifications.pushover.token'), { exact: true }).fill(pushToken);
    for (const channel of [email, pushover]) {
      const status = channel.getByRole('checkbox', { name: fr('notifications.events.status') });
      expect(await status.isChecked()).toBe(true);
      const always = channel.getByRole('checkbox', { name: fr('notifications.events.thresholds') });
      expect([await always.isChecked(), await always.isDisabled()]).toEqual([true, true]);
    }
    await snap(page, 'alerts-notifications');
    await notifications.getByRole('button', { name: fr('dialog.save') }).click();
    await notifications.waitFor({ state: 'detached' });
    await projectRow()
      .getByRole('button', { name: fr('projects.notificationsOn') })
      .waitFor();

    // Alerts dialog → settings: the offline delay down to 5 s.
    const alerts = await openAlerts();
    await alerts.getByText(fr('alerts.empty')).waitFor();
    await alerts.getByRole('tab', { name: fr('alerts.tabs.settings') }).click();
    const delay = alerts.getByLabel(fr('alerts.settings.offline.delay'), { exact: true });
    await expect.poll(() => delay.inputValue()).toBe('60');
    await delay.fill(String(OFFLINE_DELAY_S));
    await alerts.getByRole('button', { name: fr('dialog.save') }).click();
    await page.getByText(fr('changeSuccess')).first().waitFor();
    const settings = await apiCall(stack, 'GET', `/api/alerts/settings/${projectId}`, { token });
    expect(settings.body.settings).toMatchObject({ offlineDelaySeconds: OFFLINE_DELAY_S });
    await closeDialog(alerts);
  });

  it('a value hovering at the limit sends one mail and one push; its clear one more', async () => {
    const alerts = await openAlerts();
    await alerts.getByText(fr('alerts.empty')).waitFor();
    // 25 is below; 30.2 crosses; 29.9 stays inside the hysteresis band; 30.5 is above again.
    for (const value of [25, 30.2, 29.9, 30.5]) await send(value);
    await rowsOf(alerts, 'threshold').first().waitFor();
    await expectNotifications(1);
    expect(await rows(alerts).count()).toBe(1);
    const raised = rows(alerts).first();
    await raised.getByText(fr('alerts.state.open'), { exact: true }).waitFor();
    await raised.getByText(RULE, { exact: false }).waitFor();
    expect((await history()).map((a) => [a.kind, a.value, a.clearedAt])).toEqual([
      ['threshold', 30.2, null],
    ]);

    const [mail] = mails();
    expect(mail?.body).toContain(PROJECT);
    expect(mail?.body).toContain('Seuil franchi');
    expect(mail?.body).toContain('30,2 °C');
    // Both link to the graph of the address on the day of the alert.
    const graph = `${stack.baseUrl}/projects/${projectId}?graph=1%2F1%2F1&`;
    expect(mail?.body).toContain(graph);
    expect(pushes()[0]).toMatchObject({ token: pushToken, title: `${PROJECT} — Seuil franchi` });
    expect(pushes()[0]?.url?.startsWith(graph)).toBe(true);
    expect(pushes()[0]?.message).toContain('30,2 °C');

    // Back under the band: cleared, one more of each, in French.
    await send(20);
    await raised.getByText(fr('alerts.state.cleared'), { exact: true }).waitFor();
    await expectNotifications(2);
    expect(mails()[1]?.body).toContain('Retour à la normale');
    expect(mails()[1]?.body).toContain('20 °C');
    expect(pushes()[1]?.title).toBe(`${PROJECT} — Retour à la normale`);
    await closeDialog(alerts);
  });

  it('a stopped gateway raises the offline alert after the delay, once', async () => {
    const alerts = await openAlerts();
    await rows(alerts).first().waitFor();
    const stoppedAt = Date.now();
    await stopAgent();
    const status = rowsOf(alerts, 'status');
    // Not before the delay…
    await sleep((OFFLINE_DELAY_S - 2) * 1000);
    expect(await status.count()).toBe(0);
    expect(await history('?kind=status')).toEqual([]);
    expect(mails()).toHaveLength(2);
    // …then in the open history, live, and notified once.
    await status.first().waitFor({ timeout: 10_000 });
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(OFFLINE_DELAY_S * 1000);
    await status.first().getByText(fr('alerts.state.open'), { exact: true }).waitFor();
    await expectNotifications(3);
    expect(mails()[2]?.body).toContain('Passerelle hors ligne');
    expect(pushes()[2]?.title).toBe(`${PROJECT} — Passerelle hors ligne`);
    // The projects list's badge counts it.
    await closeDialog(alerts);
    await projectRow()
      .getByRole('button', { name: fr('projects.openAlerts_one', { count: 1 }) })
      .waitFor();

    // Back online: the outage ends, notified once more.
    await startAgent();
    await expectNotifications(4);
    expect(mails()[3]?.body).toContain('Passerelle de nouveau en ligne');
    expect(pushes()[3]?.title).toBe(`${PROJECT} — Passerelle de nouveau en ligne`);
    await projectRow()
      .getByRole('button', { name: fr('projects.dialogs.alerts'), exact: true })
      .waitFor();
  });

  it('muted, alerts are recorded and nothing is sent', async () => {
    const alerts = await openAlerts();
    await alerts.getByRole('tab', { name: new RegExp(`^${fr('alerts.tabs.mute')}`) }).click();
    await alerts.getByText(fr('alerts.mute.none')).waitFor();
    await alerts.getByRole('button', { name: fr('alerts.mute.forHours', { hours: 1 }) }).click();
    const active = alerts.getByRole('list', { name: fr('alerts.mute.active') });
    await active.getByText(fr('alerts.mute.project')).waitFor();
    await active.getByRole('button', { name: fr('alerts.mute.unmute') }).waitFor();
    await alerts.getByRole('tab', { name: fr('alerts.tabs.history') }).click();
    await rows(alerts).nth(1).waitFor();
    expect(await rows(alerts).count()).toBe(2);

    // A crossing: recorded, marked muted, nothing sent.
    await send(31);
    const threshold = rowsOf(alerts, 'threshold').first();
    await threshold.getByText(fr('alerts.row.muted')).waitFor();
    await threshold.getByText(fr('alerts.state.open'), { exact: true }).waitFor();
    await sleep(QUIET_MS * 2);
    expect([mails().length, pushes().length]).toEqual([4, 4]);

    // The gateway stops again: the outage is recorded after the delay, muted, nothing sent.
    await stopAgent();
    const status = rowsOf(alerts, 'status').filter({ hasText: fr('alerts.row.muted') });
    await status.first().waitFor({ timeout: (OFFLINE_DELAY_S + 8) * 1000 });
    await status.first().getByText(fr('alerts.state.open'), { exact: true }).waitFor();
    await sleep(QUIET_MS * 2);
    expect([mails().length, pushes().length]).toEqual([4, 4]);
    const muted = (await history()).filter((a) => a.muted);
    expect(muted.map((a) => [a.kind, a.clearedAt]).sort()).toEqual([
      ['status', null],
      ['threshold', null],
    ]);
    await closeDialog(alerts);
  });

  it('the history shows all of it, filters by kind, on a desktop and a phone', async () => {
    const alerts = await openAlerts();
    await rows(alerts).nth(3).waitFor();
    expect(await rows(alerts).count()).toBe(4);
    expect(await rowsOf(alerts, 'threshold').count()).toBe(2);
    expect(await rowsOf(alerts, 'status').count()).toBe(2);
    expect(
      await rows(alerts)
        .filter({ hasText: fr('alerts.row.muted') })
        .count(),
    ).toBe(2);
    expect(
      await rows(alerts)
        .filter({ hasText: fr('alerts.state.cleared') })
        .count(),
    ).toBe(2);
    await alerts.getByText(fr('alerts.openCount_other', { count: 2 })).waitFor();
    // The values: the muted crossing's, and the first alert's with the value that cleared it.
    const [mutedThreshold, firstThreshold] = await rowsOf(alerts, 'threshold').all();
    await mutedThreshold?.getByText(fr('alerts.row.value', { value: '31 °C' })).waitFor();
    await firstThreshold?.getByText('(20 °C)').waitFor();
    const stored = await history();
    expect(stored.map((a) => [a.kind, a.muted, a.clearedAt === null])).toEqual([
      ['status', true, true],
      ['threshold', true, true],
      ['status', false, false],
      ['threshold', false, false],
    ]);
    await snap(page, 'alerts-history');

    // Filter by kind: the gateway's outages only.
    const kindAsked = page.waitForRequest(
      (r) =>
        r.url().includes(`/api/alerts/project/${projectId}`) && r.url().includes('kind=status'),
    );
    await alerts.getByRole('combobox', { name: fr('alerts.filters.kind') }).click();
    await page.getByRole('option', { name: fr('alerts.kinds.status') }).click();
    await kindAsked;
    await expect.poll(() => rows(alerts).count()).toBe(2);
    expect(await rowsOf(alerts, 'status').count()).toBe(2);
    await snap(page, 'alerts-history-status');
    await closeDialog(alerts);

    // On a phone, through the project page's history link: the history, full screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/projects/${projectId}?alerts=1`);
    const phone = page.getByRole('dialog', { name: fr('alerts.title') });
    await rows(phone).nth(3).waitFor();
    expect(await rows(phone).count()).toBe(4);
    const box = await phone.boundingBox();
    expect(box?.width).toBe(390);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    await snap(page, 'alerts-history-phone');
  });
});

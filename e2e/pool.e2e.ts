import { readFile } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayAgent } from '@atrium/gateway-agent/agent';
import { MqttLink } from '@atrium/gateway-agent/mqtt-link';
import {
  FAKE_KLEREO_ACCOUNT,
  FAKE_POOLCOP_ACCOUNT,
  startFakeVendor,
  type FakeVendor,
} from '@atrium/gateway-agent/pool/fake-vendor';
import { encode } from '@atrium/knx/dpt-codec';
import { parseEtsCsv } from '@atrium/knx/ets-csv-import';
import { freePort, startPostgres, type PgCluster } from '../apps/server/test/postgres-cluster';
import { claimGateway, importGateways } from './gateway-fleet';
import { expectNoSeriousViolations } from './a11y';
import { snap, startStack, type Stack } from './harness';
import { projectWithGateway, waitFor } from './monitoring-helpers';
import { ADMIN, apiCall, apiSignIn, fr, signInThroughUi, SUPERVISOR } from './session';

/**
 * Issue 19, "Done when": a simulated Klereo pool and a simulated PoolCop pool configured end
 * to end in the console (vendor credentials, pool selection, mapping with auto-fill, the live
 * table following the pool, a group write turning filtration on, the temperature control
 * heating the pool, the ETS CSV export read back by packages/knx), with the pool type change's
 * confirmation and 10 s wait. The gateways are the simulator's poolnx agents on the stack's
 * MQTT broker, reading a local server that answers as the Klereo and PoolCop clouds do.
 * On SQLite and PostgreSQL; screenshots (SQLite run) at 1440 and 400 px in French and English.
 */
const KLEREO = { mac: 'e2e0000000f1', sn: 'E2EPOOL1', name: 'Piscine Klereo' };
const POOLCOP = { mac: 'e2e0000000f2', sn: 'E2EPOOL2', name: 'Piscine PoolCop' };
const PROJECT = 'Villa des Pins';
const KLEREO_POOL = FAKE_KLEREO_ACCOUNT.pools[0]!;

describe.each(['sqlite', 'postgres'] as const)('pool controllers end to end on %s', (database) => {
  let pg: PgCluster | undefined;
  let stack: Stack;
  let vendor: FakeVendor;
  const agents = new Map<string, GatewayAgent>();
  let context: BrowserContext | undefined;
  let page: Page;
  let token: string;
  let projectId: string;

  async function shot(name: string) {
    if (database !== 'sqlite') return;
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400);
    await snap(page, name);
  }

  beforeAll(async () => {
    if (database === 'postgres') pg = await startPostgres();
    vendor = await startFakeVendor();
    const mqttPort = await freePort();
    stack = await startStack({
      SEED_DEMO: 'true',
      MQTT_PORT: String(mqttPort),
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
    const admin = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const latest = await apiCall(stack, 'GET', '/api/information/version', { token: admin });
    const version = typeof latest.body.poolnx === 'string' ? latest.body.poolnx : '7.6.0';
    const secrets = await importGateways(stack, admin, [
      { ...KLEREO, type: 'poolnx', version },
      { ...POOLCOP, type: 'poolnx', version },
    ]);
    token = await apiSignIn(stack, SUPERVISOR.email, SUPERVISOR.password);
    projectId = await projectWithGateway(stack, token, PROJECT, KLEREO);
    await claimGateway(stack, token, { ...POOLCOP, project: projectId });
    for (const gw of [KLEREO, POOLCOP]) {
      const agent = new GatewayAgent({
        mac: gw.mac,
        type: 'poolnx',
        version,
        link: new MqttLink({
          url: `mqtt://127.0.0.1:${mqttPort}`,
          mac: gw.mac,
          secret: secrets.get(gw.mac)!,
          minBackoffMs: 200,
        }),
        timing: { infoEveryMs: 1_000, telegramsPerSecond: 0 },
        pool: {
          urls: { klereoUrl: vendor.klereoUrl, poolcopUrl: vendor.poolcopUrl },
          pollMs: 1_000,
        },
      });
      agent.start();
      agents.set(gw.mac, agent);
      await waitFor(`${gw.name} connected`, async () => agent.link.connected, Boolean);
    }
    ({ context, page } = await stack.newPage({ width: 1440, height: 900 }));
    await signInThroughUi(stack, page, SUPERVISOR.email, SUPERVISOR.password);
  });
  afterAll(async () => {
    for (const agent of agents.values()) await agent.stop();
    await context?.close();
    await stack?.stop();
    await vendor?.close();
    pg?.stop();
  });

  async function openPool(mac: string) {
    await page.goto(`/projects/${projectId}/gateway/${mac}`);
    await page
      .getByTestId('service-state')
      .getByText(fr('gatewayDetail.info.online'), { exact: true })
      .waitFor();
    await page.getByRole('button', { name: fr('gatewayDetail.actions.pool'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: fr('gatewayDetail.actions.pool') });
    await dialog.waitFor();
    return dialog;
  }

  async function snackbar(key: string) {
    const bar = page.getByText(fr(key)).last();
    await bar.waitFor();
    await page
      .getByRole('button', { name: 'OK' })
      .click({ timeout: 1_000 })
      .catch(() => undefined);
  }

  async function authenticate(dialog: Locator, fill: (auth: Locator) => Promise<void>) {
    await dialog.getByRole('button', { name: fr('modifyIds') }).click();
    const auth = page.getByRole('dialog', { name: fr('modifyIds') });
    await fill(auth);
    await auth.getByRole('button', { name: fr('dialog.save') }).click();
    return auth;
  }

  const table = (kind: 'POOL_to_KNX' | 'KNX_to_POOL') =>
    page.getByRole('dialog', { name: fr(`pool.table.${kind}`) });
  const address = (scope: Locator, name: string) =>
    scope.getByRole('textbox', { name: fr('pool.addressOf', { name }), exact: true });

  /** Maps rows of a table: the first address typed, the rows used, then auto-fill and save. */
  async function map(
    dialog: Locator,
    kind: 'POOL_to_KNX' | 'KNX_to_POOL',
    first: string,
    names: string[],
  ) {
    await dialog.getByRole('button', { name: fr(`pool.table.${kind}`) }).click();
    const t = table(kind);
    await t.waitFor();
    for (const name of names)
      await t.getByRole('checkbox', { name: fr('pool.useRow', { name }), exact: true }).check();
    await t.getByRole('switch', { name: fr('pool.usedOnly') }).check();
    expect(await t.locator('tr[data-row]').count()).toBe(names.length);
    await address(t, names[0]!).fill(first);
    await t.getByRole('button', { name: fr('pool.autoFill') }).click();
    return t;
  }

  async function save(t: Locator) {
    await t.getByRole('button', { name: fr('dialog.save') }).click();
    await t.waitFor({ state: 'detached' });
    await snackbar('changeSuccess');
  }

  const poolConfig = async (mac: string) =>
    (await apiCall(stack, 'GET', `/api/poolnx/config?mac=${mac}`, { token })).body;

  it('configures a Klereo pool: credentials, pool, mapping, live table, filtration, thermostat, ETS export', async () => {
    const agent = agents.get(KLEREO.mac)!;
    const dialog = await openPool(KLEREO.mac);
    await expect
      .poll(() => dialog.getByRole('combobox', { name: fr('gatewayDetail.pool.type') }).innerText())
      .toBe('Klereo');
    // Wrong credentials: the vendor refuses them, the dialog says so and nothing is stored.
    const refused = await authenticate(dialog, async (auth) => {
      await auth.getByRole('textbox', { name: fr('pool.username') }).fill('demo');
      await auth.locator('input[type=password]').fill('Wrong1234');
    });
    await refused.getByText(fr('poolInvalidIds')).last().waitFor();
    expect((await poolConfig(KLEREO.mac)).auth).toBeNull();
    await refused.locator('input[type=password]').fill(FAKE_KLEREO_ACCOUNT.password);
    await refused.getByRole('button', { name: fr('dialog.save') }).click();
    await refused.waitFor({ state: 'detached' });
    await snackbar('changeSuccess');
    expect((await poolConfig(KLEREO.mac)).auth).toEqual({ username: 'demo' });

    // The account's pools, then the first one.
    const select = dialog.getByRole('combobox', { name: fr('pool.selectedPool'), exact: true });
    await expect.poll(() => select.getAttribute('aria-disabled')).toBeNull();
    await select.click();
    await page.getByRole('option', { name: FAKE_KLEREO_ACCOUNT.pools[1]!.name }).waitFor();
    await page.getByRole('option', { name: KLEREO_POOL.name }).click();
    await snackbar('changeSuccess');
    await expect.poll(async () => (await poolConfig(KLEREO.mac)).selectedPool).toBe(KLEREO_POOL.id);
    await shot('pool-dialog-1440-fr');
    if (database === 'sqlite') await expectNoSeriousViolations(page, 'pool dialog, fr');

    // Status table: five values used, the first on 3/1/1, the others auto-filled.
    const status = await map(dialog, 'POOL_to_KNX', '3/1/1', [
      'waterTemp',
      'pH',
      'redox',
      'filtration',
      'heating',
    ]);
    expect(await address(status, 'heating').inputValue()).toBe('3/1/5');
    await address(status, 'pH').fill('3/9/4');
    await status.getByText(fr('malformedAddress')).first().waitFor();
    expect(await status.getByRole('button', { name: fr('dialog.save') }).isDisabled()).toBe(true);
    await address(status, 'pH').fill('3/1/2');
    await shot('pool-status-table-1440-fr');
    await save(status);
    // Command table: filtration on 3/2/1.
    const commands = await map(dialog, 'KNX_to_POOL', '3/2/1', ['filtration']);
    await save(commands);
    const saved = await poolConfig(KLEREO.mac);
    const used = (saved.POOL_to_KNX as { name: string; address: string; enabled: boolean }[])
      .filter((r) => r.enabled)
      .map((r) => [r.name, r.address]);
    expect(used).toEqual([
      ['waterTemp', '3/1/1'],
      ['pH', '3/1/2'],
      ['redox', '3/1/3'],
      ['filtration', '3/1/4'],
      ['heating', '3/1/5'],
    ]);

    // The live table follows the pool; a group write on 3/2/1 turns the filtration on.
    const pool = vendor.pools.get(KLEREO_POOL.id)!;
    pool.setFiltration(false);
    await dialog.getByRole('button', { name: fr('pool.table.POOL_to_KNX') }).click();
    const live = table('POOL_to_KNX');
    await live.getByText(fr('pool.live'), { exact: true }).waitFor();
    await expect
      .poll(() => live.getByTestId('value-waterTemp').innerText(), { timeout: 20_000 })
      .toMatch(/^\d+,\d\d °C$/);
    await expect.poll(() => live.getByTestId('value-redox').innerText()).toMatch(/^\d+,\d{3} mV$/);
    await expect
      .poll(() => live.getByTestId('value-filtration').innerText(), { timeout: 20_000 })
      .toBe(fr('pool.off'));
    await expect
      .poll(
        () => {
          agent.busWrite('3/2/1', Uint8Array.of(1));
          return live.getByTestId('value-filtration').innerText();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(fr('pool.on'));
    expect(pool.state.filtration).toBe(true);
    await live.getByText(/^Dernière mise à jour : \d\d\/\d\d\/\d{4}/).waitFor();
    await shot('pool-live-table-1440-fr');
    if (database === 'sqlite') await expectNoSeriousViolations(page, 'pool status table, fr');
    await live.getByRole('button', { name: fr('dialog.cancel') }).click();

    // Temperature control: enabled on 3/3/x, hysteresis 1,5 K; set to 35 °C, it heats.
    await dialog.getByRole('button', { name: fr('pool.tempControl') }).click();
    const temp = page.getByRole('dialog', { name: fr('pool.tempControl') });
    await temp.getByRole('switch', { name: fr('pool.temp.enabled') }).check();
    await temp.getByText(fr('malformedAddress')).first().waitFor();
    await temp
      .getByRole('textbox', { name: fr('pool.tempField.control'), exact: true })
      .fill('3/3/1');
    await temp
      .getByRole('textbox', { name: fr('pool.tempField.setpoint'), exact: true })
      .fill('3/3/2');
    await temp
      .getByRole('textbox', { name: fr('pool.tempField.controlFeedback'), exact: true })
      .fill('3/3/3');
    await temp.getByRole('textbox', { name: fr('pool.temp.hysteresis') }).fill('abc');
    expect(await temp.getByRole('button', { name: fr('dialog.save') }).isDisabled()).toBe(true);
    await temp.getByRole('textbox', { name: fr('pool.temp.hysteresis') }).fill('1,5');
    await shot('pool-temp-1440-fr');
    if (database === 'sqlite')
      await expectNoSeriousViolations(page, 'pool temperature control, fr');
    await save(temp);
    expect((await poolConfig(KLEREO.mac)).tempControl).toMatchObject({
      enabled: true,
      hysteresis: 1.5,
      control: { address: '3/3/1' },
      setpoint: { address: '3/3/2' },
    });
    await waitFor(
      'the thermostat heating the pool',
      async () => {
        agent.busWrite('3/3/2', encode('9.001', 35));
        agent.busWrite('3/3/1', Uint8Array.of(1));
        return pool.state.heating;
      },
      Boolean,
    );

    // Options: the error address and a 30 min refresh.
    await dialog.getByRole('button', { name: fr('pool.options') }).click();
    const options = page.getByRole('dialog', { name: fr('pool.options') });
    await options.getByRole('checkbox', { name: new RegExp(fr('pool.optionName.error')) }).check();
    await options
      .getByRole('textbox', { name: fr('pool.address') })
      .nth(1)
      .fill('3/5/1');
    await options.getByRole('combobox', { name: fr('pool.every') }).click();
    await page.getByRole('option', { name: fr('pool.refreshEvery.30') }).click();
    await shot('pool-options-1440-fr');
    await save(options);
    expect((await poolConfig(KLEREO.mac)).options).toMatchObject({
      error: { address: '3/5/1', enabled: true },
      refresh_auto: { time: 30, enabled: true },
    });

    // The ETS export: subs padded to 3 digits, DPST, read back by packages/knx.
    await page.reload();
    const again = await openPool(KLEREO.mac);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      again.getByRole('button', { name: fr('pool.etsExport') }).click(),
    ]);
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toContain('"3/1/001"');
    expect(text).toContain('"DPST-9-1"');
    const read = parseEtsCsv(text);
    expect(read.skipped).toEqual([]);
    expect(read.addresses.map((a) => [a.address, a.dpt])).toEqual([
      ['3/1/1', '9.001'],
      ['3/1/2', '14.000'],
      ['3/1/3', '9.020'],
      ['3/1/4', '1.001'],
      ['3/1/5', '1.001'],
      ['3/2/1', '1.001'],
      ['3/3/1', '1.001'],
      ['3/3/2', '9.001'],
      ['3/3/3', '1.001'],
      ['3/5/1', '1.005'],
    ]);
  });

  it('configures a PoolCop pool after a type change (confirmation, 10 s wait, reload)', async () => {
    const agent = agents.get(POOLCOP.mac)!;
    const dialog = await openPool(POOLCOP.mac);
    const type = dialog.getByRole('combobox', { name: fr('gatewayDetail.pool.type') });
    await type.click();
    await page.getByRole('option', { name: fr('gatewayDetail.pool.poolcop') }).click();
    await page
      .getByRole('dialog', { name: fr('gatewayDetail.pool.type') })
      .getByRole('button', { name: fr('dialog.confirm') })
      .click();
    const started = Date.now();
    await dialog.getByText(fr('gatewayDetail.pool.changing')).waitFor();
    await dialog
      .getByText(fr('gatewayDetail.pool.changing'))
      .waitFor({ state: 'detached', timeout: 30_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    await expect.poll(() => type.innerText()).toBe('PoolCop');
    expect((await poolConfig(POOLCOP.mac)).type).toBe('poolcop');
    // PoolCop: an API key, no pool select.
    const refused = await authenticate(dialog, (auth) =>
      auth.locator('input[type=password]').fill('not-the-key-0000'),
    );
    await refused.getByText(fr('poolInvalidIds')).last().waitFor();
    await refused.locator('input[type=password]').fill(FAKE_POOLCOP_ACCOUNT.apikey);
    await refused.getByRole('button', { name: fr('dialog.save') }).click();
    await refused.waitFor({ state: 'detached' });
    await snackbar('changeSuccess');
    expect(
      await dialog.getByRole('combobox', { name: fr('pool.selectedPool'), exact: true }).count(),
    ).toBe(0);

    const status = await map(dialog, 'POOL_to_KNX', '4/1/1', [
      'waterTemp',
      'pH',
      'orp',
      'filtration',
    ]);
    expect(await address(status, 'filtration').inputValue()).toBe('4/1/4');
    await save(status);
    await save(await map(dialog, 'KNX_to_POOL', '4/2/1', ['filtration']));

    const pool = vendor.pools.get(FAKE_POOLCOP_ACCOUNT.poolId)!;
    pool.setFiltration(false);
    await dialog.getByRole('button', { name: fr('pool.table.POOL_to_KNX') }).click();
    const live = table('POOL_to_KNX');
    await expect
      .poll(() => live.getByTestId('value-orp').innerText(), { timeout: 20_000 })
      .toMatch(/^\d+,\d{3} mV$/);
    // Off first: a reading from before setFiltration(false) says on during the pool's time
    // slots (8:00–12:00 and 14:00–20:00 in Paris), and this test would pass on it.
    await expect
      .poll(() => live.getByTestId('value-filtration').innerText(), { timeout: 20_000 })
      .toBe(fr('pool.off'));
    await expect
      .poll(
        () => {
          agent.busWrite('4/2/1', Uint8Array.of(1));
          return live.getByTestId('value-filtration').innerText();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(fr('pool.on'));
    expect(pool.state.filtration).toBe(true);
    await shot('pool-poolcop-table-1440-fr');

    // A vendor outage: the console says so; the values come back with the vendor.
    vendor.outage = true;
    await live.getByText(fr('poolVendorUnavailable')).waitFor({ timeout: 20_000 });
    await shot('pool-vendor-outage-1440-fr');
    vendor.outage = false;
    await live
      .getByText(fr('poolVendorUnavailable'))
      .waitFor({ state: 'detached', timeout: 20_000 });
    // 400 px in French, then the console in English at 1440 and 400 px.
    await page.setViewportSize({ width: 400, height: 860 });
    await shot('pool-poolcop-table-400-fr');
    await live.getByRole('button', { name: fr('dialog.cancel') }).click();
    await shot('pool-dialog-400-fr');
    await dialog.getByRole('button', { name: fr('dialog.close') }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1440, height: 900 });
    // The language menu, once the closing dialog and the snackbars let the click through.
    const english = page.getByRole('menuitem', { name: 'English' });
    await expect
      .poll(
        async () => {
          if (!(await english.isVisible()))
            await page.getByRole('button', { name: fr('shell.language') }).click();
          return english.isVisible();
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe(true);
    await english.click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Pool', exact: true }).click();
    const en = page.getByRole('dialog', { name: 'Pool' });
    await en.getByRole('button', { name: 'Change the credentials' }).waitFor();
    await shot('pool-dialog-1440-en');
    await en.getByRole('button', { name: 'Status table (pool → KNX)' }).click();
    const enTable = page.getByRole('dialog', { name: 'Status table (pool → KNX)' });
    await expect
      .poll(() => enTable.getByTestId('value-orp').innerText(), { timeout: 20_000 })
      .toMatch(/^[\d,]+\.\d{3} mV$/);
    await shot('pool-poolcop-table-1440-en');
    await page.setViewportSize({ width: 400, height: 860 });
    await shot('pool-poolcop-table-400-en');
    await enTable.getByRole('button', { name: 'Cancel' }).click();
    await shot('pool-dialog-400-en');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayAgent } from '@atrium/gateway-agent/agent';
import { startEnergyMeter, type EnergyMeter } from '@atrium/gateway-agent/local/energy-meter';
import { freePort, startPostgres, type PgCluster } from '../apps/server/test/postgres-cluster';
import { snap, startStack, type Stack } from './harness';
import {
  importWaitingGateway,
  projectWithGateway,
  startSimulator,
  waitFor,
} from './monitoring-helpers';
import { ADMIN, apiCall, apiSignIn, fr, signInThroughUi, SUPERVISOR } from './session';

/**
 * Issue 15, "Done when": a meter and two values built in the wizard against a real Modbus TCP
 * energy meter (the simulator's), a live test that reads it, the save; the gateway then polls
 * it and the graph dialog charts the recorded values; the meters and configurations lists at
 * 1200, 900 and 600 px. On both databases.
 */
const GATEWAY = { mac: 'e2e0000000d1', sn: 'E2EMOD01', name: 'Tableau TGBT' };
const PROJECT = 'Atelier Modbus';
const METER = 'Compteur général';
const POWER = 'Puissance';
const ENERGY = 'Énergie';

/** A field of the console by its label, "Nom" and "Nom *" alike (not "Nombre de mots"). */
const field = (scope: Locator, key: string) =>
  scope.getByLabel(new RegExp(`^${fr(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`));

describe.each(['sqlite', 'postgres'] as const)('Modbus end to end on %s', (database) => {
  let pg: PgCluster | undefined;
  let stack: Stack;
  let meter: EnergyMeter;
  let agent: GatewayAgent | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let token: string;
  let projectId: string;

  beforeAll(async () => {
    if (database === 'postgres') pg = await startPostgres();
    meter = await startEnergyMeter({ port: 0 });
    const mqttPort = await freePort();
    stack = await startStack({
      SEED_DEMO: 'true',
      MQTT_PORT: String(mqttPort),
      DEMO_MODBUS_PORT: '0',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
    const admin = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const secret = await importWaitingGateway(stack, admin, GATEWAY);
    token = await apiSignIn(stack, SUPERVISOR.email, SUPERVISOR.password);
    projectId = await projectWithGateway(stack, token, PROJECT, GATEWAY);
    const running = startSimulator(mqttPort, GATEWAY.mac, secret, 0);
    agent = running;
    await waitFor('the simulated gateway connected', async () => running.link.connected, Boolean);
    ({ context, page } = await stack.newPage());
    await signInThroughUi(stack, page, SUPERVISOR.email, SUPERVISOR.password);
  });
  afterAll(async () => {
    await agent?.stop();
    await context?.close();
    await stack?.stop();
    await meter?.close();
    pg?.stop();
  });

  const projectRow = () =>
    page.getByRole('row').filter({ has: page.getByText(PROJECT, { exact: true }) });

  async function pick(combobox: Locator, option: string | RegExp) {
    await combobox.click();
    await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
    // The menu hides the rest of the page from the accessibility tree until it is gone.
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  /** Fills one value row of the wizard's card. */
  async function fillValue(
    row: Locator,
    v: { name: string; unit: string; register: number; type: string; scale: string },
    swaps: { bytes: boolean; words: boolean },
  ) {
    await field(row, 'modbus.value.name').fill(v.name);
    await field(row, 'modbus.value.unit').fill(v.unit);
    await field(row, 'modbus.value.registerAddress').fill(String(v.register));
    await field(row, 'modbus.value.wordLength').fill('2');
    await field(row, 'modbus.value.unitID').fill('1');
    await pick(
      row.getByRole('combobox', { name: new RegExp(fr('modbus.value.functionCode')) }),
      new RegExp(`^4 – `),
    );
    await field(row, 'modbus.value.scaleFactor').fill(v.scale);
    await pick(
      row.getByRole('combobox', { name: new RegExp(fr('modbus.value.dataType')) }),
      v.type,
    );
    if (swaps.bytes)
      await row.getByRole('checkbox', { name: fr('modbus.value.swapBytes') }).check();
    if (swaps.words)
      await row.getByRole('checkbox', { name: fr('modbus.value.swapWords') }).check();
  }

  it('builds a meter and two values in the wizard, reads one live, and saves', async () => {
    // From the projects list: monitoring → Modbus → the wizard.
    await projectRow()
      .getByRole('button', { name: fr('projects.dialogs.monitoring') })
      .click();
    const monitoring = page.getByRole('dialog', { name: fr('monitoring.title') });
    await monitoring.getByRole('button', { name: fr('monitoring.meters') }).click();
    await page.getByRole('heading', { name: fr('modbus.meters.title') }).waitFor();
    await page.getByText(fr('modbus.meters.empty')).waitFor();
    await page
      .getByRole('navigation', { name: fr('modbus.nav.label') })
      .getByRole('link', { name: fr('modbus.nav.wizard') })
      .click();
    await page.getByRole('button', { name: fr('modbus.wizard.next') }).click();
    await page.getByText(fr('modbus.wizard.pickGateway')).waitFor();
    await pick(
      page.getByRole('combobox', { name: fr('modbus.wizard.gateway') }),
      new RegExp(GATEWAY.name),
    );
    await page.getByText(fr('modbus.wizard.empty')).waitFor();

    await page.getByRole('button', { name: fr('modbus.wizard.addConfiguration') }).click();
    const card = page.getByRole('region', { name: fr('modbus.wizard.newCard') });
    // The card's own fields come before its values' (a new card holds one empty value).
    await field(card, 'modbus.meter.name').first().fill(METER);
    const named = page.getByRole('region', { name: METER });
    await field(named, 'modbus.meter.ip').fill(meter.host);
    await field(named, 'modbus.meter.port').fill(String(meter.port));
    await field(named, 'modbus.meter.interval').fill('1');
    // The meter's active power: INT32 at 4, bytes swapped (BADC); its energy counter: UINT32
    // at 6, both swapped (DCBA), in kWh (the scale factor written the French way).
    const addValue = named.getByRole('button', { name: fr('modbus.wizard.addValue') });
    if ((await named.getByTestId('wizard-value').count()) === 0) await addValue.click();
    await fillValue(
      named.getByTestId('wizard-value').nth(0),
      { name: POWER, unit: 'W', register: 4, type: 'INT32', scale: '1' },
      { bytes: true, words: false },
    );
    await addValue.click();
    await fillValue(
      named.getByTestId('wizard-value').nth(1),
      { name: ENERGY, unit: 'kWh', register: 6, type: 'UINT32', scale: '0,001' },
      { bytes: true, words: true },
    );
    await page.getByText(fr('modbus.wizard.unsaved')).waitFor();
    await snap(page, 'modbus-wizard');

    // Live test of the energy: one real read through the gateway, shown with its unit.
    await named.getByRole('button', { name: `${fr('modbus.live.button')} ${ENERGY}` }).click();
    const live = page.getByRole('dialog', { name: fr('modbus.live.title') });
    const result = live.getByTestId('live-result');
    await result.waitFor({ timeout: 15_000 });
    const text = (await result.innerText()).replace(/\s/g, ' ');
    const kWh = Number(
      /([\d  ]+,\d+) kWh/
        .exec(text)?.[1]
        ?.replace(/[\s  ]/g, '')
        .replace(',', '.'),
    );
    expect(Math.abs(kWh - meter.reading().energyWh / 1000)).toBeLessThan(1);
    expect(text.toLowerCase()).toContain(fr('modbus.live.registers').toLowerCase());
    await snap(page, 'modbus-live-test');
    await live
      .getByRole('button', { name: fr('dialog.close'), exact: true })
      .last()
      .click();
    await live.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: fr('dialog.save') }).click();
    await page.getByText(fr('modbus.wizard.saved')).waitFor();
    const saved = await apiCall(stack, 'GET', `/api/gateway/monitored/modbus/${GATEWAY.mac}`, {
      token,
    });
    const list = saved.body.list as { name: string; network: object; values: object[] }[];
    expect(list).toEqual([
      expect.objectContaining({
        name: METER,
        network: { ip: meter.host, port: meter.port },
        interval: 1,
        values: [
          expect.objectContaining({
            name: POWER,
            unit: 'W',
            registerAddress: 4,
            dataType: 'INT32',
            swapBytes: true,
            swapWords: false,
            functionCode: 4,
          }),
          expect.objectContaining({
            name: ENERGY,
            unit: 'kWh',
            registerAddress: 6,
            dataType: 'UINT32',
            swapBytes: true,
            swapWords: true,
            scaleFactor: 0.001,
          }),
        ],
      }),
    ]);
  });

  it('records what the gateway reads and charts it in the graph dialog', async () => {
    const values = await apiCall(
      stack,
      'GET',
      `/api/project/monitored/modbus/values/${projectId}`,
      {
        token,
      },
    );
    const ids = (values.body.values as { id: string; name: string }[]).map((v) => v.id);
    expect(ids).toHaveLength(2);
    // Polled every second: a few readings of each, stored.
    await waitFor(
      'readings of both values stored',
      async () => {
        const now = Date.now();
        const res = await apiCall(stack, 'POST', `/api/project/timeseries/${projectId}`, {
          token,
          body: {
            measurements: ids.map((id) => `modbus:${id}`),
            start: now - 300_000,
            stop: now + 1_000,
            window: '1s',
          },
        });
        return (res.body.data as { list: unknown[] }[] | undefined) ?? [];
      },
      (data) => data.length === 2 && data.every((s) => s.list.length >= 3),
    );
    await page.goto('/projects/list');
    await projectRow()
      .getByRole('button', { name: fr('projects.dialogs.graphs') })
      .click();
    const graph = page.getByRole('dialog', { name: fr('monitoring.graph.title') });
    await graph.getByRole('combobox', { name: fr('monitoring.graph.addresses') }).click();
    await page.getByRole('option', { name: new RegExp(`${METER} – ${POWER}`) }).click();
    await page.getByRole('option', { name: new RegExp(`${METER} – ${ENERGY}`) }).click();
    await page.keyboard.press('Escape');
    const numericChart = graph.getByRole('img', { name: fr('monitoring.graph.numericChart') });
    await numericChart.getByText(`${METER} – ${POWER}`).waitFor();
    await numericChart.getByText(`${METER} – ${ENERGY}`).waitFor();
    await expect.poll(() => graph.getByText(fr('noData')).count()).toBe(0);
    await snap(page, 'modbus-graph');
  });

  it('lays the lists out at 1200, 900 and 600 px', async () => {
    const meters = `/projects/${projectId}/modbus-configuration-new/meters`;
    const configurations = `/projects/${projectId}/modbus-configuration-new/configurations`;
    const nav = () => page.getByRole('navigation', { name: fr('modbus.nav.label') });
    const burger = () => page.getByRole('button', { name: fr('modbus.nav.open') });
    const meterRow = () => page.getByRole('row').filter({ hasText: METER });

    for (const width of [1200, 900, 600]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(meters);
      await meterRow().waitFor();
      await expect.poll(() => meterRow().innerText()).toContain(String(meter.port));
      // Under 650 px the left navigation becomes a burger menu.
      expect(await nav().isVisible()).toBe(width > 650);
      expect(await burger().isVisible()).toBe(width <= 650);
      // The form: a side panel from 1000 px, a sidebar (drawer) under it.
      await meterRow()
        .getByRole('button', { name: new RegExp(fr('modbus.actions.edit')) })
        .click();
      const form = page.getByRole('form', { name: fr('modbus.meter.editTitle') });
      await form.waitFor();
      const inAside = await page.locator('aside').filter({ has: form }).count();
      expect(inAside).toBe(width >= 1000 ? 1 : 0);
      expect(await page.locator('.MuiDrawer-paper').filter({ has: form }).count()).toBe(
        width >= 1000 ? 0 : 1,
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await snap(page, `modbus-meters-${width}`);
      await form.getByRole('button', { name: fr('dialog.cancel') }).click();
      await form.waitFor({ state: 'detached' });
      if (width <= 650) {
        await burger().click();
        await page.getByRole('link', { name: fr('modbus.nav.configurations') }).click();
      } else {
        await nav()
          .getByRole('link', { name: fr('modbus.nav.configurations') })
          .click();
      }
      await page.waitForURL(`**${configurations}`);
      // The configurations, grouped under their meter; the register header sorts both ways.
      await page.getByText(METER).first().waitFor();
      const names = async () =>
        (await page.getByRole('row').allInnerTexts()).filter(
          (t) => t.includes(POWER) || t.includes(ENERGY),
        );
      await expect.poll(async () => (await names()).length).toBe(2);
      const register = page.getByRole('button', { name: fr('modbus.configurations.register') });
      await register.click();
      await expect.poll(async () => (await names())[0]).toContain(POWER);
      await register.click();
      await expect.poll(async () => (await names())[0]).toContain(ENERGY);
      await snap(page, `modbus-configurations-${width}`);
    }
  });
});

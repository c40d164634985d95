import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayAgent } from '@atrium/gateway-agent/agent';
import { freePort } from '../apps/server/test/postgres-cluster';
import { snap, startStack, type Stack } from './harness';
import {
  importWaitingGateway,
  parisText,
  projectWithGateway,
  startSimulator,
  waitFor,
} from './monitoring-helpers';
import { ADMIN, apiCall, apiSignIn, fr, signInThroughUi, SUPERVISOR } from './session';

const GATEWAY = { mac: 'e2e0000000a1', sn: 'E2EMON01', name: 'Passerelle labo' };
const PROJECT = 'Suivi énergie';
const ETS_FILE = resolve(import.meta.dirname, '../packages/knx/test/fixtures/ets6-export.xml');
// Two numbers (9.001 °C, 5.001 %) and one boolean (1.001) of the fixture.
const PICKED = [
  '13/0/0 Living room temperature',
  '0/1/2 Kitchen brightness',
  '0/0/1 Kitchen ceiling',
];

let stack: Stack;
let token: string;
let projectId: string;
let agent: GatewayAgent | undefined;

interface Series {
  address: string;
  list: { x: number; y: number }[];
}

beforeAll(async () => {
  const mqttPort = await freePort();
  stack = await startStack({ SEED_DEMO: 'true', MQTT_PORT: String(mqttPort) });
  const admin = await apiSignIn(stack, ADMIN.email, ADMIN.password);
  const secret = await importWaitingGateway(stack, admin, GATEWAY);
  token = await apiSignIn(stack, SUPERVISOR.email, SUPERVISOR.password);
  projectId = await projectWithGateway(stack, token, PROJECT, GATEWAY);
  agent = startSimulator(mqttPort, GATEWAY.mac, secret);
  await waitFor('the simulated gateway online', async () => agent?.link.connected, Boolean);
});
afterAll(async () => {
  await agent?.stop();
  await stack?.stop();
});

const projectRow = (page: Page) =>
  page.getByRole('row').filter({ has: page.getByText(PROJECT, { exact: true }) });

async function query(body: Record<string, unknown>) {
  const res = await apiCall(stack, 'POST', `/api/project/timeseries/${projectId}`, { token, body });
  return res.body as { precision?: string; data?: Series[] };
}

describe('monitoring in the console', () => {
  it('uploads an ETS file, picks addresses, charts live data and exports data.zip', async () => {
    // A browser in New York: the console must still show and export Paris time.
    const context = await stack.browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: stack.baseUrl,
      locale: 'fr-FR',
      timezoneId: 'America/New_York',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInThroughUi(stack, page, SUPERVISOR.email, SUPERVISOR.password);

    // Monitoring dialog → ETS dialog: an empty file is refused, the export is accepted.
    await projectRow(page)
      .getByRole('button', { name: fr('projects.dialogs.monitoring') })
      .click();
    const monitoring = page.getByRole('dialog', { name: fr('monitoring.title') });
    await monitoring.getByRole('button', { name: fr('monitoring.ets.open') }).click();
    const ets = page.getByRole('dialog', { name: fr('monitoring.ets.title') });
    await ets.getByText(fr('monitoring.ets.none')).waitFor();
    const input = ets.getByTestId('ets-file-input');
    await input.setInputFiles({ name: 'vide.xml', mimeType: 'text/xml', buffer: Buffer.alloc(0) });
    await ets.getByRole('button', { name: fr('monitoring.ets.send') }).click();
    await page.getByText(fr('emptyFile')).waitFor();
    await input.setInputFiles(ETS_FILE);
    await ets.getByRole('button', { name: fr('monitoring.ets.send') }).click();
    await ets.getByTestId('ets-current').getByText('ets6-export.xml').waitFor();
    const infos = await apiCall(stack, 'GET', `/api/project/ets/infos/${projectId}`, { token });
    expect(infos.body.infos).toMatchObject({ name: 'ets6-export.xml', count: 8 });
    await ets
      .getByRole('button', { name: fr('dialog.close'), exact: true })
      .last()
      .click();

    // Monitored-addresses dialog of the gateway: tick two numbers and a boolean.
    await monitoring.getByRole('button', { name: fr('monitoring.addresses.choose') }).click();
    const picker = page.getByRole('dialog', { name: fr('monitoring.addresses.title') });
    for (const name of PICKED) await picker.getByRole('checkbox', { name, exact: true }).check();
    // DPT 222 is not a supported main type, and 13/0/12 has no DPT: neither can be ticked.
    expect(await picker.getByRole('checkbox', { name: '13/0/11 Custom type' }).isDisabled()).toBe(
      true,
    );
    expect(await picker.getByRole('checkbox', { name: '13/0/12 No type' }).isDisabled()).toBe(true);
    await picker.getByRole('button', { name: fr('dialog.save') }).click();
    await picker.waitFor({ state: 'detached' });
    const monitored = await apiCall(stack, 'GET', `/api/gateway/monitored/${GATEWAY.mac}`, {
      token,
    });
    expect(
      (monitored.body.monitored as { address: string }[]).map((m) => m.address).sort(),
    ).toEqual(['0/0/1', '0/1/2', '13/0/0']);
    // The gateway was told, and its telegrams reach the store.
    await waitFor(
      'the monitor command',
      async () => agent?.state.monitor.length,
      (n) => n === 3,
    );
    const stop = Date.now() + 3_600_000;
    await waitFor(
      'recorded telegrams',
      () => query({ measurements: ['13/0/0'], start: Date.now() - 600_000, stop, window: '1s' }),
      (r) => (r.data?.[0]?.list.length ?? 0) >= 3,
    );
    await monitoring
      .getByRole('button', { name: fr('dialog.close'), exact: true })
      .last()
      .click();

    // Graph dialog: today, voltage by default; add the addresses; 1 s precision.
    await projectRow(page)
      .getByRole('button', { name: fr('projects.dialogs.graphs') })
      .click();
    const graph = page.getByRole('dialog', { name: fr('monitoring.graph.title') });
    await graph.getByText(fr('monitoring.graph.live')).waitFor();
    await graph.getByRole('combobox', { name: fr('monitoring.graph.addresses') }).click();
    for (const name of PICKED) await page.getByRole('option', { name: new RegExp(name) }).click();
    await page.keyboard.press('Escape');
    const oneSecond = page.waitForRequest(
      (r) =>
        r.url().includes('/api/project/timeseries/') &&
        r.postData()?.includes('"window":"1s"') === true,
    );
    await graph.getByRole('combobox', { name: fr('monitoring.graph.precision') }).click();
    await page.getByRole('option', { name: fr('monitoring.graph.precisions.1s') }).click();
    await oneSecond;
    await graph
      .getByTestId('graph-precision')
      .getByText(fr('monitoring.graph.precisions.1s'))
      .waitFor();
    const numericChart = graph.getByRole('img', { name: fr('monitoring.graph.numericChart') });
    await numericChart.getByText('13/0/0 Living room temperature').waitFor();
    await numericChart.getByText(`${fr('monitoring.graph.voltage')} – ${GATEWAY.name}`).waitFor();
    const booleanChart = graph.getByRole('img', { name: fr('monitoring.graph.booleanChart') });
    await booleanChart.getByText('0/0/1 Kitchen ceiling').waitFor();

    // Performance mode asks for the minimum and maximum and draws their band.
    const minimum = page.waitForRequest(
      (r) => r.postData()?.includes('"aggregation":"min"') === true,
    );
    const maximum = page.waitForRequest(
      (r) => r.postData()?.includes('"aggregation":"max"') === true,
    );
    await graph
      .getByRole('button', { name: fr('monitoring.graph.chartModes.performance') })
      .click();
    await Promise.all([minimum, maximum]);
    await expect.poll(() => numericChart.locator('.atrium-band-edge').count()).toBeGreaterThan(0);
    // Average mode adds the mean of the selection.
    await graph.getByRole('button', { name: fr('monitoring.graph.chartModes.average') }).click();
    await numericChart.getByText(fr('monitoring.graph.meanOfSelection')).waitFor();
    // Today's graph asks again by itself (live), with no action of the user.
    await page.waitForTimeout(500);
    await page.waitForRequest((r) => r.url().includes('/api/project/timeseries/'), {
      timeout: 8_000,
    });
    await snap(page, 'monitoring-graph');

    // Export: data.zip holding the CSV of what the chart shows, dates in Paris time.
    const download = page.waitForEvent('download');
    await graph.getByRole('button', { name: fr('monitoring.graph.export') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('data.zip');
    const files = unzipSync(readFileSync(await file.path()));
    expect(Object.keys(files)).toEqual(['data.csv']);
    const lines = strFromU8(files['data.csv']!).trim().split('\r\n');
    expect(lines[0]).toBe('Address,date,Value');
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(
      rows.every((r) => r.length === 3 && /^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/.test(r[1]!)),
    ).toBe(true);
    const addresses = new Set(rows.map((r) => r[0]));
    for (const a of ['13/0/0', '0/1/2', '0/0/1', `voltage (E2:E0:00:00:00:A1)`]) {
      expect(addresses).toContain(a);
    }
    // The temperature rows are the server's 1 s points (the last seconds may still be filling).
    const day = await query({
      measurements: ['13/0/0'],
      start: Date.now() - 86_400_000,
      stop,
      window: '1s',
    });
    const expected = new Map(day.data![0]!.list.map((p) => [parisText(p.x), p.y]));
    const temperature = rows.filter((r) => r[0] === '13/0/0');
    expect(temperature.length).toBeGreaterThanOrEqual(3);
    const settled = temperature.slice(0, -2);
    expect(settled.every((r) => expected.get(r[1]!) === Number(r[2]))).toBe(true);
    expect(rows.filter((r) => r[0] === '0/0/1').every((r) => r[2] === '0' || r[2] === '1')).toBe(
      true,
    );
    await context.close();
  });

  it('keeps voltage thresholds valid and pauses recording after confirmation', async () => {
    const { context, page } = await stack.newPage();
    await signInThroughUi(stack, page, SUPERVISOR.email, SUPERVISOR.password);
    await projectRow(page)
      .getByRole('button', { name: fr('projects.dialogs.monitoring') })
      .click();
    const monitoring = page.getByRole('dialog', { name: fr('monitoring.title') });

    // The thresholds section has a "Configurer" button too: the voltage section's.
    await monitoring
      .getByTestId('voltage-section')
      .getByRole('button', { name: fr('monitoring.voltage.configure') })
      .click();
    const voltage = page.getByRole('dialog', { name: fr('monitoring.voltage.title') });
    const save = voltage.getByRole('button', { name: fr('dialog.save') });
    await voltage.getByLabel(fr('monitoring.voltage.activate')).check();
    await voltage.getByText(fr('fillAtLeastOneField')).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await voltage.getByLabel(fr('monitoring.voltage.minimum'), { exact: true }).fill('30');
    await voltage.getByLabel(fr('monitoring.voltage.maximum'), { exact: true }).fill('24');
    await voltage.getByText(fr('minThresholdLowerThanMax')).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await voltage.getByLabel(fr('monitoring.voltage.maximum'), { exact: true }).fill('51');
    await voltage.getByText(fr('monitoring.voltage.range')).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await voltage.getByLabel(fr('monitoring.voltage.minimum'), { exact: true }).fill('22,5');
    await voltage.getByLabel(fr('monitoring.voltage.maximum'), { exact: true }).fill('30');
    await save.click();
    await voltage.waitFor({ state: 'detached' });
    const options = () =>
      apiCall(stack, 'GET', `/api/project/logs/options/${projectId}`, { token }).then(
        (r) => r.body.logger as { pause: boolean; voltage: unknown },
      );
    expect((await options()).voltage).toEqual({ activate: true, minimum: 22.5, maximum: 30 });
    await monitoring.getByText(fr('monitoring.voltage.summary', { min: 22.5, max: 30 })).waitFor();

    // Pause asks first; cancelling changes nothing, confirming pauses.
    const recording = monitoring.getByTestId('recording-section');
    await recording.getByRole('button', { name: fr('monitoring.recording.pause') }).click();
    await page.getByRole('button', { name: fr('dialog.cancel') }).click();
    expect((await options()).pause).toBe(false);
    await recording.getByRole('button', { name: fr('monitoring.recording.pause') }).click();
    const confirm = page.getByRole('dialog', { name: fr('monitoring.recording.pauseTitle') });
    await confirm.getByRole('button', { name: fr('monitoring.recording.pause') }).click();
    await recording.getByText(fr('monitoring.recording.isPaused')).waitFor();
    expect((await options()).pause).toBe(true);
    await context.close();
  });
});

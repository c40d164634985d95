import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createConfigPage } from './config-page';
import type { GatewaySnapshot } from './gateway-page';
import { nonAbsoluteLinks, serviceTracker, snapshotFixture } from './local-test-kit.testing';
import { createLocalUi } from './local-ui';

const services = serviceTracker();
afterEach(() => services.closeAll());

async function configPage(snapshot: GatewaySnapshot = snapshotFixture()) {
  const { service, port } = await services.start(createConfigPage(() => snapshot));
  return { settings: service.settings, url: `http://127.0.0.1:${port}` };
}

const post = (url: string, body: string, type = 'application/x-www-form-urlencoded') =>
  fetch(`${url}/settings`, {
    method: 'POST',
    headers: { 'content-type': type },
    body,
    redirect: 'manual',
  });

describe('configuration page', () => {
  it('shows the device and links only with absolute paths, naming no host', async () => {
    const { url } = await configPage();
    const res = await fetch(`${url}/`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('<title>kloudnx A1:B2:C3:D4:E5:F6</title>');
    for (const shown of ['3.2.1', '192.168.10.22', '<td>off</td>', '1 d 02:03:04']) {
      expect(html).toContain(shown);
    }
    expect(html).toContain('href="/assets/style.css"');
    expect(html).toContain('href="/status"');
    expect(html).toMatch(/<form method="post" action="\/settings">/);
    expect(nonAbsoluteLinks(html)).toEqual([]);
    expect(html).not.toContain('127.0.0.1');
  });

  it('serves its stylesheet and its status as JSON, read afresh', async () => {
    const snapshot = snapshotFixture();
    const { url } = await configPage(snapshot);
    const css = await fetch(`${url}/assets/style.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('body{');
    snapshot.protect = true;
    const status = await fetch(`${url}/status?fresh=1`);
    expect(await status.json()).toEqual({ ...snapshotFixture(), protect: true });
  });

  it('saves the device name from the form and redirects back to / (303)', async () => {
    const { url, settings } = await configPage();
    const res = await post(url, 'deviceName=Pool+house+%3Cb%3E');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(settings.deviceName).toBe('Pool house <b>');
    const html = await (await fetch(`${url}/`)).text();
    expect(html).toContain('value="Pool house &lt;b&gt;"');
  });

  it('refuses an empty or unprintable name, another body type and a huge body', async () => {
    const { url, settings } = await configPage();
    expect((await post(url, 'deviceName=+++')).status).toBe(400);
    expect((await post(url, 'deviceName=a%07b')).status).toBe(400);
    expect((await post(url, `deviceName=${'x'.repeat(65)}`)).status).toBe(400);
    expect((await post(url, '{"deviceName":"x"}', 'application/json')).status).toBe(415);
    expect((await post(url, `deviceName=${'x'.repeat(5000)}`)).status).toBe(413);
    expect(settings.deviceName).toBe('kloudnx');
  });

  it('answers 404 to unknown paths and 405 to another method', async () => {
    const { url } = await configPage();
    expect((await fetch(`${url}/admin`)).status).toBe(404);
    expect((await fetch(`${url}/assets/other.css`)).status).toBe(404);
    const get = await fetch(`${url}/settings`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
  it('answers 404 to a malformed request target and keeps serving', async () => {
    const { url } = await configPage();
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.write('GET //[ HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
    let reply = '';
    for await (const chunk of socket) reply += String(chunk);
    expect(reply).toMatch(/^HTTP\/1\.1 404/);
    expect((await fetch(`${url}/`)).status).toBe(200);
  });
});

describe('local UI', () => {
  it('shows the device with the shared layout, status and stylesheet', async () => {
    const { port } = await services.start(createLocalUi(() => snapshotFixture({ protect: true })));
    const url = `http://127.0.0.1:${port}`;
    const html = await (await fetch(`${url}/`)).text();
    expect(html).toContain('<title>kloudnx A1:B2:C3:D4:E5:F6 · local UI</title>');
    expect(html).toContain('<td>on</td>');
    expect(nonAbsoluteLinks(html)).toEqual([]);
    expect((await fetch(`${url}/assets/style.css`)).status).toBe(200);
    expect(await (await fetch(`${url}/status`)).json()).toMatchObject({ protect: true });
    expect((await fetch(`${url}/settings`, { method: 'POST' })).status).toBe(404);
  });
});

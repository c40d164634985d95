import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { rawKnxClient, snapshotFixture } from './local-test-kit.testing';
import { startLocalServices, type LocalServices } from './local-services';

let running: LocalServices | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const CONNECT = '06100205001a' + '0802000000000000'.repeat(2) + '04040200';

describe('startLocalServices', () => {
  it('starts the four services on distinct loopback ports', async () => {
    running = await startLocalServices({ snapshot: () => snapshotFixture() });
    const { ports } = running;
    expect(new Set(Object.values(ports)).size).toBe(4);
    const title = async (port: number) =>
      /<title>([^<]*)<\/title>/.exec(await (await fetch(`http://127.0.0.1:${port}/`)).text())?.[1];
    expect(await title(ports.config)).toBe('kloudnx A1:B2:C3:D4:E5:F6');
    expect(await title(ports.localUi)).toBe('kloudnx A1:B2:C3:D4:E5:F6 · local UI');
    expect(await title(ports.nodered)).toBe('Node-RED');
    const knx = await rawKnxClient(ports.knx);
    knx.send(CONNECT);
    expect(await knx.next()).toMatch(/^06100206001401/);
    expect(running.knx.tunnelCount).toBe(1);
  });

  it('close() ends every open socket, WebSocket and tunnel, and frees the ports', async () => {
    const services = await startLocalServices({ snapshot: () => snapshotFixture() });
    const { ports } = services;
    const ws = new WebSocket(`ws://127.0.0.1:${ports.nodered}/comms`);
    const wsClosed = new Promise((resolve) => ws.once('close', resolve));
    await new Promise((resolve) => ws.once('message', resolve));
    const knx = await rawKnxClient(ports.knx);
    knx.send(CONNECT);
    await knx.next();
    const kept = await fetch(`http://127.0.0.1:${ports.config}/status`); // keep-alive socket
    expect(kept.status).toBe(200);
    await services.close();
    await Promise.all([wsClosed, knx.closed]);
    expect(services.knx.tunnelCount).toBe(0);
    for (const port of Object.values(ports)) {
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    }
  });
});

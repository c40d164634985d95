import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  connectAs,
  startHubWithProject,
  startListeningHub,
  type HubWithProject,
} from '../../../../test/hub-helpers';
import {
  closedWithin,
  expectShareOfOne,
  hugePacketStart,
  rawSocket,
} from '../../../../test/raw-mqtt';
import type { TestServer } from '../../../../test/test-server';

/** How the broker ended a WebSocket: its close code, or `open` if it is still open after `ms`. */
function wsEnd(ws: WebSocket, ms: number): Promise<number | 'open'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('open'), ms);
    ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

function openWebSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, 'mqtt');
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

// The same limits in the broker thread and on the main thread, over TCP and /mqtt.
describe.each(['true', 'false'])('login limits, MQTT_BROKER_THREAD=%s (point 1)', (thread) => {
  let t: TestServer;
  let port: number;
  let ws: string;

  beforeAll(async () => {
    let baseUrl: string;
    ({ t, baseUrl } = await startListeningHub(() => ({
      MQTT_BROKER_THREAD: thread,
      MQTT_LOGIN_TIMEOUT_MS: '1500',
    })));
    port = t.modules.hub.mqttPort();
    ws = `${baseUrl.replace('http', 'ws')}/mqtt`;
  });
  afterAll(() => t.close());

  it('closes a TCP connection whose CONNECT announces 200 MB', async () => {
    const socket = await rawSocket(port);
    socket.write(hugePacketStart(0x10, 200_000_000));
    // Well before the login timeout: closed for its size.
    expect(await closedWithin(socket, 700)).toBe(true);
  });

  it('closes a TCP connection that sends no CONNECT within MQTT_LOGIN_TIMEOUT_MS', async () => {
    const socket = await rawSocket(port);
    expect(await closedWithin(socket, 3_000)).toBe(true);
  });

  it('closes a /mqtt WebSocket whose CONNECT announces 200 MB', async () => {
    const socket = await openWebSocket(ws);
    socket.send(hugePacketStart(0x10, 200_000_000));
    expect(await wsEnd(socket, 700)).not.toBe('open');
  });

  it('closes a /mqtt WebSocket sending a message over 65 KiB (1009, message too big)', async () => {
    const socket = await openWebSocket(ws);
    socket.send(Buffer.alloc(1024 * 1024, 0x10));
    expect(await wsEnd(socket, 1_000)).toBe(1009);
  });
});

/** A hub with a project for the enclosing `describe`, its broker where `thread` says, with `env`. */
function hubWith(thread: string, env: Record<string, string>) {
  const hub = {} as HubWithProject;
  beforeAll(async () => {
    Object.assign(
      hub,
      await startHubWithProject(() => ({
        MQTT_BROKER_THREAD: thread,
        MQTT_LOGIN_TIMEOUT_MS: '1500',
        ...env,
      })),
    );
  });
  afterAll(() => hub.t.close());
  return hub;
}

// The login queue through the server's configuration, in the broker thread and on the main thread.
describe.each(['true', 'false'])('login queue, MQTT_BROKER_THREAD=%s (decision 0066)', (thread) => {
  const hub = hubWith(thread, { MQTT_PRE_LOGIN_MAX: '1', MQTT_LOGIN_QUEUE_MAX: '5' });

  it('a gateway past MQTT_PRE_LOGIN_MAX waits its turn and logs in once the place frees', async () => {
    const gw = await hub.newGateway();
    const idle = await rawSocket(hub.t.modules.hub.mqttPort()); // takes the one place
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const client = await connectAs(hub.broker, gw.mac, gw.secret); // waits 5 s at most
    // Logged in only once aedes closed the silent connection, at its login timeout.
    expect(idle.closed).toBe(true);
    expect(Date.now() - started).toBeGreaterThan(800);
    expect(client.connected).toBe(true);
    await client.endAsync();
  });
});

// One address's share, through the server's configuration, in both places (decision 0068).
describe.each(['true', 'false'])('MQTT_PRE_LOGIN_PER_ADDRESS, MQTT_BROKER_THREAD=%s', (thread) => {
  const hub = hubWith(thread, { MQTT_PRE_LOGIN_PER_ADDRESS: '1' });

  it('closes a second connection from an address not logged in yet; another address logs in', async () => {
    const port = hub.t.modules.hub.mqttPort();
    const gateway = await hub.newGateway();
    await expectShareOfOne({
      ports: [port, port, port],
      holder: '127.0.0.1',
      other: '127.0.0.2',
      gateway,
    });
  });
});

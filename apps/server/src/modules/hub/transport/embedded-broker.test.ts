import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, topicOf } from '@atrium/contracts/gateway-protocol';
import {
  connectAs,
  startAgent,
  startHubWithProject,
  storedGateway,
  waitFor,
  type HubWithProject,
} from '../../../../test/hub-helpers';
import type { TestServer } from '../../../../test/test-server';

const info = (volt: number) =>
  JSON.stringify({
    v: PROTOCOL_VERSION,
    version: '8.6.1',
    ip: '192.168.1.21',
    volt,
    busload: 2,
    protect: false,
    vpn: { online: false, lastConnection: null },
  });

// The embedded broker runs aedes in a thread of its own by default; MQTT_BROKER_THREAD=false
// keeps it on the main thread. Both must behave the same to a gateway.
describe.each(['true', 'false'])('embedded broker, MQTT_BROKER_THREAD=%s', (thread) => {
  let t: TestServer;
  let broker: string;
  let ws: string;
  let newGateway: HubWithProject['newGateway'];

  beforeAll(async () => {
    let baseUrl: string;
    ({ t, baseUrl, broker, newGateway } = await startHubWithProject(() => ({
      MQTT_BROKER_THREAD: thread,
    })));
    ws = `${baseUrl.replace('http', 'ws')}/mqtt`;
  });
  afterAll(() => t.close());

  it('serves MQTT over TCP and over WebSocket at /mqtt, with the same rules', async () => {
    const [a, b] = [await newGateway(), await newGateway()];
    await expect(connectAs(ws, a.mac, 'wrong-secret')).rejects.toThrow(/Bad username or password/);
    const overTcp = await connectAs(broker, a.mac, a.secret);
    const overWs = await connectAs(ws, b.mac, b.secret);
    await waitFor(() => t.modules.hub.service.stats().connected === 2);
    await overTcp.publishAsync(topicOf(a.mac, 'info'), info(28.7), { qos: 1 });
    await overWs.publishAsync(topicOf(b.mac, 'info'), info(29.3), { qos: 1 });
    expect((await storedGateway(t.app, a.mac)).volt).toBe(28.7);
    expect((await storedGateway(t.app, b.mac)).volt).toBe(29.3);
    // Over WebSocket too, another gateway's topic closes the connection and is counted.
    const before = t.modules.hub.service.stats().dropped.forbiddenTopic ?? 0;
    const closed = new Promise<void>((r) => overWs.once('close', () => r()));
    overWs.publish(topicOf(a.mac, 'info'), info(1), { qos: 1 });
    await closed;
    // Counted by the broker thread: it reaches the main thread with its next batch.
    await waitFor(() => t.modules.hub.service.stats().dropped.forbiddenTopic === before + 1);
    await waitFor(async () => (await storedGateway(t.app, b.mac)).online === 0);
    expect((await storedGateway(t.app, a.mac)).online).toBe(1);
    await overWs.endAsync(true);
    await overTcp.endAsync();
    await waitFor(() => t.modules.hub.service.stats().connected === 0);
  });

  it('answers a command sent to a gateway connected over WebSocket', async () => {
    const gw = await newGateway();
    const agent = startAgent(ws, { ...gw, type: 'kloudnx' }, { rebootDownMs: 300 });
    await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 1);
    await t.modules.hub.service.command(
      { ...gw, type: 'kloudnx', version: '8.5.0', virtual: 0 },
      'reboot',
      {},
    );
    await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 0);
    await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 1, 10_000);
    await agent.stop();
  });
});

describe('the broker thread ending unexpectedly', () => {
  let t: TestServer;
  let broker: string;
  let newGateway: HubWithProject['newGateway'];

  beforeAll(async () => {
    ({ t, broker, newGateway } = await startHubWithProject());
  });
  afterAll(() => t.close());

  it('marks its gateways offline, starts again on the same port, and they come back', async () => {
    const gw = await newGateway();
    const agent = startAgent(broker, { ...gw, type: 'kloudnx' });
    await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 1);
    const thread = (
      t.modules.hub.service as unknown as { transport: { engine: { worker: Worker } } }
    ).transport.engine.worker;
    await thread.terminate();
    await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 0);
    // The agent reconnects with back-off to the restarted thread, on the same port.
    await waitFor(async () => (await storedGateway(t.app, gw.mac)).online === 1, 15_000);
    expect(`mqtt://127.0.0.1:${t.modules.hub.mqttPort()}`).toBe(broker);
    expect(t.modules.hub.service.stats().connected).toBe(1);
    await agent.stop();
  });
});

import { Duplex } from 'node:stream';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_LIMITS, type GatewayTopic } from '@atrium/contracts/gateway-protocol';
import { closedWithin, hugePacketStart, rawLogin, rawSocket } from '../../../../test/raw-mqtt';
import { AedesBroker } from './aedes-broker';
import type { Settle, TransportSink } from './transport';

const [A, B] = ['0b0000000001', '0b0000000002'];
const HUGE = 200_000_000;

/** A hub that knows gateways A and B (secret `s`) and stores every publish at once. */
class AckingSink implements TransportSink {
  readonly received: { mac: string; kind: GatewayTopic; bytes: number }[] = [];
  authenticate = (mac: string, secret: string) =>
    Promise.resolve((mac === A || mac === B) && secret === 's');
  receive(mac: string, kind: GatewayTopic, payload: Buffer, settle: Settle) {
    this.received.push({ mac, kind, bytes: payload.length });
    settle('ack');
  }
  connected = () => Promise.resolve();
  disconnected = () => Promise.resolve();
}

let broker: AedesBroker | undefined;
let sink: AckingSink;
const drops: string[] = [];
const cuts: string[] = [];

async function start(
  limits: {
    preLoginMax?: number;
    loginQueueMax?: number;
    preLoginPerAddress?: number;
    loginTimeoutMs?: number;
  } = {},
) {
  sink = new AckingSink();
  drops.length = 0;
  cuts.length = 0;
  broker = new AedesBroker({
    host: '127.0.0.1',
    port: 0,
    sink,
    counters: { drop: (reason) => drops.push(reason), disconnect: (reason) => cuts.push(reason) },
    preLoginMax: limits.preLoginMax ?? 200,
    loginQueueMax: limits.loginQueueMax ?? 0,
    preLoginPerAddress: limits.preLoginPerAddress ?? 0,
    loginTimeoutMs: limits.loginTimeoutMs ?? 10_000,
  });
  await broker.start();
  return broker.port;
}
afterEach(() => broker?.close());

const gateway = (port: number, mac: string, clientId = `gw-${mac}`): Promise<MqttClient> =>
  mqtt.connectAsync(
    `mqtt://127.0.0.1:${port}`,
    {
      protocolVersion: 4,
      clientId,
      username: mac,
      password: 's',
      reconnectPeriod: 0,
      connectTimeout: 2_000,
    },
    false,
  ); // no retry: a refusal or a close rejects

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await pause(10);
  expect(check()).toBe(true);
};

describe('memory before login (point 1)', () => {
  it('closes a connection whose CONNECT announces 200 MB, at the fixed header', async () => {
    const port = await start();
    const socket = await rawSocket(port);
    socket.write(hugePacketStart(0x10, HUGE));
    expect(await closedWithin(socket, 1_000)).toBe(true);
    expect(cuts).toEqual(['packetTooLarge']);
  });

  it('after login, closes a packet over 65 KiB at its header and takes a 64 KiB publish', async () => {
    const port = await start();
    const client = await gateway(port, A);
    await client.publishAsync(`nx/${A}/telegrams`, Buffer.alloc(PROTOCOL_LIMITS.maxPayloadBytes), {
      qos: 1,
    });
    expect(sink.received).toEqual([
      { mac: A, kind: 'telegrams', bytes: PROTOCOL_LIMITS.maxPayloadBytes },
    ]);
    await client.endAsync();
    const socket = await rawLogin(port, A, 's');
    socket.write(hugePacketStart(0x32, HUGE)); // PUBLISH, QoS 1
    expect(await closedWithin(socket, 1_000)).toBe(true);
    expect(cuts).toEqual(['packetTooLarge']);
    expect(drops).toEqual(['oversized']); // counted as the hub counts a payload over 64 KiB
    expect(sink.received).toHaveLength(1);
  });

  it('closes a client that sends no CONNECT within the login timeout', async () => {
    const port = await start({ loginTimeoutMs: 300 });
    const silent = await rawSocket(port);
    const slow = await rawSocket(port);
    slow.write(Buffer.from([0x10, 100, 0, 4])); // a CONNECT that never ends
    expect(await closedWithin(silent, 1_500)).toBe(true);
    expect(await closedWithin(slow, 500)).toBe(true);
  });

  it('refuses connections over the pre-login cap; a gateway logs in once they go', async () => {
    const port = await start({ preLoginMax: 3 });
    const idle = await Promise.all([rawSocket(port), rawSocket(port), rawSocket(port)]);
    await pause(100); // accepted by the broker
    const extra = await rawSocket(port);
    expect(await closedWithin(extra, 1_000)).toBe(true);
    await expect(gateway(port, A)).rejects.toThrow();
    expect(cuts).toEqual(['tooManyLogins', 'tooManyLogins']);
    expect(idle.some((s) => s.closed)).toBe(false);
    idle.forEach((s) => s.destroy());
    await pause(100);
    const client = await gateway(port, A);
    expect(client.connected).toBe(true);
    await client.endAsync();
  });
});

describe('the login queue (decision 0066)', () => {
  it('queues a TCP connection over the pre-login cap: it logs in once a place frees', async () => {
    const port = await start({ preLoginMax: 2, loginQueueMax: 5 });
    const idle = await Promise.all([rawSocket(port), rawSocket(port)]);
    await pause(100); // both handed to aedes, waiting for their CONNECT
    const queued = gateway(port, A); // mqtt.js waits for its CONNACK
    let done = false;
    void queued.then(() => (done = true)).catch(() => {});
    await pause(300);
    expect(done).toBe(false); // not refused: waiting its turn
    idle[0]?.destroy();
    const client = await queued;
    expect(client.connected).toBe(true);
    expect(cuts).toEqual([]);
    idle[1]?.destroy();
    await client.endAsync();
  });

  it('reads nothing of a queued connection until its turn (a 200 MB CONNECT is seen then)', async () => {
    const port = await start({ preLoginMax: 1, loginQueueMax: 5 });
    const idle = await rawSocket(port);
    await pause(100);
    const huge = await rawSocket(port);
    huge.write(hugePacketStart(0x10, HUGE));
    expect(await closedWithin(huge, 300)).toBe(false); // queued, unread
    idle.destroy();
    expect(await closedWithin(huge, 1_000)).toBe(true);
    expect(cuts).toEqual(['packetTooLarge']);
  });

  it('takes the queued in arrival order, closes those over its cap and those queued too long', async () => {
    const port = await start({ preLoginMax: 1, loginQueueMax: 2, loginTimeoutMs: 1_000 });
    const idle = await rawSocket(port);
    await pause(200);
    const first = await rawSocket(port);
    await pause(200);
    const second = await rawSocket(port);
    await pause(100);
    const over = await rawSocket(port); // the queue holds two
    expect(await closedWithin(over, 300)).toBe(true);
    expect(cuts).toEqual(['tooManyLogins']);
    // A second after its accept, `idle` (no CONNECT) is closed by aedes and `first` takes its
    // place; `second` stays queued past the timeout and is closed without being read.
    expect(await closedWithin(second, 2_000)).toBe(true);
    expect(idle.closed).toBe(true);
    expect(first.closed).toBe(false);
    expect(cuts).toEqual(['tooManyLogins', 'tooManyLogins']);
    expect(await closedWithin(first, 2_000)).toBe(true); // its own login timeout, in aedes
  });

  it('closes a non-TCP stream over the cap at once (a WebSocket would buffer what it reads)', async () => {
    const port = await start({ preLoginMax: 1, loginQueueMax: 5 });
    const idle = await rawSocket(port);
    await pause(100);
    const stream = new Duplex({ read() {}, write: (_chunk, _enc, cb) => cb() });
    broker?.handle(stream);
    expect(stream.destroyed).toBe(true);
    expect(cuts).toEqual(['tooManyLogins']);
    idle.destroy();
  });
});

describe("one address's share of the connections not logged in (decision 0068)", () => {
  const [HERE, THERE] = ['127.0.0.1', '127.0.0.2'];

  it('closes the connection past its share at once; another address still logs in', async () => {
    const port = await start({ preLoginMax: 10, loginQueueMax: 5, preLoginPerAddress: 2 });
    const idle = await Promise.all([rawSocket(port, HERE), rawSocket(port, HERE)]);
    await pause(100);
    const extra = await rawSocket(port, HERE);
    expect(await closedWithin(extra, 1_000)).toBe(true);
    expect(cuts).toEqual(['tooManyLogins']);
    const there = await rawLogin(port, B, 's', THERE);
    expect(idle.some((s) => s.closed)).toBe(false);
    // One of the two goes: the address has a place again.
    idle[0]?.destroy();
    await pause(100);
    const here = await rawLogin(port, A, 's', HERE);
    expect(cuts).toEqual(['tooManyLogins']);
    await until(() => broker?.connectedCount === 2);
    [idle[1], here, there].forEach((s) => s?.destroy());
  });

  it('counts the queued with the waiting: one address cannot fill the queue', async () => {
    const port = await start({ preLoginMax: 1, loginQueueMax: 5, preLoginPerAddress: 2 });
    const idle = await rawSocket(port, HERE); // takes the one place
    await pause(100);
    const queued = await rawSocket(port, HERE); // waits its turn
    const extra = await rawSocket(port, HERE); // over the address's share
    expect(await closedWithin(extra, 1_000)).toBe(true);
    expect(cuts).toEqual(['tooManyLogins']);
    const there = rawLogin(port, B, 's', THERE); // queued behind `queued`, not refused
    expect(await closedWithin(queued, 300)).toBe(false);
    idle.destroy();
    queued.destroy();
    const client = await there;
    expect(cuts).toEqual(['tooManyLogins']);
    client.destroy();
  });

  it('frees the share of a connection that logs in or goes (none left counted)', async () => {
    const port = await start({ preLoginMax: 10, loginQueueMax: 5, preLoginPerAddress: 1 });
    for (let i = 0; i < 5; i++) {
      const gone = await rawSocket(port, HERE);
      await pause(20); // admitted, then gone before logging in
      gone.destroy();
      await pause(50); // the broker sees it go
    }
    expect(cuts).toEqual([]);
    const a = await rawLogin(port, A, 's', HERE);
    const b = await rawLogin(port, B, 's', HERE); // a logged-in gateway holds no share
    await until(() => broker?.connectedCount === 2);
    expect(cuts).toEqual([]);
    a.destroy();
    b.destroy();
  });
});

describe('client-id takeover (point 2)', () => {
  it("refuses a gateway logging in under another gateway's client id; that one stays online", async () => {
    const port = await start();
    const b = await gateway(port, B);
    let bClosed = false;
    b.on('close', () => (bClosed = true));
    await expect(gateway(port, A, `gw-${B}`)).rejects.toThrow(/Identifier rejected/i);
    await expect(gateway(port, A, 'anything-else')).rejects.toThrow(/Identifier rejected/i);
    await pause(200);
    expect(bClosed).toBe(false);
    await b.publishAsync(`nx/${B}/telegrams`, '{}', { qos: 1 });
    expect(sink.received.map((r) => r.mac)).toEqual([B]);
    const a = await gateway(port, A); // under its own id, A logs in
    await until(() => broker?.connectedCount === 2);
    await Promise.all([a.endAsync(), b.endAsync()]);
  });
});

describe('QoS 2 telegrams (point 9)', () => {
  it('closes the connection on a QoS 2 publish, with no PUBREC and nothing handed to the hub', async () => {
    const port = await start();
    const client = await gateway(port, A);
    let completed = false;
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    client.publish(`nx/${A}/telegrams`, '{}', { qos: 2 }, (err) => (completed = !err));
    await closed;
    await pause(100);
    expect(completed).toBe(false);
    expect(sink.received).toEqual([]);
    expect(drops).toEqual(['qos2']);
    await client.endAsync(true);
    // QoS 1 goes on as before.
    const again = await gateway(port, A);
    await again.publishAsync(`nx/${A}/telegrams`, '{}', { qos: 1 });
    expect(sink.received).toHaveLength(1);
    await again.endAsync();
  });
});

import mqtt from 'mqtt';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GatewayTopic } from '@atrium/contracts/gateway-protocol';
import { AedesBroker, type OverloadMarks } from './aedes-broker';
import type { TransportSink, Verdict } from './transport';

const MAC = '0a0000000001';

/** A hub whose verdicts the test gives, publish by publish. */
class HeldSink implements TransportSink {
  readonly received: { kind: GatewayTopic; body: string; settle(v: Verdict): void }[] = [];
  authenticate = (mac: string, secret: string) =>
    Promise.resolve(mac.startsWith(MAC.slice(0, 10)) && secret === 's');
  receive(_mac: string, kind: GatewayTopic, payload: Buffer, settle: (v: Verdict) => void) {
    this.received.push({ kind, body: payload.toString(), settle });
  }
  connected = () => Promise.resolve();
  disconnected = () => Promise.resolve();
}

let sink: HeldSink;
let broker: AedesBroker;
const cuts: string[] = [];

/** A broker on a free port, feeding `sink`; with these overload marks if given. */
async function startBroker(overload?: OverloadMarks) {
  broker = new AedesBroker({
    host: '127.0.0.1',
    port: 0,
    sink,
    counters: { drop: () => {}, disconnect: (reason) => cuts.push(reason) },
    preLoginMax: 200,
    loginQueueMax: 0,
    preLoginPerAddress: 0,
    loginTimeoutMs: 10_000,
    ...(overload ? { overload } : {}),
  });
  await broker.start();
}

beforeEach(async () => {
  sink = new HeldSink();
  cuts.length = 0;
  await startBroker();
});
afterEach(() => broker.close());

const connect = (mac = MAC) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
    protocolVersion: 4,
    clientId: `gw-${mac}`,
    username: mac,
    password: 's',
    reconnectPeriod: 0,
  });

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('the aedes broker', () => {
  it('hands on the next publish before the previous is stored; PUBACKs keep their order', async () => {
    const client = await connect();
    const acked: string[] = [];
    const publish = (body: string) =>
      client.publishAsync(`nx/${MAC}/telegrams`, body, { qos: 1 }).then(() => acked.push(body));
    const [a, b] = [publish('a'), publish('b')];
    // b reaches the hub while a still waits for its commit.
    await until(() => sink.received.length === 2);
    expect(sink.received.map((r) => r.body)).toEqual(['a', 'b']);
    sink.received[1]?.settle('ack');
    await new Promise((r) => setTimeout(r, 100));
    expect(acked).toEqual([]); // b is stored, but its PUBACK waits for a's
    sink.received[0]?.settle('ack');
    await Promise.all([a, b]);
    expect(acked).toEqual(['a', 'b']);
    await client.endAsync();
  });

  it('closes the connection on a refused publish, with no PUBACK for it', async () => {
    const client = await connect();
    let acked = false;
    void client
      .publishAsync(`nx/${MAC}/pool`, '{}', { qos: 1 })
      .then(() => (acked = true))
      .catch(() => {});
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    await until(() => sink.received.length === 1);
    sink.received[0]?.settle('refuse');
    await closed;
    expect(acked).toBe(false);
    expect(cuts).toEqual(['refuse']);
    await client.endAsync(true);
  });

  it('stops reading a gateway that has more than 32 publishes awaiting their verdict', async () => {
    const client = await connect();
    const send = (from: number, to: number) => {
      for (let i = from; i < to; i++) client.publish(`nx/${MAC}/telegrams`, String(i), { qos: 1 });
    };
    send(0, 40);
    await until(() => sink.received.length >= 33);
    await new Promise((r) => setTimeout(r, 200));
    const held = sink.received.length;
    send(40, 45);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.received).toHaveLength(held); // nothing more is read
    sink.received.forEach((r) => r.settle('ack'));
    await until(() => sink.received.length === 45);
    sink.received.forEach((r) => r.settle('ack'));
    await client.endAsync();
  });

  it('closes a paused gateway whose held publish is not stored, and carries on', async () => {
    const client = await connect();
    for (let i = 0; i < 40; i++) client.publish(`nx/${MAC}/telegrams`, String(i), { qos: 1 });
    await until(() => sink.received.length >= 33);
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    sink.received[32]?.settle('retry'); // the one reading waits for
    await closed;
    expect(cuts).toEqual(['retry']);
    sink.received.forEach((r) => r.settle('ack')); // late verdicts for a closed connection
    await client.endAsync(true);
    const next = await connect();
    expect(next.connected).toBe(true);
    await next.endAsync();
  });
});

describe('commands to a gateway that has not subscribed yet', () => {
  /** A gateway online for the hub (after its CONNACK), not subscribed yet, and what it hears. */
  const connectUnsubscribed = async () => {
    const client = await connect();
    await until(() => broker.connectedCount === 1);
    const got: string[] = [];
    client.on('message', (_topic, payload) => got.push(payload.toString()));
    return { client, got };
  };

  it('waits for its SUBSCRIBE to nx/{mac}/cmd (not another topic), then sends them in order', async () => {
    const { client, got } = await connectUnsubscribed();
    let sent = 0;
    const commands = ['one', 'two'].map((c) => broker.publishCommand(MAC, c).then(() => sent++));
    await new Promise((r) => setTimeout(r, 100));
    expect(sent).toBe(0);
    // Refused (another gateway's commands): still waiting.
    const refused = await client.subscribeAsync(`nx/0a0000000002/cmd`, { qos: 1 }).catch(String);
    expect(refused).toMatch(/Subscribe error/); // SUBACK 128
    await new Promise((r) => setTimeout(r, 100));
    expect(sent).toBe(0);
    await client.subscribeAsync(`nx/${MAC}/cmd`, { qos: 1 });
    await Promise.all(commands);
    await until(() => got.length === 2);
    expect(got).toEqual(['one', 'two']);
    // Subscribed: the next command goes at once.
    await broker.publishCommand(MAC, 'three');
    await until(() => got.length === 3);
    await client.endAsync();
  });

  it('lets them go when the gateway leaves before subscribing', async () => {
    const client = await connect();
    await until(() => broker.connectedCount === 1);
    const command = broker.publishCommand(MAC, 'lost');
    await client.endAsync();
    await command; // settled: the hub's command times out as for any gateway that left
    const next = await connect();
    const got: string[] = [];
    next.on('message', (_topic, payload) => got.push(payload.toString()));
    await next.subscribeAsync(`nx/${MAC}/cmd`, { qos: 1 });
    await broker.publishCommand(MAC, 'fresh');
    await until(() => got.length === 1);
    expect(got).toEqual(['fresh']);
    await next.endAsync();
  });

  it('lets a command go unsent at its deadline, so a late SUBSCRIBE does not run it', async () => {
    const { client, got } = await connectUnsubscribed();
    let settled = false;
    const late = broker.publishCommand(MAC, 'late', Date.now() + 150).then(() => (settled = true));
    const waiting = broker.publishCommand(MAC, 'waiting', Date.now() + 60_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    await late; // at its deadline, before any SUBSCRIBE
    await client.subscribeAsync(`nx/${MAC}/cmd`, { qos: 1 });
    await waiting;
    await broker.publishCommand(MAC, 'after');
    await until(() => got.length === 2);
    expect(got).toEqual(['waiting', 'after']);
    await client.endAsync();
  });

  it('lets a command go at a SUBSCRIBE past its deadline, even when its timer is late', async () => {
    const { client, got } = await connectUnsubscribed();
    const start = Date.now();
    const stale = broker.publishCommand(MAC, 'stale', start + 60_000);
    const fresh = broker.publishCommand(MAC, 'fresh', start + 120_000);
    // The clock passes the first deadline; its timer (a busy loop's) has not fired yet.
    const now = vi.spyOn(Date, 'now').mockImplementation(() => start + 90_000);
    try {
      await client.subscribeAsync(`nx/${MAC}/cmd`, { qos: 1 });
      await Promise.all([stale, fresh]);
    } finally {
      now.mockRestore();
    }
    await until(() => got.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(['fresh']);
    await client.endAsync();
  });

  it('holds at most 16 for one gateway; more are published at once', async () => {
    const { client, got } = await connectUnsubscribed();
    const names = Array.from({ length: 17 }, (_, i) => `c${i}`);
    const sent = names.map(() => false);
    const commands = names.map((c, i) =>
      broker.publishCommand(MAC, c).then(() => (sent[i] = true)),
    );
    await commands[16]; // past the cap: published to nobody yet
    expect(sent.slice(0, 16)).toEqual(names.slice(0, 16).map(() => false));
    await client.subscribeAsync(`nx/${MAC}/cmd`, { qos: 1 });
    await Promise.all(commands);
    await until(() => got.length === 16);
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(names.slice(0, 16));
    await client.endAsync();
  });
});

describe('the overload guard (decision 0039)', () => {
  it('pauses reading past the node’s pause mark, reads again under the resume mark, and acknowledges everything', async () => {
    await broker.close();
    const mark = (publishes: number) => ({ publishes, bytes: 2 ** 30 });
    await startBroker({ high: mark(100), pause: mark(5), resume: mark(2), busyUnacked: 32 });
    const client = await connect();
    const acks: Promise<unknown>[] = [];
    const send = (from: number, to: number) => {
      for (let i = from; i < to; i++)
        acks.push(client.publishAsync(`nx/${MAC}/telegrams`, String(i), { qos: 1 }));
    };
    send(0, 5);
    await until(() => sink.received.length === 5);
    expect(broker.overload).toMatchObject({ paused: true, pauses: 1, inFlight: 5 });
    send(5, 10);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.received).toHaveLength(5); // the socket is not read while paused
    sink.received.slice(0, 2).forEach((r) => r.settle('ack'));
    await new Promise((r) => setTimeout(r, 100));
    expect(sink.received).toHaveLength(5); // 3 in flight: still above the resume mark
    sink.received[2]?.settle('ack');
    await until(() => sink.received.length === 10); // 2 in flight: read again
    sink.received.slice(3).forEach((r) => r.settle('ack'));
    await Promise.all(acks);
    expect(broker.overload).toMatchObject({ inFlight: 0, inFlightBytes: 0, peakInFlight: 7 });
    expect(broker.overload.pausedReads).toBeGreaterThan(0);
    expect(cuts).toEqual([]);
    await client.endAsync();
  });
  it('reads paused gateways again a turn at a time, those paused longest first', async () => {
    await broker.close();
    const mark = (publishes: number) => ({ publishes, bytes: 2 ** 30 });
    await startBroker({
      high: mark(100),
      pause: mark(1),
      resume: mark(1),
      busyUnacked: 32,
      turn: 1,
    });
    const macs = ['0a0000000011', '0a0000000012', '0a0000000013'];
    const clients = await Promise.all(macs.map((mac) => connect(mac)));
    const acks: Promise<unknown>[] = [];
    const send = (i: number, body: string) =>
      acks.push(clients[i]!.publishAsync(`nx/${macs[i]}/telegrams`, body, { qos: 1 }));
    // One publish each: the node pauses at the first, and each gateway is held after its own.
    for (let i = 0; i < 3; i++) {
      send(i, `first ${i}`);
      await until(() => sink.received.length === i + 1);
    }
    expect(broker.overload).toMatchObject({ paused: true, inFlight: 3 });
    // Meanwhile each sends three more, which wait unread in its socket.
    for (let i = 0; i < 3; i++) for (let k = 0; k < 3; k++) send(i, `more ${i}.${k}`);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.received).toHaveLength(3);
    // Under the resume mark: one gateway is read again (all it sent meanwhile), not all three.
    sink.received.slice(0, 2).forEach((r) => r.settle('ack'));
    await until(() => sink.received.length === 6);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.received.map((r) => r.body).slice(3)).toEqual(['more 0.0', 'more 0.1', 'more 0.2']);
    expect(broker.overload.paused).toBe(true);
    // Each drain brings the next turn, until every gateway has been read again.
    let settled = 2;
    const settleAll = () => {
      for (; settled < sink.received.length; settled++) sink.received[settled]?.settle('ack');
    };
    while (sink.received.length < 12) {
      const before = sink.received.length;
      settleAll();
      await until(() => sink.received.length > before);
    }
    settleAll();
    await Promise.all(acks);
    expect(broker.overload).toMatchObject({ paused: false, inFlight: 0 });
    expect(cuts).toEqual([]);
    await Promise.all(clients.map((c) => c.endAsync()));
  });
});

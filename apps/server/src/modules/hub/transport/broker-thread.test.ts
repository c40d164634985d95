import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayTopic } from '@atrium/contracts/gateway-protocol';
import { BrokerThread } from './broker-thread';
import type { Settle, TransportSink } from './transport';

const [A, B] = ['0c0000000001', '0c0000000002'];

/** A hub that takes `costMs` of its event loop per publish, as a busy hub does. */
class SlowSink implements TransportSink {
  received = 0;
  /** Publishes received when each login was asked, by MAC. */
  readonly loginAfter = new Map<string, number>();
  constructor(private readonly costMs: number) {}
  authenticate = (mac: string, secret: string) => {
    this.loginAfter.set(mac, this.received);
    return Promise.resolve((mac === A || mac === B) && secret === 's');
  };
  receive(_mac: string, _kind: GatewayTopic, _payload: Buffer, settle: Settle) {
    const until = performance.now() + this.costMs;
    while (performance.now() < until); // the hub's work on it
    this.received++;
    settle('ack');
  }
  connected = () => Promise.resolve();
  disconnected = () => Promise.resolve();
}

let thread: BrokerThread | undefined;
afterEach(() => thread?.close());

const gateway = (port: number, mac: string): Promise<MqttClient> =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    protocolVersion: 4,
    clientId: `gw-${mac}`,
    username: mac,
    password: 's',
    reconnectPeriod: 0,
    connectTimeout: 5_000,
  });

describe('the broker thread, seen from the hub', () => {
  it('asks for a login before the publishes that came ahead of it are all handed on (0066)', async () => {
    const sink = new SlowSink(5);
    thread = new BrokerThread({
      host: '127.0.0.1',
      port: 0,
      sink,
      counters: { drop: () => {}, disconnect: () => {} },
      preLoginMax: 100,
      loginQueueMax: 0,
      preLoginPerAddress: 0,
      loginTimeoutMs: 10_000,
      log: { error: () => {} },
    });
    await thread.start();
    const a = await gateway(thread.port, A);
    // 200 telegrams at QoS 0 (not held by the guard): a second of the hub's time.
    for (let i = 0; i < 200; i++) a.publish(`nx/${A}/telegrams`, '{}', { qos: 0 });
    await new Promise((r) => setTimeout(r, 100)); // in the hub's hands, or on their way
    const started = performance.now();
    const b = await gateway(thread.port, B);
    const waited = performance.now() - started;
    expect(sink.loginAfter.get(B)).toBeLessThan(100);
    expect(waited).toBeLessThan(500);
    await new Promise<void>((resolve) => {
      const check = () => (sink.received === 200 ? resolve() : setTimeout(check, 20));
      check();
    });
    await Promise.all([a.endAsync(), b.endAsync()]);
  });
});

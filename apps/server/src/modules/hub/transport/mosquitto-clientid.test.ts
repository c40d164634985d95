import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOSQUITTO } from '../../../../test/mosquitto';
import { freePort } from '../../../../test/postgres-cluster';
import { rawSocket } from '../../../../test/raw-mqtt';

const PASSWD = process.env.MOSQUITTO_PASSWD_PATH ?? '/usr/bin/mosquitto_passwd';
const [A, B] = ['0c0000000001', '0c0000000002'];

/** docs/gateway-protocol.md's two listeners, on loopback ports. */
const config = (gateways: number, nodes: number, dir: string) =>
  [
    `listener ${gateways} 127.0.0.1`,
    'use_username_as_clientid true',
    'max_qos 1',
    `listener ${nodes} 127.0.0.1`,
    'allow_anonymous false',
    `password_file ${join(dir, 'passwd')}`,
    `acl_file ${join(dir, 'acl')}`,
    'persistence false',
    'message_size_limit 65536',
    '',
  ].join('\n');

const listening = (port: number) =>
  rawSocket(port).then(
    (socket) => {
      socket.destroy();
      return true;
    },
    () => false,
  );

let dir: string;
let child: ChildProcess;
let gateways: number;
let nodes: number;

beforeAll(async () => {
  if (!existsSync(MOSQUITTO)) return;
  dir = mkdtempSync(join(tmpdir(), 'atrium-mosq-id-'));
  chmodSync(dir, 0o755);
  [gateways, nodes] = [await freePort(), await freePort()];
  writeFileSync(join(dir, 'passwd'), '');
  for (const [user, secret] of [
    [A, 's'],
    [B, 's'],
    ['atrium-hub', 'h'],
  ] as const)
    execFileSync(PASSWD, ['-b', join(dir, 'passwd'), user, secret], { stdio: 'ignore' });
  chmodSync(join(dir, 'passwd'), 0o644);
  writeFileSync(
    join(dir, 'acl'),
    'user atrium-hub\ntopic readwrite nx/#\n\npattern readwrite nx/%u/#\n',
  );
  chmodSync(join(dir, 'acl'), 0o644);
  writeFileSync(join(dir, 'mosquitto.conf'), config(gateways, nodes, dir));
  child = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (await listening(nodes)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(() => {
  child?.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const login = (port: number, user: string, secret: string, clientId: string) =>
  mqtt.connectAsync(
    `mqtt://127.0.0.1:${port}`,
    {
      protocolVersion: 4,
      clientId,
      username: user,
      password: secret,
      reconnectPeriod: 0,
      connectTimeout: 2_000,
    },
    false,
  ); // no retry: a refusal or a close rejects

const closes = (client: MqttClient) => {
  const seen = { closed: false };
  client.on('close', () => (seen.closed = true));
  return seen;
};

describe.skipIf(!existsSync(MOSQUITTO))('mosquitto as docs/gateway-protocol.md sets it up', () => {
  it("gives a gateway its username as client id: it cannot take another gateway's", async () => {
    const b = await login(gateways, B, 's', `gw-${B}`);
    const bSeen = closes(b);
    const a = await login(gateways, A, 's', `gw-${B}`);
    await new Promise((r) => setTimeout(r, 300));
    expect(bSeen.closed).toBe(false);
    await Promise.all([a.endAsync(), b.endAsync()]);
  });

  it('disconnects a gateway publishing at QoS 2 (max_qos 1)', async () => {
    const a = await login(gateways, A, 's', `gw-${A}`);
    const closed = new Promise<void>((r) => a.once('close', () => r()));
    a.publish(`nx/${A}/telegrams`, '{}', { qos: 2 });
    await closed;
    await a.endAsync(true);
  });

  it('keeps the server nodes’ own client ids on their listener', async () => {
    const one = await login(nodes, 'atrium-hub', 'h', 'atrium-node-a');
    const two = await login(nodes, 'atrium-hub', 'h', 'atrium-node-b');
    const oneSeen = closes(one);
    await new Promise((r) => setTimeout(r, 300));
    expect(oneSeen.closed).toBe(false);
    await Promise.all([one.endAsync(), two.endAsync()]);
  });
});

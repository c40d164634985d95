import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import mqttPacket from 'mqtt-packet';
import { Client } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vpnStatusReply } from '@atrium/contracts/vpn';
import { HAPROXY, startHaproxy, type Haproxy } from './haproxy';
import { startHubWithProject, waitFor, type HubWithProject } from './hub-helpers';
import { closedWithin, expectShareOfOne, rawLogin, rawSocket } from './raw-mqtt';
import { bearer, createUser } from './test-server';
import { openSessionRow } from './vpn-helpers';

// Nodes behind a TCP balancer that sends a PROXY protocol header (decision 0069): Debian's
// HAProxy in front of the MQTT port and of the tunnel endpoint, its clients on 127.0.0.2 and
// 127.0.0.3 while HAProxy itself reaches the node from 127.0.0.1.

const settle = () => new Promise((r) => setTimeout(r, 200));

const CONNECT = mqttPacket.generate({
  cmd: 'connect',
  protocolId: 'MQTT',
  protocolVersion: 4,
  clientId: 'gw-000000000000',
  clean: true,
  keepalive: 30,
});

describe.skipIf(!existsSync(HAPROXY)).each(['true', 'false'])(
  'MQTT_PROXY_PROTOCOL behind HAProxy, MQTT_BROKER_THREAD=%s',
  (thread) => {
    let hub: HubWithProject;
    let balancer: Haproxy;
    let v1: number;
    let v2: number;

    beforeAll(async () => {
      hub = await startHubWithProject(() => ({
        MQTT_BROKER_THREAD: thread,
        MQTT_PROXY_PROTOCOL: 'true',
        MQTT_PRE_LOGIN_PER_ADDRESS: '1',
        MQTT_LOGIN_TIMEOUT_MS: '1500',
      }));
      const to = hub.t.modules.hub.mqttPort();
      balancer = await startHaproxy([
        { to, proxyProtocol: 'v1' },
        { to, proxyProtocol: 'v2' },
      ]);
      [v1 = 0, v2 = 0] = balancer.ports;
    });
    afterAll(async () => {
      await balancer?.stop();
      await hub?.t.close();
    });

    it('gateways log in through the balancer, with either version of the header', async () => {
      const [a, b] = [await hub.newGateway(), await hub.newGateway()];
      const first = await rawLogin(v1, a.mac, a.secret, '127.0.0.2');
      // rawLogin throws unless the node answers CONNACK 0.
      const second = await rawLogin(v2, b.mac, b.secret, '127.0.0.2');
      first.destroy();
      second.destroy();
    });

    it("counts each client's share by the address the header names, not the balancer's", async () => {
      // 127.0.0.3 holds its one place (MQTT_PRE_LOGIN_PER_ADDRESS=1). Every connection reaches
      // the node from HAProxy's 127.0.0.1: without the header's address the gateway from
      // 127.0.0.2 would have been refused too.
      const gateway = await hub.newGateway();
      await expectShareOfOne({
        ports: [v1, v2, v1],
        holder: '127.0.0.3',
        other: '127.0.0.2',
        gateway,
      });
    });

    it('closes a connection straight to the port, without a header, and counts it', async () => {
      const admin = await createUser(hub.t.app, 'admin');
      const cut = async () =>
        (await hub.t.app.inject({ url: '/api/hub/stats', headers: bearer(admin.token) })).json<{
          disconnected: Record<string, number>;
        }>().disconnected.badProxyHeader ?? 0;
      const before = await cut();
      const direct = await rawSocket(hub.t.modules.hub.mqttPort(), '127.0.0.2');
      direct.write(CONNECT);
      expect(await closedWithin(direct, 700)).toBe(true);
      await waitFor(async () => (await cut()) === before + 1);
    });
  },
);

describe.skipIf(!existsSync(HAPROXY))('TUNNEL_PROXY_PROTOCOL behind HAProxy', () => {
  let hub: HubWithProject;
  let balancer: Haproxy;
  let port: number;

  beforeAll(async () => {
    hub = await startHubWithProject((_url, p) => ({
      PUBLIC_URL: `http://localhost:${p}`,
      TUNNEL_PROXY_PROTOCOL: 'true',
      TUNNEL_PRE_AUTH_PER_ADDRESS: '1',
      TUNNEL_LOGIN_TIMEOUT_MS: '1500',
    }));
    balancer = await startHaproxy([{ to: hub.t.modules.vpn.tunnelPort(), proxyProtocol: 'v2' }]);
    [port = 0] = balancer.ports;
  });
  afterAll(async () => {
    await balancer?.stop();
    await hub?.t.close();
  });

  /** A TCP connection through the balancer from `localAddress`. */
  const through = (localAddress: string) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(s));
      s.once('error', reject);
    });

  /** ssh2's client logged in as the gateway over `sock`. */
  const sshOver = (sock: Socket, mac: string, password: string) =>
    new Promise<Client>((resolve, reject) => {
      const c = new Client();
      c.on('ready', () => resolve(c)).on('error', reject);
      c.connect({ sock, username: mac, password, readyTimeout: 5_000 });
    });

  it("records the tunnel with the gateway's address, and counts shares by it", async () => {
    const gw = await hub.newGateway({ version: '8.5.0' });
    await openSessionRow(hub.t.app, gw, hub.owner);
    // 127.0.0.3 holds its one place; a second connection from it is closed at once.
    const idle = await through('127.0.0.3');
    idle.on('error', () => {});
    idle.resume();
    await settle();
    const second = await through('127.0.0.3');
    second.on('error', () => {});
    second.resume();
    expect(await closedWithin(second, 700)).toBe(true);
    // The gateway, from 127.0.0.2 through the same balancer, logs in.
    const ssh = await sshOver(await through('127.0.0.2'), gw.mac, gw.secret);
    const status = async () =>
      vpnStatusReply.parse(
        (
          await hub.t.app.inject({
            url: `/api/vpn/status/${gw.mac}`,
            headers: bearer(hub.owner.token),
          })
        ).json(),
      );
    await waitFor(async () => (await status()).ip === '127.0.0.2');
    expect(idle.closed).toBe(false);
    ssh.end();
    idle.destroy();
  });

  it('closes a connection straight to the endpoint, without a header', async () => {
    const direct = connect({ port: hub.t.modules.vpn.tunnelPort(), host: '127.0.0.1' });
    direct.on('error', () => {});
    direct.write('SSH-2.0-OpenSSH_9.2p1\r\n');
    const banner = new Promise<string>((r) => direct.once('data', (d: Buffer) => r(d.toString())));
    expect(await closedWithin(direct, 700)).toBe(true);
    // It was never handed to SSH: no banner came back.
    expect(await Promise.race([banner, Promise.resolve('none')])).toBe('none');
  });
});

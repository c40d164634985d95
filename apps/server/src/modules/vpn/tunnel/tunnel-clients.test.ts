import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'ssh2';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vpnProxyReply, vpnStatusReply } from '@atrium/contracts/vpn';
import { TunnelClient } from '@atrium/gateway-agent/tunnel-client';
import { startHubWithProject, waitFor, type HubWithProject } from '../../../../test/hub-helpers';
import { bearer, type TestServer, type TestUser } from '../../../../test/test-server';
import { openSessionRow, proxyGet } from '../../../../test/vpn-helpers';

let t: TestServer;
let owner: TestUser;
let baseUrl: string;
let newGateway: HubWithProject['newGateway'];
let page: Server;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  ({ t, baseUrl, owner, newGateway } = await startHubWithProject((_url, p) => ({
    PUBLIC_URL: `http://localhost:${p}`,
    TUNNEL_PRE_AUTH_MAX: '5',
    TUNNEL_PRE_AUTH_PER_ADDRESS: '3',
    TUNNEL_LOGIN_TIMEOUT_MS: '1500',
    TUNNEL_PROXY_TIMEOUT_MS: '800',
  })));
  page = createServer((req, res) => res.end(`gateway page ${req.url}`));
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', () => r()));
  dir = mkdtempSync(join(tmpdir(), 'atrium-ssh-'));
});
afterAll(async () => {
  children.forEach((c) => c.kill('SIGKILL'));
  page.close();
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const tunnelPort = () => t.modules.vpn.tunnelPort();

const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

/** Connections that never log in, one from each address: how long each lived (ms). */
const idleFrom = (addresses: string[]): Promise<number>[] =>
  addresses.map((localAddress) => {
    const s = connect({ port: tunnelPort(), host: '127.0.0.1', localAddress });
    s.on('error', () => {});
    s.resume(); // read, so the server's close is seen
    return new Promise<number>((r) => {
      const at = Date.now();
      s.once('close', () => r(Date.now() - at));
    });
  });
const pagePort = () => (page.address() as AddressInfo).port;
const call = (url: string) => t.app.inject({ url, headers: bearer(owner.token) });

/** A gateway with a live session opened straight in the database (no MQTT: the client is not ours). */
async function gatewayInSession() {
  const gw = await newGateway({ version: '8.5.0' });
  await openSessionRow(t.app, gw, owner);
  return gw;
}

/** An ssh2 client logged in as the gateway (or refused), with only `cipher` on offer if given. */
function sshLogin(mac: string, password: string, cipher?: string[]): Promise<Client> {
  return new Promise((resolve, reject) => {
    const c = new Client();
    c.on('ready', () => resolve(c)).on('error', reject);
    c.connect({
      host: '127.0.0.1',
      port: tunnelPort(),
      username: mac,
      password,
      readyTimeout: 5_000,
      ...(cipher ? { algorithms: { cipher: cipher as never } } : {}),
    });
  });
}

const closed = (c: Client) => new Promise<void>((r) => c.once('close', () => r()));

describe("OpenSSH's own client as the gateway", () => {
  it('logs in with the device secret, checks the host key, forwards its page; disconnect ends it', async () => {
    const gw = await gatewayInSession();
    const askpass = join(dir, `askpass-${gw.mac}.sh`);
    writeFileSync(askpass, `#!/bin/sh\necho '${gw.secret}'\n`, { mode: 0o700 });
    const parsed = ssh2.utils.parseKey(t.modules.vpn.hostKey.privateKey);
    if (parsed instanceof Error || Array.isArray(parsed)) throw new Error('host key');
    const knownHosts = join(dir, 'known_hosts');
    writeFileSync(
      knownHosts,
      `[127.0.0.1]:${tunnelPort()} ${parsed.type} ${parsed.getPublicSSH().toString('base64')}\n`,
    );
    const ssh = spawn(
      'ssh',
      [
        ...['-F', '/dev/null', '-N', '-v', '-p', String(tunnelPort())],
        ...['-o', `UserKnownHostsFile=${knownHosts}`, '-o', 'StrictHostKeyChecking=yes'],
        ...['-o', 'PreferredAuthentications=password', '-o', 'PubkeyAuthentication=no'],
        ...['-o', 'NumberOfPasswordPrompts=1', '-o', 'ExitOnForwardFailure=yes'],
        ...['-R', `80:127.0.0.1:${pagePort()}`, `${gw.mac}@127.0.0.1`],
      ],
      {
        env: { ...process.env, SSH_ASKPASS: askpass, SSH_ASKPASS_REQUIRE: 'force', DISPLAY: ':0' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    children.push(ssh);
    let stderr = '';
    ssh.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => ssh.once('exit', (code) => r(code)));
    await waitFor(async () => {
      const s = vpnStatusReply.parse((await call(`/api/vpn/status/${gw.mac}`)).json());
      return s.online === 'true';
    }, 15_000).catch(() => {
      throw new Error(`ssh did not connect: ${stderr}`);
    });
    const proxy = vpnProxyReply.parse((await call(`/api/vpn/proxy/id/${gw.id}`)).json());
    await waitFor(
      async () => (await proxyGet(Number(new URL(baseUrl).port), proxy.urls.config)).status === 200,
    );
    const got = await proxyGet(Number(new URL(baseUrl).port), `${proxy.urls.config}hello`);
    expect(got.body).toBe('gateway page /hello');
    // OpenSSH would pick chacha20-poly1305 or AES-CTR first; the endpoint offers AES-GCM only.
    expect(stderr).toMatch(/server->client cipher: aes128-gcm@openssh\.com/);
    // Only the page was forwarded: the flow editor's host has nothing behind it.
    const editor = await proxyGet(Number(new URL(baseUrl).port), proxy.urls.editor);
    expect(editor.status).toBe(503);
    expect(JSON.parse(editor.body)).toMatchObject({ code: 'unavailable' });
    await call(`/api/vpn/disconnect/${gw.mac}`);
    expect(await exited).not.toBeNull();
  }, 30_000);
});

describe('a gateway page that never answers', () => {
  it('ends with 503 unavailable after TUNNEL_PROXY_TIMEOUT_MS, not at the idle timeout', async () => {
    const gw = await gatewayInSession();
    const silent = createNetServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const client = new TunnelClient({
      mac: gw.mac,
      secret: gw.secret,
      targets: async () => ({
        config: { host: '127.0.0.1', port: (silent.address() as AddressInfo).port },
      }),
      onChange: () => {},
    });
    client.open({ host: '127.0.0.1', port: tunnelPort(), until: Date.now() + 60_000, hostKey: '' });
    try {
      await waitFor(() => client.online);
      const proxy = vpnProxyReply.parse((await call(`/api/vpn/proxy/id/${gw.id}`)).json());
      const at = Date.now();
      const got = await proxyGet(Number(new URL(baseUrl).port), proxy.urls.config);
      expect(got.status).toBe(503);
      expect(Date.now() - at).toBeLessThan(5_000);
    } finally {
      client.close();
      silent.close();
    }
  });
});

describe('hostile tunnel clients are cut off alone', () => {
  it('refuses a wrong secret, an unknown MAC, and a gateway without a session', async () => {
    const gw = await gatewayInSession();
    await expect(sshLogin(gw.mac, 'wrong')).rejects.toThrow(/authentication/i);
    await expect(sshLogin('0123456789ab', gw.secret)).rejects.toThrow(/authentication/i);
    const idle = await newGateway();
    await expect(sshLogin(idle.mac, idle.secret)).rejects.toThrow(/authentication/i);
  });

  it('speaks AES-GCM only: a client offering nothing else is refused, one offering it too logs in', async () => {
    const gw = await gatewayInSession();
    await expect(
      sshLogin(gw.mac, gw.secret, ['chacha20-poly1305@openssh.com', 'aes128-ctr']),
    ).rejects.toThrow(/cipher|algorithm|handshake/i);
    const c = await sshLogin(gw.mac, gw.secret, ['aes128-ctr', 'aes256-gcm@openssh.com']);
    c.end();
  });

  it("refuses forwards of another gateway's or unknown ports, and channels it opens; a flood ends its connection", async () => {
    const [good, bad] = [await gatewayInSession(), await gatewayInSession()];
    const goodClient = await sshLogin(good.mac, good.secret);
    await new Promise<void>((r, j) =>
      goodClient.forwardIn('localhost', 80, (e) => (e ? j(e) : r())),
    );
    const c = await sshLogin(bad.mac, bad.secret);
    await expect(
      new Promise<void>((r, j) => c.forwardIn(good.mac, 80, (e) => (e ? j(e) : r()))),
    ).rejects.toThrow();
    await expect(
      new Promise<void>((r, j) => c.forwardIn('localhost', 22, (e) => (e ? j(e) : r()))),
    ).rejects.toThrow();
    const gone = closed(c);
    for (let i = 0; i < 10_000; i++) {
      c.forwardOut('127.0.0.1', 1, '127.0.0.1', 80, () => {});
      if (!t.modules.vpn.tunnels.get(bad.mac)) break;
    }
    await gone;
    expect(t.modules.vpn.tunnels.get(bad.mac)).toBeUndefined();
    expect(t.modules.vpn.tunnels.get(good.mac)?.forwards.has('config')).toBe(true);
    goodClient.end();
  });

  it('closes garbage, and bounds connections that never log in', async () => {
    const garbage = connect(tunnelPort(), '127.0.0.1');
    garbage.on('error', () => {});
    garbage.resume(); // read, so the server's close is seen
    garbage.write(Buffer.alloc(70_000, 0x41));
    await new Promise((r) => garbage.once('close', r));
    // From eight addresses: beyond TUNNEL_PRE_AUTH_MAX (5) closed at once; the others after
    // the 1.5 s login timeout.
    const lifetimes = (await Promise.all(idleFrom(range(8, (i) => `127.0.0.${i + 1}`)))).sort(
      (a, b) => a - b,
    );
    expect(lifetimes.slice(0, 3).every((ms) => ms < 1_000)).toBe(true);
    expect(lifetimes.slice(3).every((ms) => ms >= 1_000)).toBe(true);
  });

  it('bounds what one address holds before logging in (TUNNEL_PRE_AUTH_PER_ADDRESS)', async () => {
    // Four from one address, one from another: the fourth is closed at once, the other
    // address's connection waits its login timeout as the first three do.
    const here = idleFrom(range(4, () => '127.0.0.1'));
    await new Promise((r) => setTimeout(r, 100)); // accepted, in this order
    const [there] = idleFrom(['127.0.0.2']);
    const lifetimes = await Promise.all(here);
    expect(lifetimes.filter((ms) => ms < 1_000)).toHaveLength(1);
    expect(await there).toBeGreaterThanOrEqual(1_000);
  });
});

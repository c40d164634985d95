import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vpnProxyReply, vpnStatusReply, etsPortReply, vpnLogReply } from '@atrium/contracts/vpn';
import type { GatewayAgent } from '@atrium/gateway-agent/agent';
import { startHubWithProject, waitFor, type HubWithProject } from '../../../test/hub-helpers';
import { bearer, createUser, type TestServer, type TestUser } from '../../../test/test-server';
import { echoServer, proxyGet, startTunnelAgent, tcpRoundTrip } from '../../../test/vpn-helpers';

let t: TestServer;
let owner: TestUser;
let broker: string;
let baseUrl: string;
let newGateway: HubWithProject['newGateway'];
let page: Server;
let echo: Awaited<ReturnType<typeof echoServer>>;
const agents: GatewayAgent[] = [];

beforeAll(async () => {
  // Proxy hosts are subdomains of PUBLIC_URL's host: a name, not an address.
  ({ t, baseUrl, broker, owner, newGateway } = await startHubWithProject((_url, p) => ({
    // A loaded CI machine (two cores, test files in parallel) may take seconds to answer.
    HUB_COMMAND_TIMEOUT_MS: '15000',
    PUBLIC_URL: `http://localhost:${p}`,
  })));
  page = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<a href="/status">status</a> path=${req.url} host=${req.headers.host}`);
  });
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', () => r()));
  echo = await echoServer();
});
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop()));
  page.close();
  echo.server.close();
  await t.close();
});

const port = () => Number(new URL(baseUrl).port);
const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
const status = async (user: TestUser, mac: string) =>
  vpnStatusReply.parse((await call(user, 'GET', `/api/vpn/status/${mac}`)).json());

async function gatewayWithTunnel() {
  const gw = await newGateway({ version: '8.5.0' });
  const targets = {
    config: { host: '127.0.0.1', port: (page.address() as AddressInfo).port },
    knx: { host: '127.0.0.1', port: echo.port },
  };
  const agent = startTunnelAgent(broker, gw, targets);
  agents.push(agent);
  // Online for the hub, not only connected: a command before that answers gatewayOffline.
  await waitFor(() => t.modules.hub.service.reachable(gw));
  return { gw, agent };
}

describe('a remote access session end to end (ssh2 tunnel from the gateway agent)', () => {
  it('opens, proxies the configuration page, forwards an ETS port, logs, and closes everything', async () => {
    const { gw, agent } = await gatewayWithTunnel();
    expect(await status(owner, gw.mac)).toMatchObject({ online: 'false', until: '0', open: false });

    const opened = await call(owner, 'POST', `/api/vpn/open/${gw.mac}`, { delay: 7_200_000 });
    expect(opened.statusCode, opened.body).toBe(200);
    const online = await waitFor(async () => {
      const s = await status(owner, gw.mac);
      return s.online === 'true' ? s : undefined;
    }, 20_000);
    expect(Number(online.until)).toBeGreaterThan(Date.now() + 7_100_000);
    expect(online.ip).toMatch(/127\.0\.0\.1$/);
    // The gateway reports it too once its forwards are in place.
    await waitFor(() => agent.info().vpn.online);

    const proxy = vpnProxyReply.parse(
      (await call(owner, 'GET', `/api/vpn/proxy/id/${gw.id}`)).json(),
    );
    expect(proxy.urls.config).toMatch(/^http:\/\/[a-z0-9]{24}\.localhost:\d+\/$/);
    const got = await proxyGet(port(), `${proxy.urls.config}status?x=1`);
    expect(got.status).toBe(200);
    expect(got.body).toContain('path=/status?x=1');
    // The page sees the proxy host, so its absolute links stay on it.
    expect(got.body).toContain(`host=${new URL(proxy.urls.config).host}`);

    await call(owner, 'GET', `/api/vpn/proxy/ets/create/${gw.id}?ipv6=false`);
    const ets = await waitFor(async () => {
      const r = etsPortReply.parse(
        (await call(owner, 'GET', `/api/vpn/proxy/ets/port/${gw.mac}`)).json(),
      );
      return r.port === 'false' ? undefined : r;
    });
    expect(typeof ets.port).toBe('number');
    expect(await tcpRoundTrip(Number(ets.port), 'knx-hello')).toBe('knx-hello');

    await t.modules.vpn.sweeper.flushUsage();
    const log = vpnLogReply.parse((await call(owner, 'GET', `/api/vpn/log/${gw.id}`)).json());
    expect(log.items[0]).toMatchObject({ openedBy: owner.email, closedAt: null });
    expect(log.items[0]?.reached).toEqual(['http', 'ets']);
    expect(log.items[0]?.bytesIn).toBeGreaterThan(0);

    expect((await call(owner, 'GET', `/api/vpn/disconnect/${gw.mac}`)).statusCode).toBe(200);
    expect(await status(owner, gw.mac)).toMatchObject({ online: 'false', open: false });
    await waitFor(() => !agent.info().vpn.online);
    const expired = await proxyGet(port(), proxy.urls.config);
    expect(expired.status).toBe(404);
    expect(JSON.parse(expired.body)).toMatchObject({ code: 'vpnSessionNotFound' });
    await expect(tcpRoundTrip(Number(ets.port), 'x')).rejects.toThrow();
    const closed = vpnLogReply.parse((await call(owner, 'GET', `/api/vpn/log/${gw.id}`)).json());
    expect(closed.items[0]).toMatchObject({ closeReason: 'disconnected' });
  });

  it('refuses delays beyond the project’s hours, and calls from other teams or viewers', async () => {
    const { gw } = await gatewayWithTunnel();
    const tooLong = await call(owner, 'POST', `/api/vpn/open/${gw.mac}`, { delay: 172_800_000 });
    expect(tooLong.json()).toMatchObject({ statusCode: 400, code: 'vpnDelayNotAllowed' });
    const odd = await call(owner, 'POST', `/api/vpn/open/${gw.mac}`, { delay: 1_000 });
    expect(odd.statusCode).toBe(400);
    const stranger = await createUser(t.app, 'user');
    expect((await call(stranger, 'GET', `/api/vpn/status/${gw.mac}`)).statusCode).toBe(404);
    const viewer = await createUser(t.app, 'viewer', owner.team);
    expect((await call(viewer, 'GET', `/api/vpn/status/${gw.mac}`)).statusCode).toBe(403);
    const noSession = await call(owner, 'GET', `/api/vpn/proxy/id/${gw.id}`);
    expect(noSession.json()).toMatchObject({ statusCode: 409, code: 'noActiveVPN' });
  });

  it('ends a session at its until, tunnel and proxy included', async () => {
    const { gw, agent } = await gatewayWithTunnel();
    const opened = await call(owner, 'POST', `/api/vpn/open/${gw.mac}`, { delay: 7_200_000 });
    expect(opened.statusCode, opened.body).toBe(200);
    await waitFor(async () => (await status(owner, gw.mac)).online === 'true', 20_000);
    const proxy = vpnProxyReply.parse(
      (await call(owner, 'GET', `/api/vpn/proxy/id/${gw.id}`)).json(),
    );
    await t.app.db
      .updateTable('vpn_sessions')
      .set({ until: Date.now() - 1 })
      .where('mac', '=', gw.mac)
      .execute();
    await t.modules.vpn.sweeper.tick();
    expect(t.modules.vpn.tunnels.get(gw.mac)).toBeUndefined();
    await waitFor(() => !agent.info().vpn.online);
    expect((await proxyGet(port(), proxy.urls.config)).status).toBe(404);
    const log = vpnLogReply.parse((await call(owner, 'GET', `/api/vpn/log/${gw.id}`)).json());
    expect(log.items[0]).toMatchObject({ closeReason: 'expired' });
    // The agent stops trying: its login is refused now.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(t.modules.vpn.tunnels.get(gw.mac)).toBeUndefined();
  });
});

describe('the session log', () => {
  it("is kept as long as the project's plan keeps data (free: one month), open sessions always", async () => {
    const gw = await newGateway({ version: '8.5.0' });
    const day = 86_400_000;
    const now = Date.now();
    const session = (id: string, openedAt: number, closed: boolean) => ({
      id,
      gateway_id: gw.id,
      mac: gw.mac,
      project_id: gw.project_id,
      team_id: owner.team,
      opened_by: owner.id,
      opened_at: openedAt,
      until: openedAt + 7_200_000,
      ...(closed ? { closed_at: openedAt + 3_600_000, close_reason: 'disconnected' } : {}),
    });
    await t.app.db
      .insertInto('vpn_sessions')
      .values([
        session(`old-${gw.mac}`, now - 60 * day, true),
        session(`recent-${gw.mac}`, now - 10 * day, true),
        session(`open-${gw.mac}`, now - 60 * day, false),
      ])
      .execute();
    await t.modules.vpn.sweeper.prune(now);
    const log = vpnLogReply.parse((await call(owner, 'GET', `/api/vpn/log/${gw.id}`)).json());
    expect(log.items.map((i) => i._id).sort()).toEqual([`open-${gw.mac}`, `recent-${gw.mac}`]);
  });
});

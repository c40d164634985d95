import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etsPortReply, vpnProxyReply, vpnStatusReply } from '@atrium/contracts/vpn';
import type { GatewayAgent } from '@atrium/gateway-agent/agent';
import { TunnelClient } from '@atrium/gateway-agent/tunnel-client';
import { createProject } from '../../../test/fixtures';
import { gatewayWithSecret, waitFor } from '../../../test/hub-helpers';
import { freePort } from '../../../test/postgres-cluster';
import {
  bearer,
  createUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/test-server';
import {
  echoServer,
  openSessionRow,
  proxyGet,
  startTunnelAgent,
  tcpRoundTrip,
} from '../../../test/vpn-helpers';

let page: Server;
let echo: Awaited<ReturnType<typeof echoServer>>;
beforeAll(async () => {
  page = createServer((req, res) => res.end(`page ${req.url}`));
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', () => r()));
  echo = await echoServer();
});
afterAll(() => {
  page.close();
  echo.server.close();
});
const targets = () => ({
  config: { host: '127.0.0.1', port: (page.address() as AddressInfo).port },
  knx: { host: '127.0.0.1', port: echo.port },
});

/** A node listening on fixed ports (HTTP, MQTT, SSH), so a restart comes back at the same place. */
async function node(ports: { http: number; mqtt: number; tunnel: number }, sameAs?: TestServer) {
  const t = await startTestServer(
    {
      PUBLIC_URL: `http://localhost:${ports.http}`,
      MQTT_PORT: String(ports.mqtt),
      TUNNEL_PORT: String(ports.tunnel),
      NODE_URL: `http://127.0.0.1:${ports.http}`,
    },
    sameAs,
  );
  await t.app.listen({ host: '127.0.0.1', port: ports.http });
  return t;
}
const freePorts = async () => ({
  http: await freePort(),
  mqtt: await freePort(),
  tunnel: await freePort(),
});
const call = (
  t: TestServer,
  user: TestUser,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
const status = async (t: TestServer, user: TestUser, mac: string) =>
  vpnStatusReply.parse((await call(t, user, 'GET', `/api/vpn/status/${mac}`)).json());

describe('a session survives a restart of the server', () => {
  let firstNode: TestServer | undefined;
  let t: TestServer | undefined;
  let agent: GatewayAgent | undefined;
  afterAll(async () => {
    await agent?.stop();
    await t?.close();
    // The first node owns the deployment's DATA_DIR and database: removed last.
    await firstNode?.close();
  });

  it('the gateway reconnects its tunnel and the session goes on until its end', async () => {
    const ports = await freePorts();
    const first = await node(ports);
    firstNode = first;
    const owner = await createUser(first.app, 'user');
    const project = await createProject(first.app, owner.team);
    const gw = await gatewayWithSecret(first.app, { team_id: owner.team, project_id: project.id });
    agent = startTunnelAgent(`mqtt://127.0.0.1:${ports.mqtt}`, gw, targets());
    await waitFor(() => first.modules.hub.service.reachable(gw));
    await call(first, owner, 'POST', `/api/vpn/open/${gw.mac}`, { delay: 7_200_000 });
    const before = await waitFor(async () => {
      const s = await status(first, owner, gw.mac);
      return s.online === 'true' ? s : undefined;
    });
    const proxy = vpnProxyReply.parse(
      (await call(first, owner, 'GET', `/api/vpn/proxy/id/${gw.id}`)).json(),
    );

    // A restart: same DATA_DIR and database, same ports; every connection drops meanwhile.
    await first.app.close();
    t = await node(ports, first);
    // Until the gateway is back, the restarted node does not claim its tunnel.
    await t.modules.vpn.sweeper.tick();
    if (!t.modules.vpn.tunnels.get(gw.mac)) {
      expect((await status(t, owner, gw.mac)).online).toBe('false');
    }
    const after = await waitFor(async () => {
      const s = await status(t!, owner, gw.mac);
      return s.online === 'true' ? s : undefined;
    }, 20_000);
    expect(after.until).toBe(before.until);
    const got = await proxyGet(ports.http, `${proxy.urls.config}again`);
    expect(got.body).toBe('page /again');
  }, 40_000);
});

describe('several nodes share the sessions through the database', () => {
  let a: TestServer;
  let b: TestServer;
  let client: TunnelClient | undefined;
  afterAll(async () => {
    client?.close();
    await b?.close();
    await a?.close();
  });

  it('a tunnel held by node A serves proxies, ETS and disconnects asked through node B', async () => {
    const [pa, pb] = [await freePorts(), await freePorts()];
    a = await node(pa);
    b = await node(pb, a);
    const owner = await createUser(a.app, 'user');
    const project = await createProject(a.app, owner.team);
    const gw = await gatewayWithSecret(a.app, { team_id: owner.team, project_id: project.id });
    const now = Date.now();
    await openSessionRow(a.app, gw, owner);
    client = new TunnelClient({
      mac: gw.mac,
      secret: gw.secret,
      targets: async () => targets(),
      onChange: () => {},
    });
    client.open({
      host: '127.0.0.1',
      port: pa.tunnel,
      until: now + 3_600_000,
      hostKey: a.modules.vpn.hostKey.fingerprint,
    });
    await waitFor(async () => (await status(b, owner, gw.mac)).online === 'true');

    const proxy = vpnProxyReply.parse(
      (await call(b, owner, 'GET', `/api/vpn/proxy/id/${gw.id}`)).json(),
    );
    expect(new URL(proxy.urls.config).port).toBe(String(pb.http));
    expect((await proxyGet(pb.http, `${proxy.urls.config}via-b`)).body).toBe('page /via-b');

    await call(b, owner, 'GET', `/api/vpn/proxy/ets/create/${gw.id}`);
    const ets = await waitFor(async () => {
      const r = etsPortReply.parse(
        (await call(b, owner, 'GET', `/api/vpn/proxy/ets/port/${gw.id}`)).json(),
      );
      return r.port === 'false' ? undefined : r;
    });
    expect(await tcpRoundTrip(Number(ets.port), 'through-a')).toBe('through-a');

    await call(b, owner, 'GET', `/api/vpn/disconnect/${gw.mac}`);
    await waitFor(() => !a.modules.vpn.tunnels.get(gw.mac), 5_000);
    await waitFor(() => !client?.online, 5_000);
    await expect(tcpRoundTrip(Number(ets.port), 'x')).rejects.toThrow();
  }, 40_000);
});

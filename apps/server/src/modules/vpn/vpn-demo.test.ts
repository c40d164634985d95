import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { etsPortReply, vpnProxyReply, vpnStatusReply } from '@atrium/contracts/vpn';
import { knxConnected, plainTcpKnxClient } from '@atrium/gateway-agent/local/knx-client.testing';
import { createGateway, createProject } from '../../../test/fixtures';
import { startListeningHub, storedPoints, waitFor } from '../../../test/hub-helpers';
import { bearer, createUser, type TestServer, type TestUser } from '../../../test/test-server';
import { proxyGet } from '../../../test/vpn-helpers';

let t: TestServer;
let port: number;
let owner: TestUser;
let project: { id: string };

beforeAll(async () => {
  ({ t } = await startListeningHub((_url, p) => {
    port = p;
    return { PUBLIC_URL: `http://localhost:${p}` };
  }));
  owner = await createUser(t.app, 'user');
  project = await createProject(t.app, owner.team);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload } : {}) });

/** A WebSocket to a proxy host's path: the first message, and the echo of `send`. */
function webSocketThrough(url: string, send: string): Promise<string[]> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${u.pathname}`, { headers: { host: u.host } });
    const got: string[] = [];
    ws.on('message', (m: Buffer) => {
      got.push(m.toString());
      if (got.length === 1) ws.send(send);
      if (got.length === 2) {
        ws.close();
        resolve(got);
      }
    });
    ws.on('error', reject);
  });
}

describe("a demo gateway's session: its own agent, local services and tunnel", () => {
  it('serves its configuration page, its flow editor over WebSocket, and ETS writes onto its bus', async () => {
    const gw = await createGateway(t.app, {
      team_id: owner.team,
      project_id: project.id,
      virtual: 1,
      online: 1,
      type: 'kloudnx',
    });
    await waitFor(() => t.modules.hub.service.reachable(gw));
    await t.modules.hub.service.command(gw, 'monitor', {
      addresses: [{ ga: '1/2/3', dpt: '9.001' }],
    });
    const opened = await call('POST', `/api/vpn/open/${gw.mac}`, { delay: 7_200_000 });
    expect(opened.statusCode, opened.body).toBe(200);
    await waitFor(async () => {
      const s = vpnStatusReply.parse((await call('GET', `/api/vpn/status/${gw.mac}`)).json());
      return s.online === 'true';
    });

    const proxy = vpnProxyReply.parse((await call('GET', `/api/vpn/proxy/id/${gw.id}`)).json());
    const page = await proxyGet(port, proxy.urls.config);
    expect(page.status).toBe(200);
    expect(page.body).toContain('kloudnx');
    expect(page.body).toContain('href="/assets/style.css"');
    const editor = await proxyGet(port, proxy.urls.editor);
    expect(editor.body).toContain('/comms');
    const [hello, echo] = await webSocketThrough(`${proxy.urls.editor}comms`, 'ping');
    expect(JSON.parse(hello ?? '{}')).toMatchObject({ topic: 'hello' });
    expect(JSON.parse(echo ?? '{}')).toMatchObject({ topic: 'echo', data: 'ping' });

    await call('GET', `/api/vpn/proxy/ets/create/${gw.id}?ipv6=false`);
    const ets = await waitFor(async () => {
      const r = etsPortReply.parse((await call('GET', `/api/vpn/proxy/ets/port/${gw.id}`)).json());
      return r.port === 'false' ? undefined : r;
    });
    const errors: Error[] = [];
    const knx = plainTcpKnxClient(Number(ets.port), errors);
    await knxConnected(knx);
    knx.write('1/2/3', 21.5, '9.001');
    const points = await waitFor(async () => {
      const rows = await storedPoints(t.app, {
        projectId: project.id,
        mac: gw.mac,
        address: '1/2/3',
      });
      return rows.find((r) => r.v === 21.5) ? rows : undefined;
    });
    expect(points.length).toBeGreaterThan(0);
    knx.tcpSocket?.destroy();
    expect(errors).toEqual([]);

    await call('GET', `/api/vpn/disconnect/${gw.mac}`);
    expect((await proxyGet(port, proxy.urls.config)).status).toBe(404);
  }, 30_000);
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, topicOf } from '@atrium/contracts/gateway-protocol';
import {
  GATEWAY_INFO_WINDOW_MS,
  gatewayInfoSocketEvent,
  SOCKET_EVENTS,
  type GatewayInfoEvent,
  type GatewayInfoSocketEvent,
} from '@atrium/contracts/hub';
import {
  connectAs,
  consoleSocket,
  startHubWithProject,
  waitFor,
  type HubWithProject,
} from '../../../test/hub-helpers';
import { InfoGatherer } from './info-gatherer';

let hub: HubWithProject;
beforeAll(async () => {
  hub = await startHubWithProject();
});
afterAll(() => hub.t.close());

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const info = (volt: number) => ({
  v: PROTOCOL_VERSION,
  version: '8.5.0',
  ip: '192.168.1.20',
  volt,
  busload: 3,
  protect: false,
  vpn: { online: false, lastConnection: null },
});

describe('gateway:info to the console (decision 0048)', () => {
  it("sends each gateway's latest info, one event per project per window", async () => {
    const { socket, joined } = await consoleSocket(hub.baseUrl, hub.owner.token, hub.project.id);
    sockets.push(socket);
    expect(joined).toMatchObject({ ok: true });
    const heard: GatewayInfoSocketEvent[] = [];
    socket.on(SOCKET_EVENTS.info, (raw: unknown) => heard.push(gatewayInfoSocketEvent.parse(raw)));
    const [a, b] = [await hub.newGateway(), await hub.newGateway()];
    const [ca, cb] = [
      await connectAs(hub.broker, a.mac, a.secret),
      await connectAs(hub.broker, b.mac, b.secret),
    ];
    const report = (c: typeof ca, mac: string, volt: number) =>
      c.publishAsync(topicOf(mac, 'info'), JSON.stringify(info(volt)), { qos: 1 });
    await report(ca, a.mac, 28);
    await waitFor(() => heard.length === 1);
    expect(heard[0]).toMatchObject({ project: hub.project.id, infos: [{ mac: a.mac, volt: 28 }] });
    // Within the window: both gateways, each with its latest only, in one event (the
    // window's timing is the unit test's below; here, fewer events than reports).
    await Promise.all([report(ca, a.mac, 28.5), report(cb, b.mac, 30)]);
    await report(ca, a.mac, 29);
    const latest = (mac: string) => heard.flatMap((x) => x.infos).findLast((i) => i.mac === mac);
    await waitFor(() => latest(a.mac)?.volt === 29 && latest(b.mac)?.volt === 30);
    await sleep(GATEWAY_INFO_WINDOW_MS + 200);
    expect(heard.length).toBeLessThanOrEqual(3);
    expect(heard.every((x) => new Set(x.infos.map((i) => i.mac)).size === x.infos.length)).toBe(
      true,
    );
    expect(heard.every((x) => x.project === hub.project.id)).toBe(true);
    await Promise.all([ca.endAsync(), cb.endAsync()]);
  });
});

describe('InfoGatherer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const e = (project: string, mac: string, volt: number): GatewayInfoEvent => ({
    project,
    mac,
    version: '8.5.0',
    ip: null,
    volt,
    busload: null,
    protect: false,
    vpn: { online: false, lastConnection: null },
  });

  it('keeps the latest info per gateway, bounds an event, and forgets quiet projects', () => {
    const sent: GatewayInfoSocketEvent[] = [];
    const g = new InfoGatherer(
      (p) => p !== 'unheard',
      (x) => sent.push(x),
      undefined,
      1_000,
      3,
    );
    const seen = () => sent.map((x) => [x.project, x.infos.map((i) => `${i.mac}:${i.volt}`)]);
    g.add(e('p', 'a', 1));
    g.add(e('unheard', 'a', 1));
    vi.advanceTimersByTime(1);
    expect(seen()).toEqual([['p', ['a:1']]]);
    g.add(e('p', 'a', 2));
    g.add(e('p', 'b', 2));
    g.add(e('p', 'a', 3));
    vi.advanceTimersByTime(998);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(seen().at(-1)).toEqual(['p', ['b:2', 'a:3']]);
    // Three gateways: full, out at once inside the window.
    g.add(e('p', 'a', 4));
    g.add(e('p', 'b', 4));
    g.add(e('p', 'c', 4));
    expect(seen().at(-1)).toEqual(['p', ['a:4', 'b:4', 'c:4']]);
    vi.advanceTimersByTime(5_000);
    expect(sent).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
    g.add(e('p', 'a', 5));
    g.close();
    vi.advanceTimersByTime(2_000);
    expect(sent).toHaveLength(3);
  });
});

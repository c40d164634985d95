import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, topicOf } from '@atrium/contracts/gateway-protocol';
import {
  GATEWAY_INFO_WINDOW_MS,
  gatewayInfoSocketEvent,
  SOCKET_EVENTS,
  TELEGRAM_WINDOW_MAX_MS,
  TELEGRAM_WINDOW_MS,
  telegramsSocketEvent,
  type GatewayInfoEvent,
  type GatewayInfoSocketEvent,
  type TelegramsEvent,
  type TelegramsSocketEvent,
} from '@atrium/contracts/hub';
import {
  connectAs,
  consoleSocket,
  publishTelegrams,
  startHubWithProject,
  waitFor,
  type HubWithProject,
} from '../../../test/hub-helpers';
import { BusyWindow, windowFor } from './busy-window';
import { InfoGatherer } from './info-gatherer';
import { TelegramGatherer } from './telegram-gatherer';

let hub: HubWithProject;
beforeAll(async () => {
  hub = await startHubWithProject();
});
afterAll(() => hub.t.close());

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

/** A console socket of the project's owner, joined with or without its telegrams. */
async function listening(telegrams: boolean) {
  const { socket, joined } = await consoleSocket(
    hub.baseUrl,
    hub.owner.token,
    hub.project.id,
    telegrams,
  );
  sockets.push(socket);
  expect(joined).toMatchObject({ ok: true });
  const heard: TelegramsSocketEvent[] = [];
  // Every event checked against the contract's schema.
  socket.on(SOCKET_EVENTS.telegrams, (raw: unknown) => heard.push(telegramsSocketEvent.parse(raw)));
  return heard;
}

const item = (ga: string, t: number) => ({ ga, dpt: '9.001', value: t % 100, t });
const emit = (e: TelegramsEvent) => hub.t.modules.hub.events.emit('telegrams', e);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('knx:telegrams to the console (decision 0044)', () => {
  it('sends what real gateways publish, in one event per window, to sockets that asked', async () => {
    const heard = await listening(true);
    const deaf = await listening(false);
    const [a, b] = [await hub.newGateway(), await hub.newGateway()];
    const [ca, cb] = [
      await connectAs(hub.broker, a.mac, a.secret),
      await connectAs(hub.broker, b.mac, b.secret),
    ];
    const t0 = Date.now() - 1_000;
    // The PUBACK comes after the commit; the event goes out when the hub has taken them.
    await Promise.all([
      publishTelegrams(ca, a.mac, [item('1/2/3', t0), item('1/2/4', t0 + 1)]),
      publishTelegrams(cb, b.mac, [item('2/0/1', t0 + 2)]),
    ]);
    await waitFor(() => heard.flatMap((e) => e.batches).length === 2);
    expect(heard.every((e) => e.project === hub.project.id)).toBe(true);
    const batches = heard.flatMap((e) => e.batches);
    expect(batches.find((x) => x.mac === a.mac)?.items).toEqual([
      item('1/2/3', t0),
      item('1/2/4', t0 + 1),
    ]);
    expect(batches.find((x) => x.mac === b.mac)?.items).toEqual([item('2/0/1', t0 + 2)]);
    await sleep(TELEGRAM_WINDOW_MS * 3);
    expect(deaf).toEqual([]);
    await Promise.all([ca.endAsync(), cb.endAsync()]);
  });

  it("gathers a window's batches of several gateways into one event, in the hub's order", async () => {
    const heard = await listening(true);
    const t0 = Date.now();
    // 30 batches of 3 gateways at once: one event, not 30 WebSocket writes per console.
    const sent: TelegramsEvent[] = [];
    for (let i = 0; i < 30; i++) {
      const e = {
        project: hub.project.id,
        mac: `00000000000${i % 3}`,
        items: [item('1/1/1', t0 + i)],
      };
      sent.push(e);
      emit(e);
    }
    await waitFor(() => heard.length > 0);
    await sleep(TELEGRAM_WINDOW_MS * 3);
    expect(heard).toHaveLength(1);
    expect(heard[0]?.batches).toEqual(sent.map(({ mac, items }) => ({ mac, items })));
    // A later one is a new event.
    emit({ project: hub.project.id, mac: '000000000001', items: [item('1/1/2', t0 + 99)] });
    await waitFor(() => heard.length === 2);
    expect(heard[1]?.batches).toEqual([{ mac: '000000000001', items: [item('1/1/2', t0 + 99)] }]);
  });
});

describe('TelegramGatherer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  /** A 50 ms window, full at 10 telegrams. */
  const gatherer = (...[wanted, send, log]: ConstructorParameters<typeof TelegramGatherer>) =>
    new TelegramGatherer(wanted, send, log, 50, 10);
  const e = (project: string, n: number): TelegramsEvent => ({
    project,
    mac: '000000000004',
    items: Array.from({ length: n }, (_, i) => item('4/4/4', i)),
  });

  it('sends the first telegrams at once, then at most one event per window', () => {
    const sent: TelegramsSocketEvent[] = [];
    const g = gatherer(
      () => true,
      (x) => sent.push(x),
    );
    const seen = () => sent.map((x) => [x.project, x.batches.length]);
    // A quiet project: out at the end of this turn, with what this turn brought.
    g.add(e('p', 1));
    g.add(e('p', 1));
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen()).toEqual([['p', 2]]);
    // Within the window: gathered until it ends, 50 ms after the last event.
    vi.advanceTimersByTime(10);
    g.add(e('p', 1));
    g.add(e('q', 1));
    vi.advanceTimersByTime(1);
    expect(seen()).toEqual([
      ['p', 2],
      ['q', 1],
    ]);
    g.add(e('p', 2));
    vi.advanceTimersByTime(37);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(seen()).toEqual([
      ['p', 2],
      ['q', 1],
      ['p', 2],
    ]);
    // Full: out at once, inside the window.
    g.add(e('p', 4));
    g.add(e('p', 6));
    expect(seen().at(-1)).toEqual(['p', 2]);
    expect(sent.at(-1)?.batches.flatMap((b) => b.items)).toHaveLength(10);
    // Quiet windows: nothing more, and the projects are forgotten.
    vi.advanceTimersByTime(500);
    expect(sent).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('logs a send that fails in its timer, and goes on', () => {
    const warned: object[] = [];
    const sent: string[] = [];
    const g = gatherer(
      () => true,
      (x) => {
        if (x.project === 'bad') throw new Error('no');
        sent.push(x.project);
      },
      { warn: (obj) => warned.push(obj) },
    );
    g.add(e('bad', 1));
    g.add(e('good', 1));
    expect(() => vi.advanceTimersByTime(1)).not.toThrow();
    expect(warned).toHaveLength(1);
    expect(sent).toEqual(['good']);
  });

  it('holds nothing of a project nobody may hear, nor empty batches', () => {
    const sent: TelegramsSocketEvent[] = [];
    const g = gatherer(
      (p) => p === 'heard',
      (x) => sent.push(x),
    );
    g.add(e('unheard', 3));
    g.add(e('heard', 0));
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([]);
    g.add(e('heard', 1));
    g.close();
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('BusyWindow', () => {
  it("widens the window with the main thread's utilisation, and narrows it when idle", async () => {
    const w = new BusyWindow(50, 200, 0.8, 0.9, 60_000);
    try {
      expect(w.windowMs()).toBe(50);
      // A turn that holds the thread: saturated.
      const until = performance.now() + 300;
      while (performance.now() < until);
      expect(w.sample()).toBe(200);
      expect(w.windowMs()).toBe(200);
      // Idle: back to the base.
      await sleep(300);
      expect(w.sample()).toBe(50);
    } finally {
      w.stop();
    }
    expect([0.5, 0.8, 0.85, 0.9, 1].map((u) => windowFor(u, 50, 200, 0.8, 0.9))).toEqual([
      50, 100, 100, 200, 200,
    ]);
  });

  it('keeps a telegram at most 100 ms in its window, busy or not (decision 0063)', () => {
    const windows = [0, 0.5, 0.8, 0.9, 0.97, 1].map((u) =>
      windowFor(u, TELEGRAM_WINDOW_MS, TELEGRAM_WINDOW_MAX_MS, 0.8, 0.9),
    );
    expect(windows).toEqual([50, 50, 100, 100, 100, 100]);
  });

  it('sets the gatherer’s window at each event', () => {
    vi.useFakeTimers();
    try {
      let windowMs = 50;
      const sent: number[] = [];
      const g = new TelegramGatherer(
        () => true,
        () => sent.push(Date.now()),
        undefined,
        () => windowMs,
      );
      const one = (): TelegramsEvent => ({
        project: 'p',
        mac: '000000000005',
        items: [item('5/5/5', 1)],
      });
      g.add(one());
      vi.advanceTimersByTime(1);
      g.add(one());
      vi.advanceTimersByTime(50);
      expect(sent).toHaveLength(2);
      // Quiet, then busy: the next event opens a 200 ms window.
      vi.advanceTimersByTime(100);
      windowMs = 200;
      g.add(one());
      vi.advanceTimersByTime(1);
      expect(sent).toHaveLength(3);
      g.add(one());
      vi.advanceTimersByTime(150);
      expect(sent).toHaveLength(3);
      vi.advanceTimersByTime(60);
      expect(sent).toHaveLength(4);
      expect((sent[3] ?? 0) - (sent[2] ?? 0)).toBe(200);
      g.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

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

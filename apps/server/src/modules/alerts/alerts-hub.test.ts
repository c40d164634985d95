import { createServer, type Server, type Socket as NetSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { io } from 'socket.io-client';
import { ALERT_SOCKET_EVENT, type Alert } from '@atrium/contracts/alerts';
import {
  connectAs,
  consoleSocket,
  publishTelegrams,
  startHubWithProject,
  storedPoints,
  type HubWithProject,
} from '../../../test/hub-helpers';
import { arm, hotThreshold, notificationsBody } from './alerts.testing';

/** A Pushover endpoint that accepts connections and never answers: an outage. */
let silent: Server;
const held: NetSocket[] = [];
let hub: HubWithProject;
let client: MqttClient | undefined;

beforeAll(async () => {
  silent = createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as { port: number }).port;
  hub = await startHubWithProject(() => ({
    PUSHOVER_URL: `http://127.0.0.1:${port}/1/messages.json`,
    ALERT_OUTBOX_POLL_MS: '100',
  }));
});
afterAll(async () => {
  await client?.endAsync();
  await hub.t.close();
  held.forEach((s) => s.destroy());
  await new Promise((resolve) => silent.close(resolve));
});

describe('alerts on the real gateway path', () => {
  it('reach the console live, and a Pushover outage never holds ingestion back', async () => {
    const { t, owner, project, baseUrl } = hub;
    const gw = await hub.newGateway();
    await arm(t.app, owner, project.id, {
      thresholds: [hotThreshold(gw.mac)],
      notification: notificationsBody({
        pushover: { user: 'u'.repeat(30), token: 't'.repeat(30) },
      }),
    });
    const { socket } = await consoleSocket(baseUrl, owner.token, project.id);
    const live: Alert[] = [];
    socket.on(ALERT_SOCKET_EVENT, (a: Alert) => live.push(a));
    // The projects list joins no project room: it hears its team's alerts.
    const list = io(baseUrl, {
      path: '/socket.io',
      auth: { token: owner.token },
      transports: ['websocket'],
    });
    const listed: Alert[] = [];
    list.on(ALERT_SOCKET_EVENT, (a: Alert) => listed.push(a));
    await new Promise<void>((resolve) => list.once('connect', () => resolve()));
    client = await connectAs(hub.broker, gw.mac, gw.secret);

    // A first value, below the threshold: the series is created (slower, once).
    const t0 = Date.now() - 60_000;
    await publishTelegrams(client, gw.mac, [
      { ga: '1/1/1', dpt: '9.001', value: 20, t: t0 - 1000 },
    ]);
    // Ten crossings and ten clears: twenty pushes stuck behind a silent endpoint.
    const started = Date.now();
    for (let i = 0; i < 20; i++) {
      const before = Date.now();
      await publishTelegrams(client, gw.mac, [
        { ga: '1/1/1', dpt: '9.001', value: i % 2 === 0 ? 30 : 20, t: t0 + i * 1000 },
      ]);
      // The PUBACK comes after the commit, whatever the outbox is waiting for.
      expect(Date.now() - before).toBeLessThan(2_000);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    const points = await storedPoints(t.app, {
      projectId: project.id,
      mac: gw.mac,
      address: '1/1/1',
    });
    expect(points).toHaveLength(21);
    const until = Date.now() + 5_000;
    while ((live.length < 20 || listed.length < 20) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    expect([live.length, listed.length]).toEqual([20, 20]);
    expect(live.filter((a) => a.clearedAt === null)).toHaveLength(10);
    expect(live.filter((a) => a.clearedAt !== null)).toHaveLength(10);
    expect(live[0]).toMatchObject({ kind: 'threshold', rule: 'Hot', value: 30, unit: '°C' });
    socket.close();
    list.close();
    const sending = await t.app.db
      .selectFrom('alert_notifications')
      .select('status')
      .where('project_id', '=', project.id)
      .execute();
    expect(sending.some((n) => n.status === 'sent')).toBe(false);
  }, 30_000);
});

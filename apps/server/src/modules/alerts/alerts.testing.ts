import type { FastifyInstance } from 'fastify';
import { bearer, type TestServer, type TestUser } from '../../../test/test-server';

// Test helpers only: the bodies of the alert routes, arranging a project, emitting telegrams.

const EVENTS = { status: true, voltage: true, thresholds: true };

/** A threshold `> 26` on 1/1/1 (9.001) of the gateway. */
export const hotThreshold = (mac: string, over: object = {}) => ({
  name: 'Hot',
  gateway: mac,
  address: '1/1/1',
  dpt: '9.001',
  type: '>',
  value: 26,
  enabled: true,
  ...over,
});

/** Notification settings: e-mail to `mail` when given, Pushover with these keys when given. */
export const notificationsBody = (o: {
  mail?: string;
  pushover?: { user: string; token: string };
  language?: 'fr' | 'en';
}) => ({
  email: { enabled: !!o.mail, options: { mails: o.mail ? [o.mail, ''] : [] }, events: EVENTS },
  pushover: {
    enabled: !!o.pushover,
    options: o.pushover ?? { user: '', token: '' },
    events: EVENTS,
  },
  ...(o.language ? { language: o.language } : {}),
});

/** POSTs as `user`, failing unless answered 200. */
export async function postOk(app: FastifyInstance, user: TestUser, url: string, payload: object) {
  const res = await app.inject({ method: 'POST', url, headers: bearer(user.token), payload });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res;
}

/** Saves the project's thresholds and notification settings (and alert settings if given). */
export async function arm(
  app: FastifyInstance,
  user: TestUser,
  projectId: string,
  o: { thresholds: object[]; notification: object; settings?: object },
) {
  await postOk(app, user, `/api/project/logs/thresholds/${projectId}`, {
    thresholds: o.thresholds,
  });
  await postOk(app, user, `/api/project/notifications/${projectId}`, o.notification);
  if (o.settings) await postOk(app, user, `/api/alerts/settings/${projectId}`, o.settings);
}

/** One value of 1/1/1 as the hub tells it (the engine listens to these events). */
export const emitTelegram = (
  t: TestServer,
  project: string,
  mac: string,
  value: number,
  at = Date.now(),
) =>
  t.modules.hub.events.emit('telegrams', {
    project,
    mac,
    items: [{ ga: '1/1/1', dpt: '9.001', value, t: at }],
  });

/** Waits for the database work and the deliveries under way on these nodes. */
export async function settled(...nodes: TestServer[]) {
  for (const n of nodes) {
    await n.modules.alerts.engine.idle();
    await n.modules.alerts.outbox.idle();
  }
}

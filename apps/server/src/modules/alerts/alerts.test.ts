import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AlertsReply, openAlertsReply, thresholdsReply } from '@atrium/contracts/alerts';
import type { Logger, Notification, ProjectItem } from '@atrium/contracts/project';
import type { FastifyInstance } from 'fastify';
import { addViewer, createGateway, createProject } from '../../../test/fixtures';
import { PushoverStandIn, pushoverKey } from '../../../test/pushover-stand-in';
import { createUser, startTestServer, type TestServer } from '../../../test/test-server';
import { call } from '../monitoring/monitoring.testing';
import { arm, emitTelegram, hotThreshold, notificationsBody, settled } from './alerts.testing';

type ThresholdsReply = z.infer<typeof thresholdsReply>;
type OpenReply = z.infer<typeof openAlertsReply>;

let t: TestServer;
let push: PushoverStandIn;
const token = pushoverKey();
const user = pushoverKey();

beforeAll(async () => {
  push = new PushoverStandIn();
  push.tokens.add(token);
  push.users.add(user);
  const url = await push.start();
  t = await startTestServer({
    PUSHOVER_URL: url,
    ALERT_OUTBOX_POLL_MS: '100',
    ALERT_SWEEP_MS: '100',
    ALERT_RETRY_BASE_MS: '200',
  });
});
afterAll(async () => {
  await t.close();
  await push.stop();
});

async function team(app: FastifyInstance) {
  const owner = await createUser(app, 'user');
  const viewer = await createUser(app, 'viewer', owner.team);
  const project = await createProject(app, owner.team);
  await addViewer(app, project.id, viewer.id);
  const gw = await createGateway(app, { team_id: owner.team, project_id: project.id });
  return { owner, viewer, project, gw };
}

const threshold = (mac: string, over: object = {}) =>
  hotThreshold(mac, { name: 'Salle trop chaude', ...over });

const notifications = (mail: string, over: object = {}) => ({
  ...notificationsBody({ mail, pushover: { user, token }, language: 'en' }),
  ...over,
});

const telegram = (project: string, mac: string, value: number, at = Date.now()) =>
  emitTelegram(t, project, mac, value, at);

describe('thresholds', () => {
  it('saves the list, keeps ids, and shows it in the logger', async () => {
    const { owner, viewer, project, gw } = await team(t.app);
    const url = `/api/project/logs/thresholds/${project.id}`;
    expect((await call(t.app, viewer, 'POST', url, { thresholds: [] })).statusCode).toBe(403);
    const saved = await call(t.app, owner, 'POST', url, {
      thresholds: [
        threshold(gw.mac),
        threshold(gw.mac, { dpt: '1.001', type: 'isTrue', value: 3 }),
      ],
    });
    expect(saved.statusCode).toBe(200);
    const [a, b] = saved.json<{ thresholds: { _id: string; value: number | null }[] }>().thresholds;
    expect(b?.value).toBeNull();
    const again = await call(t.app, owner, 'POST', url, {
      thresholds: [{ ...threshold(gw.mac, { value: 27 }), _id: a?._id }],
    });
    expect(again.json<ThresholdsReply>().thresholds).toEqual([
      expect.objectContaining({ _id: a?._id, value: 27 }),
    ]);
    const logger = await call(
      t.app,
      viewer,
      'GET',
      `/api/project/logs/options/${project.id}?projections=thresholds,maxThresholds`,
    );
    expect(logger.json<{ logger: Logger }>().logger).toMatchObject({
      maxThresholds: 10,
      thresholds: [{ _id: a?._id, name: 'Salle trop chaude', gateway: gw.mac, value: 27 }],
    });
  });

  it('answers each bad list with its code', async () => {
    const { owner, project, gw } = await team(t.app);
    const other = await createGateway(t.app, { team_id: owner.team });
    const old = await createGateway(t.app, {
      team_id: owner.team,
      project_id: project.id,
      type: 'poolnx',
      version: '7.3.0',
    });
    const graf = await createGateway(t.app, {
      team_id: owner.team,
      project_id: project.id,
      type: 'grafnx',
    });
    const emergency = await createGateway(t.app, {
      team_id: owner.team,
      project_id: project.id,
      type: 'emergynx',
      version: '0.1.0',
    });
    const url = `/api/project/logs/thresholds/${project.id}`;
    const codeOf = async (thresholds: object[]) => {
      const res = await call(t.app, owner, 'POST', url, { thresholds });
      return [res.statusCode, res.json<{ code: string }>().code];
    };
    expect(await codeOf(Array.from({ length: 11 }, () => threshold(gw.mac)))).toEqual([
      400,
      'thresholdsLimit',
    ]);
    expect(await codeOf([threshold(gw.mac, { dpt: '' })])).toEqual([400, 'addressHasNoDpt']);
    expect(await codeOf([threshold(gw.mac, { dpt: '16.000' })])).toEqual([400, 'invalidDPT']);
    expect(await codeOf([threshold(gw.mac, { value: null })])).toEqual([400, 'invalidForm']);
    expect(await codeOf([threshold(gw.mac, { type: 'isTrue' })])).toEqual([400, 'invalidForm']);
    expect(await codeOf([threshold(gw.mac, { address: '1/9/1' })])).toEqual([
      400,
      'invalidGroupAddress',
    ]);
    expect(await codeOf([threshold(other.mac)])).toEqual([409, 'gatewayNotInProject']);
    expect(await codeOf([threshold(old.mac)])).toEqual([409, 'thresholdsUnsupported']);
    expect(await codeOf([threshold(graf.mac)])).toEqual([409, 'thresholdsUnsupported']);
    expect(await codeOf([threshold(emergency.mac)])).toEqual([200, undefined]);
  });
});

describe('notification settings', () => {
  it('validates with the spec keys and stores the settings', async () => {
    const { owner, viewer, project } = await team(t.app);
    const url = `/api/project/notifications/${project.id}`;
    const post = (body: object, as = owner) => call(t.app, as, 'POST', url, body);
    const code = async (body: object) => (await post(body)).json<{ code: string }>().code;
    const base = notifications('a@example.com');
    expect(await code({ ...base, email: { ...base.email, options: { mails: ['', ''] } } })).toBe(
      'mailBody',
    );
    expect(await code({ ...base, email: { ...base.email, options: { mails: ['nope'] } } })).toBe(
      'mailBody',
    );
    expect(
      await code({ ...base, pushover: { ...base.pushover, options: { user: '', token } } }),
    ).toBe('pushoverFieldEmpty');
    expect((await post(base, viewer)).statusCode).toBe(403);
    const ok = await post(base);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ notification: Notification }>().notification.email.options.mails).toEqual([
      'a@example.com',
    ]);
    const seen = await call(t.app, viewer, 'GET', `/api/project/${project.id}`);
    expect(seen.json<{ project: ProjectItem }>().project.notification.pushover.options).toEqual({
      user: '',
      token: '',
    });
    expect(seen.json<{ project: ProjectItem }>().project.features).toContain('notification');
  });
});

describe('the alert engine and the outbox', () => {
  it('raises once while a value hovers, clears once, and notifies by mail and Pushover', async () => {
    const { owner, project, gw } = await team(t.app);
    const mail = `owner-${gw.mac}@example.com`;
    await arm(t.app, owner, project.id, {
      thresholds: [threshold(gw.mac)],
      notification: notifications(mail),
    });
    const before = push.received.length;
    for (const v of [25, 26.5, 25.9, 26.2, 25.8, 26.4]) telegram(project.id, gw.mac, v);
    await settled(t);
    await t.mailbox.waitFor(mail, 1);
    await push.waitFor(before + 1);
    const list = await call(t.app, owner, 'GET', `/api/alerts/project/${project.id}`);
    expect(list.json()).toMatchObject({
      open: 1,
      alerts: [{ kind: 'threshold', value: 26.5, clearedAt: null, rule: 'Salle trop chaude' }],
    });
    // 25.8 is within the band (26 - 1 % = 25.74): still open; 25.5 clears it.
    telegram(project.id, gw.mac, 25.5);
    await settled(t);
    const raised = await t.mailbox.waitFor(mail, 1);
    expect(raised.body).toContain('Threshold crossed');
    expect(raised.body).toContain('26.5 °C');
    // The link opens the graph of the address on the day of the alert.
    expect(raised.body).toMatch(
      new RegExp(`/projects/${project.id}\\?graph=1%2F1%2F1&(amp;)?at=\\d+`),
    );
    const cleared = await t.mailbox.waitFor(mail, 2);
    expect(cleared.body).toContain('Back to normal');
    await push.waitFor(before + 2);
    expect(t.mailbox.countTo(mail)).toBe(2);
    expect(push.received[before]?.url).toMatch(/\?graph=1%2F1%2F1&at=\d+$/);
    expect(push.received.slice(before).map((p) => p.title)).toEqual([
      `${project.name} — Threshold crossed`,
      `${project.name} — Back to normal`,
    ]);
    const after = await call(t.app, owner, 'GET', `/api/alerts/project/${project.id}`);
    expect(after.json()).toMatchObject({ open: 0, alerts: [{ clearValue: 25.5 }] });
    const open = await call(t.app, owner, 'GET', '/api/alerts/open');
    expect(open.json<OpenReply>().open[project.id]).toBeUndefined();
  });

  it('records muted alerts without sending them', async () => {
    const { owner, viewer, project, gw } = await team(t.app);
    const mail = `muted-${gw.mac}@example.com`;
    await arm(t.app, owner, project.id, {
      thresholds: [threshold(gw.mac)],
      notification: notifications(mail),
    });
    const muteUrl = `/api/alerts/mute/${project.id}`;
    expect((await call(t.app, viewer, 'POST', muteUrl, { minutes: 60 })).statusCode).toBe(403);
    const mute = await call(t.app, owner, 'POST', muteUrl, { gateway: gw.mac, minutes: 240 });
    expect(mute.statusCode).toBe(200);
    telegram(project.id, gw.mac, 30);
    await settled(t);
    const list = await call(t.app, viewer, 'GET', `/api/alerts/project/${project.id}`);
    expect(list.json()).toMatchObject({
      open: 1,
      alerts: [{ muted: true }],
      mutes: [{ gateway: gw.mac }],
    });
    const open = await call(t.app, viewer, 'GET', '/api/alerts/open');
    expect(open.json<OpenReply>().open[project.id]).toBe(1);
    telegram(project.id, gw.mac, 20);
    await settled(t);
    expect(t.mailbox.countTo(mail)).toBe(0);
    const id = mute.json<{ mute: { _id: string } }>().mute._id;
    const del = `/api/alerts/mute/${project.id}/${id}`;
    expect((await call(t.app, owner, 'DELETE', del)).statusCode).toBe(200);
    expect((await call(t.app, owner, 'DELETE', del)).json<{ code: string }>().code).toBe(
      'muteNotFound',
    );
  });

  it('marks Pushover broken on an invalid token, and retries 429 and 500 with back-off', async () => {
    const { owner, project, gw } = await team(t.app);
    await call(t.app, owner, 'POST', `/api/project/logs/thresholds/${project.id}`, {
      thresholds: [threshold(gw.mac)],
    });
    const onlyPush = (tok: string) =>
      notifications('x@example.com', {
        email: { ...notifications('').email, enabled: false, options: { mails: [] } },
        pushover: { ...notifications('').pushover, options: { user, token: tok } },
      });
    await call(
      t.app,
      owner,
      'POST',
      `/api/project/notifications/${project.id}`,
      onlyPush(pushoverKey()),
    );
    telegram(project.id, gw.mac, 30);
    await settled(t);
    const broken = await call(t.app, owner, 'GET', `/api/alerts/project/${project.id}`);
    expect(broken.json<AlertsReply>().problems.pushover).toMatchObject({
      reason: expect.stringContaining('400'),
    });
    const [row] = await t.app.db
      .selectFrom('alert_notifications')
      .selectAll()
      .where('project_id', '=', project.id)
      .execute();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });

    // Saving the keys again clears the mark; 429 then 500 are tried again.
    await call(t.app, owner, 'POST', `/api/project/notifications/${project.id}`, onlyPush(token));
    push.script.push(429, 500);
    const before = push.received.length;
    telegram(project.id, gw.mac, 20);
    telegram(project.id, gw.mac, 31);
    await settled(t);
    await push.waitFor(before + 1, 30_000);
    const fixed = await call(t.app, owner, 'GET', `/api/alerts/project/${project.id}`);
    expect(fixed.json<AlertsReply>().problems.pushover).toBeNull();
    // The stand-in counts the push before it answers; the outbox writes `sent` once answered.
    const attempts = async () =>
      (
        await t.app.db
          .selectFrom('alert_delivery_attempts as a')
          .innerJoin('alert_notifications as n', 'n.id', 'a.notification_id')
          .select(['a.outcome', 'a.http_status'])
          .where('n.project_id', '=', project.id)
          .orderBy('a.at')
          .execute()
      ).map((a) => [a.outcome, a.http_status]);
    await expect.poll(attempts, { timeout: 5_000 }).toEqual([
      ['failed', 400],
      ['dropped', null],
      ['retry', 429],
      ['retry', 500],
      ['sent', null],
    ]);
  }, 40_000);

  it('raises an offline alert only after the delay, and settings validate', async () => {
    const { owner, project, gw } = await team(t.app);
    const url = `/api/alerts/settings/${project.id}`;
    const bad = await call(t.app, owner, 'POST', url, {
      offlineDelaySeconds: 1,
      stale: [],
      busload: { enabled: false, percent: 60, minutes: 5 },
    });
    expect(bad.json<{ code: string }>().code).toBe('invalidForm');
    const ok = await call(t.app, owner, 'POST', url, {
      offlineDelaySeconds: 5,
      stale: [{ gateway: gw.mac, address: '1/1/2', minutes: 1 }],
      busload: { enabled: true, percent: 60, minutes: 1 },
    });
    expect(ok.statusCode).toBe(200);
    const state = (online: boolean) =>
      t.modules.hub.events.emit('state', {
        project: project.id,
        mac: gw.mac,
        online,
        lastOnline: null,
        lastConnection: null,
      });
    state(false);
    await new Promise((r) => setTimeout(r, 2_000));
    state(true); // a 2-second reconnect is no outage
    state(false);
    await new Promise((r) => setTimeout(r, 5_500));
    await settled(t);
    const list = await call(t.app, owner, 'GET', `/api/alerts/project/${project.id}?kind=status`);
    expect(list.json<AlertsReply>().alerts).toHaveLength(1);
    state(true);
    await settled(t);
    const after = await call(t.app, owner, 'GET', `/api/alerts/project/${project.id}?kind=status`);
    expect(after.json<AlertsReply>().alerts[0]?.clearedAt).not.toBeNull();
  }, 20_000);
});

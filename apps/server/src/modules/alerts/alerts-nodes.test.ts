import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, createProject } from '../../../test/fixtures';
import { PushoverStandIn, pushoverKey } from '../../../test/pushover-stand-in';
import { createUser, startTestServer, type TestServer } from '../../../test/test-server';
import { arm, emitTelegram, hotThreshold, notificationsBody, settled } from './alerts.testing';

const token = pushoverKey();
const user = pushoverKey();
let push: PushoverStandIn;
let pushUrl: string;

beforeAll(async () => {
  push = new PushoverStandIn();
  push.tokens.add(token);
  push.users.add(user);
  pushUrl = await push.start();
});
afterAll(() => push.stop());

const env = () => ({
  PUSHOVER_URL: pushUrl,
  ALERT_OUTBOX_POLL_MS: '100',
  ALERT_RETRY_BASE_MS: '1000',
});

/** A project with one gateway, a threshold `> 26` on 1/1/1 and Pushover on. */
async function arrange(t: TestServer) {
  const owner = await createUser(t.app, 'user');
  const project = await createProject(t.app, owner.team);
  const gw = await createGateway(t.app, { team_id: owner.team, project_id: project.id });
  await arm(t.app, owner, project.id, {
    thresholds: [hotThreshold(gw.mac)],
    notification: notificationsBody({ pushover: { user, token } }),
    settings: {
      offlineDelaySeconds: 5,
      stale: [],
      busload: { enabled: false, percent: 60, minutes: 5 },
    },
  });
  return { project, gw };
}

const telegram = (t: TestServer, project: string, mac: string, value: number) =>
  emitTelegram(t, project, mac, value);

const pushesFor = (projectName: string) =>
  push.received.filter((p) => p.title.startsWith(projectName));

describe('two nodes on one database', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer(env());
    b = await startTestServer(env(), a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('raise each alert once, whichever node hears the value or the outage', async () => {
    const { project, gw } = await arrange(a);
    await b.modules.alerts.engine.reload();
    telegram(a, project.id, gw.mac, 30);
    telegram(b, project.id, gw.mac, 30);
    // Both nodes hear the outage (presence from an external broker's retained state).
    for (const n of [a, b])
      n.modules.hub.events.emit('state', {
        project: project.id,
        mac: gw.mac,
        online: false,
        lastOnline: null,
        lastConnection: null,
      });
    await new Promise((r) => setTimeout(r, 6_000));
    await settled(a, b);
    await new Promise((r) => setTimeout(r, 500));
    await settled(a, b);
    const rows = await a.app.db
      .selectFrom('alerts')
      .select(['kind'])
      .where('project_id', '=', project.id)
      .orderBy('kind')
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(['status', 'threshold']);
    const sent = await a.app.db
      .selectFrom('alert_notifications')
      .select(['status'])
      .where('project_id', '=', project.id)
      .execute();
    expect(sent.map((s) => s.status)).toEqual(['sent', 'sent']);
    expect(pushesFor(project.name)).toHaveLength(2);
  }, 20_000);
});

describe('a restart', () => {
  it('keeps open alerts and sends what was queued, once', async () => {
    const first = await startTestServer(env());
    const { project, gw } = await arrange(first);
    push.script.push(500); // the first try fails: the push waits in the outbox
    telegram(first, project.id, gw.mac, 30);
    await settled(first);
    const [queued] = await first.app.db
      .selectFrom('alert_notifications')
      .select(['status', 'attempts'])
      .where('project_id', '=', project.id)
      .execute();
    expect(queued).toMatchObject({ status: 'pending', attempts: 1 });
    // Stopped without closing its database: a node that dies.
    await first.modules.alerts.stop();
    const second = await startTestServer(env(), first);
    try {
      const until = Date.now() + 10_000;
      while (pushesFor(project.name).length < 1 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 100));
      expect(pushesFor(project.name)).toHaveLength(1);
      // The open alert was loaded: a value back below the band clears it.
      telegram(second, project.id, gw.mac, 20);
      await settled(second);
      const until2 = Date.now() + 5_000;
      while (pushesFor(project.name).length < 2 && Date.now() < until2)
        await new Promise((r) => setTimeout(r, 100));
      expect(pushesFor(project.name).map((p) => p.title)).toEqual([
        `${project.name} — Seuil franchi`,
        `${project.name} — Retour à la normale`,
      ]);
    } finally {
      await second.close();
      await first.close();
    }
  }, 30_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import {
  DASHBOARD_SOCKET_EVENTS,
  DASHBOARD_TOKEN_HEADER,
  type BossDataReply,
  type ChartDashboard,
  type DashboardDataReply,
  type DashboardListReply,
  type DashboardValuesEvent,
  type TokenReply,
} from '@atrium/contracts/dashboards';
import { createGateway, createProject } from '../../../test/fixtures';
import {
  connectAs,
  gatewayWithSecret,
  publishTelegrams,
  startListeningHub,
} from '../../../test/hub-helpers';
import { bearer, createUser, type TestServer, type TestUser } from '../../../test/test-server';
import { parisDayStart } from '../../lib/paris-time';
import { call } from '../monitoring/monitoring.testing';
import { dashboardTeam, fourWidgets, widget } from './dashboards.testing';

const HOUR = 3_600_000;
let t: TestServer;
let baseUrl: string;
let broker: string;
let team: Awaited<ReturnType<typeof dashboardTeam>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  const hub = await startListeningHub(() => ({ PARTNER_DOMAINS: 'Partner.example' }));
  t = hub.t;
  baseUrl = hub.baseUrl;
  broker = hub.broker;
  team = await dashboardTeam(t.app);
  // 1/1/1: a point an hour over the last 3 days (value = hours ago); 1/1/3 on since 2 h.
  const now = Date.now();
  const points = Array.from({ length: 72 }, (_, i) => ({
    seriesId: team.series.temp,
    t: now - (72 - i) * HOUR,
    v: 72 - i,
  }));
  await t.modules.timeseries.store.writeBatch([
    ...points,
    { seriesId: team.series.boiler, t: now - 2 * HOUR, v: 1 },
  ]);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t.close();
});

const dash = (p = team.project.id) => `/api/chartnx/dashboard/${p}`;
const create = (user: TestUser, body: object, p = team.project.id) =>
  call(t.app, user, 'POST', dash(p), body);
const shared = (token: string, url = '/api/shared/dashboard') =>
  t.app.inject({ method: 'GET', url, headers: { [DASHBOARD_TOKEN_HEADER]: token } });

describe('chart dashboards: the catalogue calls', () => {
  it('creates, lists, reads the form of, updates and deletes a dashboard', async () => {
    const res = await create(team.owner, fourWidgets(team, 'Salon'));
    expect(res.statusCode, res.body).toBe(201);
    const { dashboard } = res.json<{ dashboard: ChartDashboard }>();
    expect(dashboard.form.widgets.map((w) => w.kind)).toEqual(['line', 'value', 'gauge', 'state']);
    const list = (await call(t.app, team.viewer, 'GET', dash())).json<DashboardListReply>();
    expect(list.dashboards.map((d) => d.name)).toContain('Salon');
    expect(list).toMatchObject({ limit: 2, canCreate: false }); // a viewer creates nothing
    const form = await call(
      t.app,
      team.viewer,
      'GET',
      `/api/chartnx/form/${team.project.id}/${dashboard._id}`,
    );
    expect(form.json()).toMatchObject({ _id: dashboard._id, name: 'Salon' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `${dash()}/${dashboard._id}`,
      headers: bearer(team.owner.token),
      payload: { ...fourWidgets(team), name: 'Salon 2' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ dashboard: ChartDashboard }>().dashboard.name).toBe('Salon 2');
    const del = await call(t.app, team.owner, 'DELETE', `${dash()}/${dashboard._id}`);
    expect(del.json()).toEqual({ _id: dashboard._id, deleted: true });
    const again = await call(t.app, team.owner, 'DELETE', `${dash()}/${dashboard._id}`);
    expect([again.statusCode, again.json<{ code: string }>().code]).toEqual([
      404,
      'dashboardNotFound',
    ]);
  });

  it('refuses a dashboard over the chartnx licence count, but not to admins and partners', async () => {
    const own = await dashboardTeam(t.app, { chartnx: 1, bossnx: 0 });
    expect((await create(own.owner, fourWidgets(own, 'A'), own.project.id)).statusCode).toBe(201);
    const over = await create(own.owner, fourWidgets(own, 'B'), own.project.id);
    expect([over.statusCode, over.json<{ code: string }>().code]).toEqual([409, 'chartnxLimit']);
    const admin = await createUser(t.app, 'admin');
    expect((await create(admin, fourWidgets(own, 'C'), own.project.id)).statusCode).toBe(201);
    const partner = await createUser(
      t.app,
      'user',
      own.owner.team,
      `p${Date.now()}@partner.example`,
    );
    expect((await create(partner, fourWidgets(own, 'D'), own.project.id)).statusCode).toBe(201);
    const list = (
      await call(t.app, partner, 'GET', dash(own.project.id))
    ).json<DashboardListReply>();
    expect(list).toMatchObject({ limit: null, canCreate: true });
    expect(list.dashboards).toHaveLength(3);
  });

  it('hides another team’s project and keeps viewers read-only', async () => {
    const stranger = await createUser(t.app, 'manager');
    const res = await create(stranger, fourWidgets(team), team.project.id);
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([404, 'notFound']);
    expect((await call(t.app, stranger, 'GET', dash())).statusCode).toBe(404);
    expect((await create(team.viewer, fourWidgets(team))).statusCode).toBe(403);
  });

  it('answers bad bodies with a 400 of the catalogue', async () => {
    const codeOf = async (body: object) => {
      const r = await create(team.owner, body);
      return `${r.statusCode} ${r.json<{ code: string }>().code}`;
    };
    const form = (widgets: object[]) => ({
      name: 'Bad',
      form: { range: { kind: '24h' }, widgets },
    });
    expect(await codeOf(form([{ ...widget(team, 'a', 'value', 0), kind: 'pie' }]))).toBe(
      '400 validation',
    );
    expect(await codeOf(form([widget(team, 'a', 'value', 0), widget(team, 'b', 'value', 2)]))).toBe(
      '400 widgetLayout',
    );
    expect(await codeOf(form([widget(team, 'a', 'value', 0), widget(team, 'a', 'value', 3)]))).toBe(
      '400 widgetId',
    );
    expect(await codeOf(form([widget(team, 'a', 'value', 10)]))).toBe('400 widgetLayout');
    expect(await codeOf(form([widget(team, 'a', 'gauge', 0, { min: 5, max: 5 })]))).toBe(
      '400 minThresholdLowerThanMax',
    );
    expect(await codeOf({ ...form([]), name: ' ' })).toBe('400 invalidName');
    expect(await codeOf(form([widget(team, 'a', 'value', 0, {}, '1/1/2')]))).toBe(
      '400 seriesNotInProject',
    );
    // A gateway of another project, even of the same team: not this project's series.
    const other = await createProject(t.app, team.owner.team);
    const gw = await createGateway(t.app, { team_id: team.owner.team, project_id: other.id });
    expect(await codeOf(form([widget({ gw1: gw }, 'a', 'value', 0)]))).toBe(
      '400 seriesNotInProject',
    );
    expect(
      await codeOf({
        name: 'X',
        form: { range: { kind: 'custom', start: 5, stop: 1 }, widgets: [] },
      }),
    ).toBe('400 invalidRange');
    expect(
      await codeOf({ name: 'X', form: { range: { kind: '24h' }, widgets: [] }, extra: 1 }),
    ).toBe('400 validation');
  });
});

describe('the generator’s matrix: callers × series', () => {
  it('never saves a widget on a series the caller cannot read', async () => {
    const own = await dashboardTeam(t.app, { chartnx: 100, bossnx: 0 });
    const sister = await createProject(t.app, own.owner.team);
    const sisterGw = await createGateway(t.app, { team_id: own.owner.team, project_id: sister.id });
    const foreign = await dashboardTeam(t.app);
    const callers: Record<string, { user: TestUser; owns: boolean; reads: boolean }> = {
      owner: { user: own.owner, owns: true, reads: true },
      manager: {
        user: await createUser(t.app, 'manager', own.owner.team),
        owns: true,
        reads: true,
      },
      admin: { user: await createUser(t.app, 'admin'), owns: true, reads: true },
      teamViewer: { user: own.viewer, owns: false, reads: true },
      projectViewer: { user: foreign.owner, owns: false, reads: true },
      stranger: { user: await createUser(t.app, 'manager'), owns: false, reads: false },
      partnerElsewhere: {
        user: await createUser(t.app, 'user', undefined, `x${Date.now()}@partner.example`),
        owns: false,
        reads: false,
      },
    };
    await t.modules.projects.repo.addViewer(own.project.id, foreign.owner.id);
    const series: Record<string, { mac: string; address: string; readable: boolean }> = {
      recorded: { mac: own.gw1.mac, address: '1/1/1', readable: true },
      recordedBool: { mac: own.gw1.mac, address: '1/1/3', readable: true },
      notMonitored: { mac: own.gw1.mac, address: '1/1/2', readable: false },
      otherGatewayOfProject: { mac: own.gw2.mac, address: '1/1/1', readable: false },
      sisterProject: { mac: sisterGw.mac, address: '1/1/1', readable: false },
      otherTeam: { mac: foreign.gw1.mac, address: '1/1/1', readable: false },
    };
    const failures: string[] = [];
    for (const [who, c] of Object.entries(callers)) {
      for (const [what, s] of Object.entries(series)) {
        const body = {
          name: `${who} ${what}`,
          form: {
            range: { kind: '24h' },
            widgets: [widget({ gw1: { mac: s.mac } }, 'w', 'value', 0, {}, s.address)],
          },
        };
        for (const url of [dash(own.project.id), `/api/chartnx/data/${own.project.id}`]) {
          const res = await call(
            t.app,
            c.user,
            'POST',
            url,
            url.includes('/data/') ? { form: body.form } : body,
          );
          const expected = !c.reads
            ? 404
            : url.includes('/data/') || c.owns
              ? s.readable
                ? [200, 201]
                : 400
              : 403;
          const ok = Array.isArray(expected)
            ? expected.includes(res.statusCode)
            : res.statusCode === expected;
          if (!ok)
            failures.push(`${who} × ${what} ${url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
          if (res.statusCode === 400 && res.json<{ code: string }>().code !== 'seriesNotInProject')
            failures.push(`${who} × ${what}: ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    const saved = await t.app.db
      .selectFrom('chart_dashboards')
      .select('form')
      .where('project_id', '=', own.project.id)
      .execute();
    const macs = saved.flatMap((r) =>
      [...r.form.matchAll(/"mac":"([0-9a-f]{12})"/g)].map((m) => m[1]),
    );
    expect(new Set(macs)).toEqual(new Set([own.gw1.mac]));
    expect(saved).toHaveLength(3 * 2); // owner, manager, admin × the two recorded series
  });
});

describe('dashboard data', () => {
  it('reads every widget from the rollups: points, totals, stats and last values', async () => {
    const body = {
      name: 'Data',
      form: {
        range: { kind: '7d' },
        widgets: [
          widget(team, 'l', 'line', 0, { precision: '1h' }),
          widget(team, 'b', 'bar', 3, { period: 'day', total: 'sum' }),
          widget(team, 't', 'table', 6),
          widget(team, 's', 'state', 9, {}, '1/1/3'),
        ],
      },
    };
    const owner = await createUser(t.app, 'admin');
    const { dashboard } = (await create(owner, body)).json<{ dashboard: ChartDashboard }>();
    const res = await call(
      t.app,
      team.viewer,
      'GET',
      `/api/chartnx/data/${team.project.id}/${dashboard._id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<DashboardDataReply>();
    const [line, bar, table, state] = data.widgets;
    expect(line?.precision).toBe('1h');
    expect(line?.series[0]?.points.length).toBeGreaterThanOrEqual(71);
    expect(line?.series[0]).toMatchObject({ unit: '°C', name: 'Living room' });
    expect(line?.series[0]?.last?.v).toBe(1);
    // Sum of the values 1..72, per Paris day.
    const sum = bar?.series[0]?.points.reduce((a, p) => a + p.y, 0);
    expect(sum).toBe((72 * 73) / 2);
    expect(bar?.series[0]?.points.every((p) => p.x === parisDayStart(p.x))).toBe(true);
    expect(table?.series[0]?.stats).toMatchObject({ min: 1, max: 72 });
    expect(state?.series[0]).toMatchObject({ isBool: true, last: { v: 1 } });
    const series = await call(t.app, team.viewer, 'GET', `/api/chartnx/series/${team.project.id}`);
    expect(series.json<{ series: { key: string }[] }>().series.map((s) => s.key)).toEqual([
      `${team.gw1.mac}|1/1/3`, // Boiler on
      `${team.gw1.mac}|1/1/1`, // Living room
    ]);
  });
});

describe('share links', () => {
  let dashboardId: string;
  let link: TokenReply;
  beforeAll(async () => {
    const admin = await createUser(t.app, 'admin');
    const res = await create(admin, fourWidgets(team, 'Shared'));
    dashboardId = res.json<{ dashboard: ChartDashboard }>().dashboard._id;
    const tok = await call(t.app, team.owner, 'POST', '/api/chartnx/token', {
      type: 'chartnx',
      project: team.project.id,
      bucket: '7d',
      dashboardID: dashboardId,
    });
    expect(tok.statusCode, tok.body).toBe(201);
    link = tok.json<TokenReply>();
  });

  it('opens its dashboard and its data without a session, and nothing else', async () => {
    expect(link.url).toBe(`/shared/dashboard?token=${link.token}`);
    expect(link.share.expiresAt).toBeGreaterThan(Date.now() + 6 * 24 * HOUR);
    const res = await shared(link.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'chartnx',
      dashboard: { _id: dashboardId, name: 'Shared' },
    });
    const data = await shared(link.token, '/api/shared/dashboard/data');
    expect(data.json<DashboardDataReply>().widgets).toHaveLength(4);
    // The token is no session: refused as a bearer anywhere else.
    for (const url of [
      dash(),
      `/api/project/${team.project.id}`,
      `/api/chartnx/series/${team.project.id}`,
    ]) {
      const r = await t.app.inject({ url, headers: bearer(link.token) });
      expect(r.statusCode, url).toBe(401);
    }
    const other = await shared(link.token, `/api/shared/dashboard?dashboardID=x${dashboardId}`);
    expect([other.statusCode, other.json<{ code: string }>().code]).toEqual([
      403,
      'dashboardTokenInvalid',
    ]);
    const none = await shared(`atd_${'A'.repeat(43)}`);
    expect([none.statusCode, none.json<{ code: string }>().code]).toEqual([
      403,
      'dashboardTokenInvalid',
    ]);
    const missing = await t.app.inject({ url: '/api/shared/dashboard' });
    expect(missing.statusCode).toBe(403);
  });

  it('is refused once expired (403 dashboardTokenExpired)', async () => {
    const tok = await call(t.app, team.owner, 'POST', '/api/chartnx/token', {
      type: 'chartnx',
      project: team.project.id,
      bucket: '1d',
      dashboardID: dashboardId,
    });
    const { token, share } = tok.json<TokenReply>();
    expect((await shared(token)).statusCode).toBe(200);
    await t.app.db
      .updateTable('dashboard_shares')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', share._id)
      .execute();
    const res = await shared(token);
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([
      403,
      'dashboardTokenExpired',
    ]);
  });

  it('lets no other team make or revoke a link, and viewers neither', async () => {
    const stranger = await createUser(t.app, 'manager');
    const body = { type: 'chartnx', project: team.project.id, dashboardID: dashboardId };
    expect((await call(t.app, stranger, 'POST', '/api/chartnx/token', body)).statusCode).toBe(404);
    expect((await call(t.app, team.viewer, 'POST', '/api/chartnx/token', body)).statusCode).toBe(
      403,
    );
    expect(
      (await call(t.app, stranger, 'DELETE', `/api/chartnx/token/${link.share._id}`)).statusCode,
    ).toBe(404);
    const wrong = { ...body, dashboardID: 'nope' };
    expect((await call(t.app, team.owner, 'POST', '/api/chartnx/token', wrong)).statusCode).toBe(
      404,
    );
  });

  it('sends live values of its own series to its room, then the revocation, then refuses it', async () => {
    const socket = io(baseUrl, {
      path: '/socket.io',
      auth: { dashboardToken: link.token },
      transports: ['websocket'],
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const heard = new Promise<DashboardValuesEvent>((resolve) =>
      socket.once(DASHBOARD_SOCKET_EVENTS.values, resolve),
    );
    // A project room is not for it.
    const join = await new Promise((resolve) =>
      socket.emit('join', { project: team.project.id }, resolve),
    );
    expect(join).toEqual({ ok: false, code: 'forbidden' });
    t.modules.hub.events.emit('telegrams', {
      project: team.project.id,
      mac: team.gw1.mac,
      items: [
        { ga: '1/1/2', dpt: '9.001', value: 99, t: Date.now() },
        { ga: '1/1/1', dpt: '9.001', value: 21.5, t: Date.now() },
        { ga: '1/1/3', dpt: '1.001', value: false, t: Date.now() },
      ],
    });
    const values = await heard;
    expect(values.items.map((i) => [i.address, i.v])).toEqual([
      ['1/1/1', 21.5],
      ['1/1/3', 0],
    ]);
    const revoked = new Promise<unknown>((resolve) =>
      socket.once(DASHBOARD_SOCKET_EVENTS.revoked, resolve),
    );
    const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const del = await call(t.app, team.owner, 'DELETE', `/api/chartnx/token/${link.share._id}`);
    expect(del.json()).toEqual({ _id: link.share._id, revoked: true });
    expect(await revoked).toEqual({ code: 'dashboardTokenRevoked' });
    await gone;
    const res = await shared(link.token);
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([
      403,
      'dashboardTokenRevoked',
    ]);
    const again = io(baseUrl, {
      path: '/socket.io',
      auth: { dashboardToken: link.token },
      transports: ['websocket'],
    });
    sockets.push(again);
    const refused = await new Promise<string>((resolve) =>
      again.once('connect_error', (e) => resolve(e.message)),
    );
    expect(refused).toBe('dashboardTokenRevoked');
  });
});

describe('a gateway’s telegrams reach a shared dashboard', () => {
  it('relays what a connected gateway publishes, through the hub, to the link’s viewers', async () => {
    const gw = await gatewayWithSecret(t.app, {
      team_id: team.owner.team,
      project_id: team.project.id,
    });
    expect((await team.set(gw.mac, [{ address: '1/1/2' }])).statusCode).toBe(200);
    const admin = await createUser(t.app, 'admin');
    const made = await create(admin, {
      name: 'Kitchen',
      form: {
        range: { kind: '24h' },
        widgets: [widget({ gw1: gw }, 'k', 'value', 0, {}, '1/1/2')],
      },
    });
    const dashboardID = made.json<{ dashboard: ChartDashboard }>().dashboard._id;
    const tok = await call(t.app, team.owner, 'POST', '/api/chartnx/token', {
      type: 'chartnx',
      project: team.project.id,
      dashboardID,
    });
    const socket = io(baseUrl, {
      path: '/socket.io',
      auth: { dashboardToken: tok.json<TokenReply>().token },
      transports: ['websocket'],
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const heard = new Promise<DashboardValuesEvent>((resolve) =>
      socket.once(DASHBOARD_SOCKET_EVENTS.values, resolve),
    );
    const client = await connectAs(broker, gw.mac, gw.secret);
    try {
      const at = Date.now() - 100;
      await publishTelegrams(client, gw.mac, [{ ga: '1/1/2', dpt: '9.001', value: 19.25, t: at }]);
      expect((await heard).items).toEqual([{ mac: gw.mac, address: '1/1/2', t: at, v: 19.25 }]);
      // Recorded too: the page's next read shows it as the last value.
      const data = await shared(tok.json<TokenReply>().token, '/api/shared/dashboard/data');
      expect(data.json<DashboardDataReply>().widgets[0]?.series[0]?.last).toEqual({
        t: at,
        v: 19.25,
      });
    } finally {
      await client.endAsync();
    }
  });
});

describe('boss dashboard', () => {
  it('needs the bossnx licence, answers 404 until created, then its summary', async () => {
    const unlicensed = await dashboardTeam(t.app, { chartnx: 0, bossnx: 0 });
    const boss = (p: string) => `/api/bossnx/projects/${p}`;
    const refused = await call(t.app, unlicensed.owner, 'GET', boss(unlicensed.project.id));
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([
      403,
      'bossnxNotLicensed',
    ]);
    const admin = await createUser(t.app, 'admin');
    expect((await call(t.app, admin, 'GET', boss(unlicensed.project.id))).statusCode).toBe(404);

    const p = team.project.id;
    const none = await call(t.app, team.owner, 'GET', boss(p));
    expect([none.statusCode, none.json<{ code: string }>().code]).toEqual([
      404,
      'dashboardNotFound',
    ]);
    const made = await call(t.app, team.owner, 'POST', boss(p), { projectName: 'Villa' });
    expect(made.statusCode, made.body).toBe(201);
    expect(
      (await call(t.app, team.owner, 'POST', boss(p), { projectName: 'Villa' })).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, team.viewer, 'POST', boss(p), { projectName: 'Villa' })).statusCode,
    ).toBe(403);
    const put = await t.app.inject({
      method: 'PUT',
      url: boss(p),
      headers: bearer(team.owner.token),
      payload: {
        keyValues: [{ source: 'knx', mac: team.gw1.mac, address: '1/1/1' }],
        energy: [{ source: 'knx', mac: team.gw1.mac, address: '1/1/1' }],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const bad = await t.app.inject({
      method: 'PUT',
      url: boss(p),
      headers: bearer(team.owner.token),
      payload: { keyValues: [{ source: 'modbus', mac: team.gw1.mac, valueId: 'x' }], energy: [] },
    });
    expect(bad.json<{ code: string }>().code).toBe('seriesNotInProject');
    const data = await call(t.app, team.viewer, 'GET', `/api/bossnx/data/${p}`);
    expect(data.statusCode, data.body).toBe(200);
    const summary = data.json<BossDataReply>();
    const gateways = await t.modules.gateways.repo.listByProject(p);
    expect(summary.gateways.total).toBe(gateways.length);
    expect(summary.gateways.online).toBe(gateways.filter((g) => g.online === 1).length);
    expect(summary.keyValues[0]).toMatchObject({ name: 'Living room', last: { v: 1 } });
    expect(summary.energy.unit).toBe('°C');
    expect(typeof summary.energy.month).toBe('number');

    const { dashboard } = made.json<{ dashboard: { _id: string } }>();
    const tok = await call(t.app, team.owner, 'POST', '/api/chartnx/token', {
      type: 'bossnx',
      project: p,
      dashboardID: dashboard._id,
    });
    expect(tok.statusCode, tok.body).toBe(201);
    const viaLink = await shared(tok.json<TokenReply>().token, '/api/shared/dashboard/data');
    expect(viaLink.json<BossDataReply>().gateways.total).toBe(gateways.length);
  });
});

describe('grafnx export and import', () => {
  it('moves a dashboard to another project, its gateway mapped, within that project’s licences', async () => {
    const admin = await createUser(t.app, 'admin');
    const { dashboard } = (await create(admin, fourWidgets(team, 'Moving'))).json<{
      dashboard: ChartDashboard;
    }>();
    const exp = await call(
      t.app,
      team.viewer,
      'GET',
      `/api/grafnx/export/${team.project.id}/${dashboard._id}`,
    );
    expect(exp.json()).toMatchObject({ format: 'atrium.dashboard', version: 1, name: 'Moving' });
    const target = await dashboardTeam(t.app, { chartnx: 1, bossnx: 0 });
    const url = `/api/grafnx/import/${target.project.id}`;
    const res = await call(t.app, target.owner, 'POST', url, {
      dashboard: exp.json(),
      gateways: { [team.gw1.mac]: target.gw1.mac },
    });
    expect(res.statusCode, res.body).toBe(201);
    const moved = res.json<{ dashboard: ChartDashboard }>().dashboard;
    expect(moved.form.widgets.every((w) => w.series.every((s) => s.mac === target.gw1.mac))).toBe(
      true,
    );
    const twice = await call(t.app, target.owner, 'POST', url, {
      dashboard: exp.json(),
      gateways: { [team.gw1.mac]: target.gw1.mac },
    });
    expect(twice.json<{ code: string }>().code).toBe('chartnxLimit');
  });
});

// Last: it spends this source address's allowance of shared reads for the minute.
describe('shared reads', () => {
  it('limits the shared reads per source address (429 rateLimited)', async () => {
    let calls = 0;
    let res = await shared('atd_unknown');
    while (res.statusCode !== 429 && calls < 700) {
      calls++;
      res = await shared('atd_unknown');
    }
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([429, 'rateLimited']);
    expect(calls).toBeGreaterThan(550);
  });
});

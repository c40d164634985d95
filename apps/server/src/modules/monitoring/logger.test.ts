import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '@atrium/contracts/plans';
import { DEFAULT_LOGGER } from '@atrium/contracts/project';
import { ETS_XML } from '../../../test/monitoring-fixtures';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { EtsRepository } from './ets.repository';
import { EtsService } from './ets.service';
import { MonitoredRepository } from './monitored.repository';
import { MonitoredService, type MonitorTarget } from './monitored.service';
import { voltageSeriesKey } from './monitoring-series';
import { call, monitoringTeam, upload } from './monitoring.testing';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('pause and restart recording', () => {
  it('toggles logger.pause, stops the voltage series and the gateway lists, keeps data', async () => {
    const team = await monitoringTeam(t.app);
    const { project, gw1 } = team;
    await upload(t.app, team.owner, `/api/project/ets/update/${project.id}`, 'a.xml', ETS_XML);
    await call(t.app, team.owner, 'POST', `/api/gateway/monitored/${gw1.mac}`, {
      monitor: [{ address: '1/1/1' }],
    });
    const m = t.modules.monitoring;
    expect(await m.monitorListFor(gw1.mac)).toEqual([{ ga: '1/1/1', dpt: '9.001' }]);
    expect(await m.recordVoltage(project.id, gw1.mac, 1_000, 29)).toBe(true);

    const url = `/api/project/logs/pause/${project.id}`;
    expect((await call(t.app, team.viewer, 'POST', url, { pause: true })).statusCode).toBe(403);
    const paused = await call(t.app, team.owner, 'POST', url, { pause: true });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ logger: { pause: true, status: 'active' } });
    expect(await m.monitorListFor(gw1.mac)).toEqual([]);
    // As the hub asks on an arrival: with the project it just read.
    expect(await m.monitorListFor(gw1.mac, project.id)).toEqual([]);
    expect(await m.recordVoltage(project.id, gw1.mac, 2_000, 29)).toBe(false);

    const restarted = await call(t.app, team.owner, 'POST', url, { pause: false });
    expect(restarted.json()).toMatchObject({ logger: { pause: false } });
    expect(await m.monitorListFor(gw1.mac)).toEqual([{ ga: '1/1/1', dpt: '9.001' }]);
    expect(await m.monitorListFor(gw1.mac, project.id)).toEqual([{ ga: '1/1/1', dpt: '9.001' }]);
    expect(await m.monitorListFor(gw1.mac, null)).toEqual([]);
    expect(await m.recordVoltage(project.id, gw1.mac, 3_000, 30)).toBe(true);
    await t.modules.timeseries.writer.flush();

    const id = await t.modules.timeseries.store.findSeries(voltageSeriesKey(project.id, gw1.mac));
    const rows = await t.app.db
      .selectFrom('ts_raw')
      .select(['t', 'v'])
      .where('series', '=', id ?? -1)
      .orderBy('t')
      .execute();
    expect(rows).toEqual([
      { t: 1_000, v: 29 },
      { t: 3_000, v: 30 },
    ]);
    expect((await call(t.app, team.owner, 'POST', url, { pause: 'yes' })).statusCode).toBe(400);
  });

  it('refuses invalid voltage points and records nothing for an unknown project', async () => {
    const m = t.modules.monitoring;
    await expect(m.recordVoltage('no-such-project', 'aabbccddeeff', 1, 29)).resolves.toBe(false);
    const team = await monitoringTeam(t.app);
    await expect(m.recordVoltage(team.project.id, team.gw1.mac, 1, Number.NaN)).rejects.toThrow();
  });
});

describe('logger options', () => {
  it('answers the keys asked in projections, every key by default, 400 for unknown ones', async () => {
    const team = await monitoringTeam(t.app);
    const url = `/api/project/logs/options/${team.project.id}`;
    const some = await call(t.app, team.viewer, 'GET', `${url}?projections=pause,address,voltage`);
    expect(some.json()).toEqual({
      logger: { pause: false, address: 50, voltage: DEFAULT_LOGGER.voltage },
    });
    const all = await call(t.app, team.viewer, 'GET', url);
    expect(all.json()).toEqual({ logger: DEFAULT_LOGGER });
    const bad = await call(t.app, team.viewer, 'GET', `${url}?projections=pause,password`);
    expect(bad.statusCode).toBe(400);
  });

  it('starts a project on the free plan: its address maximum and retention', () => {
    expect(DEFAULT_LOGGER.address).toBe(PLANS.free.addresses);
    expect(DEFAULT_LOGGER.vpn).toBe(PLANS.free.vpnHours);
    expect(DEFAULT_LOGGER.retention).toBe('monthly');
  });
});

describe('voltage monitoring options', () => {
  const cases: [object, number, string | null][] = [
    [{ activate: true, minimum: 22, maximum: 30 }, 200, null],
    [{ activate: true, minimum: 22 }, 200, null],
    [{ activate: true, maximum: 50 }, 200, null],
    [{ activate: false }, 200, null],
    [{ activate: false, minimum: 40, maximum: 10 }, 200, null],
    [{ activate: true }, 400, 'fillAtLeastOneField'],
    [{ activate: true, minimum: null, maximum: null }, 400, 'fillAtLeastOneField'],
    [{ activate: true, minimum: 30, maximum: 30 }, 400, 'minThresholdLowerThanMax'],
    [{ activate: true, minimum: 31, maximum: 30 }, 400, 'minThresholdLowerThanMax'],
    [{ activate: true, minimum: -1 }, 400, 'validation'],
    [{ activate: true, maximum: 50.5 }, 400, 'validation'],
    [{ activate: 'yes', minimum: 1 }, 400, 'validation'],
  ];
  it.each(cases)('%j → %i %s', async (body, status, code) => {
    const team = await monitoringTeam(t.app);
    const res = await call(
      t.app,
      team.owner,
      'POST',
      `/api/project/voltage/options/${team.project.id}`,
      body,
    );
    expect(res.statusCode).toBe(status);
    const project = await t.modules.projects.repo.findById(team.project.id);
    if (code) {
      expect(res.json()).toMatchObject({ code });
      expect(project?.voltage_activate).toBe(0);
    } else {
      expect(res.json()).toMatchObject({ voltage: { activate: Reflect.get(body, 'activate') } });
      expect(project?.voltage_activate).toBe(Reflect.get(body, 'activate') ? 1 : 0);
    }
  });

  it('is closed to viewers', async () => {
    const team = await monitoringTeam(t.app);
    const res = await call(
      t.app,
      team.viewer,
      'POST',
      `/api/project/voltage/options/${team.project.id}`,
      {
        activate: false,
      },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('telling gateways what to record', () => {
  it('sends the monitor command after a change, a reset, a pause and a restart', async () => {
    const team = await monitoringTeam(t.app);
    await upload(t.app, team.owner, `/api/project/ets/update/${team.project.id}`, 'a.xml', ETS_XML);
    const sent: [string, MonitorTarget[]][] = [];
    const gatewaysRepo = t.modules.gateways.repo;
    const projectsRepo = t.modules.projects.repo;
    const service = new MonitoredService({
      repo: new MonitoredRepository(t.app.db),
      ets: new EtsService(new EtsRepository(t.app.db)),
      gateways: gatewaysRepo,
      projects: projectsRepo,
      log: t.app.log,
      // gw2 is "offline": the hub cannot reach it, so it fetches its list on connect.
      sendMonitor: async (gw, addresses) => {
        if (gw.mac === team.gw2.mac) return false;
        sent.push([gw.mac, addresses]);
        return true;
      },
    });
    const one = await service.setGateway(team.gw1.id, [{ address: '1/1/1' }, { address: '1/1/3' }]);
    expect(one.sent).toBe(true);
    expect((await service.setGateway(team.gw2.mac, [{ address: '1/1/2' }])).sent).toBe(false);
    expect(sent).toEqual([
      [
        team.gw1.mac,
        [
          { ga: '1/1/1', dpt: '9.001' },
          { ga: '1/1/3', dpt: '1.001' },
        ],
      ],
    ]);
    await projectsRepo.update(team.project, { logger_pause: 1 });
    await service.notifyProject(team.project.id);
    expect(sent.at(-1)).toEqual([team.gw1.mac, []]);
    await projectsRepo.update(team.project, { logger_pause: 0 });
    await service.notifyProject(team.project.id);
    expect(sent.at(-1)?.[1]).toHaveLength(2);
    expect(await service.resetProject(team.project.id)).toBe(3);
    expect(sent.at(-1)).toEqual([team.gw1.mac, []]);
  });

  it('keeps a change even when the gateway refuses the command', async () => {
    const team = await monitoringTeam(t.app);
    const gatewaysRepo = t.modules.gateways.repo;
    const projectsRepo = t.modules.projects.repo;
    const service = new MonitoredService({
      repo: new MonitoredRepository(t.app.db),
      ets: new EtsService(new EtsRepository(t.app.db)),
      gateways: gatewaysRepo,
      projects: projectsRepo,
      log: t.app.log,
      sendMonitor: () => Promise.reject(new Error('protected')),
    });
    const res = await service.setGateway(team.gw1.mac, [{ address: '2/2/2', dpt: '9.001' }]);
    expect(res).toEqual({ monitored: [{ address: '2/2/2', dpt: '9.001', name: '' }], sent: false });
  });
});

describe('a server that stops', () => {
  it('commits the supply voltages whose series it was still creating', async () => {
    const node = await startTestServer();
    try {
      const team = await monitoringTeam(node.app);
      const m = node.modules.monitoring;
      // As the hub's infos arrive just before a SIGTERM: 2,000 gateways' first voltages, each
      // still waiting for its project's pause flag and its new series when the close begins.
      const macs = Array.from(
        { length: 2000 },
        (_, i) => `0000000a${i.toString(16).padStart(4, '0')}`,
      );
      const recorded = macs.map((mac) => m.recordVoltage(team.project.id, mac, 5_000, 24));
      await node.app.close();
      await expect(Promise.all(recorded)).resolves.toEqual(macs.map(() => true));
      // The same deployment started again finds every one of them stored.
      const again = await startTestServer({}, node);
      try {
        const ids = await Promise.all(
          macs.map((mac) =>
            again.modules.timeseries.store.findSeries(voltageSeriesKey(team.project.id, mac)),
          ),
        );
        const rows = await again.app.db
          .selectFrom('ts_raw')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .where(
            'series',
            'in',
            ids.map((id) => id ?? -1),
          )
          .executeTakeFirstOrThrow();
        expect(Number(rows.n)).toBe(macs.length);
      } finally {
        await again.close();
      }
    } finally {
      await node.close();
    }
  });
});

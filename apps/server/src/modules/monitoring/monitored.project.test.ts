import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createGateway } from '../../../test/fixtures';
import { knxSeriesKey } from './monitoring-series';
import { call, monitoringTeam, monitoringTeamWithEts } from './monitoring.testing';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const withEts = () => monitoringTeamWithEts(t.app);

describe('a gateway leaving or outside the project', () => {
  it('needs the gateway in a project, and the edit role', async () => {
    const team = await withEts();
    const loose = await createGateway(t.app, { team_id: team.owner.team });
    const res = await team.set(loose.mac, [{ address: '1/1/1' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'gatewayNotInProject' });
    expect(
      (await call(t.app, team.owner, 'GET', `/api/gateway/monitored/${loose.mac}`)).json(),
    ).toEqual({ monitored: [] });
    const byViewer = await call(
      t.app,
      team.viewer,
      'POST',
      `/api/gateway/monitored/${team.gw1.mac}`,
      { monitor: [] },
    );
    expect(byViewer.statusCode).toBe(403);
    const stranger = await monitoringTeam(t.app);
    const hidden = await call(
      t.app,
      stranger.owner,
      'GET',
      `/api/gateway/monitored/${team.gw1.mac}`,
    );
    expect(hidden.statusCode).toBe(404);
  });

  it('ignores, then purges, the addresses of a gateway moved to another project', async () => {
    const team = await withEts();
    await team.set(team.gw1.mac, [{ address: '1/1/1' }]);
    await t.modules.gateways.repo.update(team.gw1, { project_id: null });
    const list = await call(t.app, team.owner, 'GET', `/api/project/monitored/${team.project.id}`);
    expect(list.json()).toEqual({ monitored: [] });
    // The address is free again for the gateways still in the project.
    expect((await team.set(team.gw2.mac, [{ address: '1/1/1' }])).statusCode).toBe(200);
  });
});

describe('monitored addresses of a project', () => {
  it('lists them with their gateway, and a reset removes them all (the ETS file stays)', async () => {
    const team = await withEts();
    await team.set(team.gw1.mac, [{ address: '1/1/1' }]);
    await team.set(team.gw2.mac, [{ address: '1/1/3' }]);
    const list = await call(t.app, team.viewer, 'GET', `/api/project/monitored/${team.project.id}`);
    expect(list.json<{ monitored: object[] }>().monitored).toEqual(
      expect.arrayContaining([
        {
          address: '1/1/1',
          dpt: '9.001',
          name: 'Living room',
          mac: team.gw1.mac,
          gateway: team.gw1.name,
        },
        {
          address: '1/1/3',
          dpt: '1.001',
          name: 'Boiler on',
          mac: team.gw2.mac,
          gateway: team.gw2.name,
        },
      ]),
    );
    const store = t.modules.timeseries.store;
    const series = await store.ensureSeries(knxSeriesKey(team.project.id, team.gw1.mac, '1/1/1'));
    await store.writeBatch([{ seriesId: series, t: 60_000, v: 21.5 }]);
    const url = `/api/project/monitored/${team.project.id}`;
    expect((await call(t.app, team.viewer, 'DELETE', url)).statusCode).toBe(403);
    const reset = await call(t.app, team.owner, 'DELETE', url);
    expect(reset.json()).toEqual({ message: 'success', removed: 2 });
    expect((await call(t.app, team.owner, 'GET', url)).json()).toEqual({ monitored: [] });
    const infos = await call(t.app, team.owner, 'GET', `/api/project/ets/infos/${team.project.id}`);
    expect(infos.json()).toMatchObject({ infos: { count: 5 } });
    // Recorded data stays: monitoring the address again charts it.
    await team.set(team.gw1.mac, [{ address: '1/1/1' }]);
    const graph = await call(
      t.app,
      team.owner,
      'POST',
      `/api/project/timeseries/${team.project.id}`,
      {
        measurements: ['1/1/1'],
        start: 0,
        stop: 120_000,
        window: '1m',
      },
    );
    expect(graph.json()).toMatchObject({ data: [{ list: [{ x: 60_000, y: 21.5 }] }] });
  });

  it('answers the gateway ETS view with etsFileNotFound when the project has no file', async () => {
    const team = await monitoringTeam(t.app);
    const res = await call(t.app, team.owner, 'GET', `/api/gateway/ets/${team.gw1.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'etsFileNotFound' });
  });
});

describe('a connected gateway', () => {
  it('is told at once through the hub (a demo gateway answers the monitor command)', async () => {
    const team = await withEts();
    const demo = await createGateway(t.app, {
      team_id: team.owner.team,
      project_id: team.project.id,
      virtual: 1,
    });
    await vi.waitFor(() => expect(t.modules.hub.service.reachable(demo)).toBe(true));
    const res = await team.set(demo.mac, [{ address: '1/1/1' }]);
    expect(res.json()).toEqual({
      monitored: [{ address: '1/1/1', dpt: '9.001', name: 'Living room' }],
      sent: true,
    });
    // A paused project records nothing: the gateway is not told the new list.
    await call(t.app, team.owner, 'POST', `/api/project/logs/pause/${team.project.id}`, {
      pause: true,
    });
    expect((await team.set(demo.mac, [{ address: '1/1/2' }])).json()).toMatchObject({
      sent: false,
    });
  });
});

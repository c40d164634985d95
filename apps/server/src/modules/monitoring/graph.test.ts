import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphReply } from '@atrium/contracts/graph';
import { ETS_XML } from '../../../test/monitoring-fixtures';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { knxSeriesKey } from './monitoring-series';
import { call, monitoringTeam, upload } from './monitoring.testing';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** Monday 2024-01-15, 00:00 in Paris (23:00 UTC the day before): the day the console asks for. */
const T0 = Date.UTC(2024, 0, 14, 23);

let t: TestServer;
let team: Awaited<ReturnType<typeof monitoringTeam>>;
const query = (body: object, user = team.viewer) =>
  call(t.app, user, 'POST', `/api/project/timeseries/${team.project.id}`, body);
const day = { start: T0, stop: T0 + DAY };

beforeAll(async () => {
  t = await startTestServer();
  team = await monitoringTeam(t.app);
  const { project, owner, gw1, gw2 } = team;
  await upload(t.app, owner, `/api/project/ets/update/${project.id}`, 'a.xml', ETS_XML);
  const set = (mac: string, monitor: object[]) =>
    call(t.app, owner, 'POST', `/api/gateway/monitored/${mac}`, { monitor });
  await set(gw1.mac, [{ address: '1/1/1' }, { address: '1/1/3' }]);
  await set(gw2.mac, [{ address: '1/1/2' }]);
  // 1/1/1: one point a minute for the day, value = minute of the day; 1/1/3 switches on at noon.
  const store = t.modules.timeseries.store;
  const temp = await store.ensureSeries(knxSeriesKey(project.id, gw1.mac, '1/1/1'));
  const boiler = await store.ensureSeries(knxSeriesKey(project.id, gw1.mac, '1/1/3'));
  const minutes = Array.from({ length: 24 * 60 }, (_, i) => ({
    seriesId: temp,
    t: T0 + i * MIN,
    v: i,
  }));
  await store.writeBatch([
    ...minutes,
    { seriesId: boiler, t: T0 - DAY, v: 0 },
    { seriesId: boiler, t: T0 + 12 * 60 * MIN, v: 1 },
  ]);
  const monitoring = t.modules.monitoring;
  const timeseriesWriter = t.modules.timeseries.writer;
  expect(await monitoring.recordVoltage(project.id, gw1.mac, T0 + MIN, 29.5)).toBe(true);
  expect(await monitoring.recordVoltage(project.id, gw1.mac, T0 + 2 * MIN, 28.5)).toBe(true);
  await timeseriesWriter.flush();
});
afterAll(() => t.close());

describe('POST /api/project/timeseries/{id}', () => {
  it('aggregates a numeric address with its unit, mac and the precision auto chose', async () => {
    const auto = (await query({ measurements: ['1/1/1'], ...day })).json<GraphReply>();
    expect(auto.precision).toBe('1m'); // 1,440 minutes is nearer ~1,000 points than 24 hours
    expect(auto.data[0]?.list).toHaveLength(24 * 60);
    const res = await query({ measurements: ['1/1/1'], ...day, window: '1h', aggregation: 'max' });
    expect(res.statusCode).toBe(200);
    const body = res.json<GraphReply>();
    expect(body.precision).toBe('1h');
    expect(body.code).toBeUndefined();
    const [series] = body.data;
    expect(series).toMatchObject({
      address: '1/1/1',
      mac: team.gw1.mac,
      name: 'Living room',
      dpt: '9.001',
      unit: '°C',
      isBool: false,
    });
    expect(series?.list).toHaveLength(24);
    expect(series?.list[1]).toEqual({ x: T0 + 60 * MIN, y: 119 });
    const mean = await query({ measurements: ['1/1/1'], ...day, window: '1d' });
    expect(mean.json<GraphReply>().data[0]?.list).toEqual([{ x: T0, y: (24 * 60 - 1) / 2 }]);
  });

  it('draws DPT 1 as steps seeded with the value in force at the start', async () => {
    const res = await query({ measurements: ['1/1/3'], ...day, window: '1h' });
    const body = res.json<GraphReply>();
    expect(body.data[0]).toMatchObject({ isBool: true, unit: '' });
    expect(body.data[0]?.list).toEqual([
      { x: T0, y: 0 },
      { x: T0 + 12 * 60 * MIN, y: 1 },
    ]);
  });

  it('reads the voltage of every gateway, or of the destinations only', async () => {
    const all = await query({ measurements: ['voltage'], ...day, window: '1m' });
    const data = all.json<GraphReply>().data;
    expect(data.map((s) => [s.mac, s.unit, s.list.length])).toEqual(
      expect.arrayContaining([
        [team.gw1.mac, 'V', 2],
        [team.gw2.mac, 'V', 0],
      ]),
    );
    const one = await query({
      measurements: ['voltage'],
      destinations: [team.gw1.mac.toUpperCase()],
      ...day,
    });
    expect(one.json<GraphReply>().data.map((s) => s.mac)).toEqual([team.gw1.mac]);
  });

  it('answers 200 with code noData when no series has a point', async () => {
    const res = await query({ measurements: ['1/1/2'], start: T0 - 10 * DAY, stop: T0 - 9 * DAY });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'noData', data: [{ address: '1/1/2', list: [] }] });
  });

  it('refuses what cannot be charted with the spec codes', async () => {
    const cases: [object, number, string][] = [
      [{ measurements: [], ...day }, 400, 'noAddress'],
      [{ measurements: ['9/1/9'], ...day }, 404, 'cannotFindAddress'],
      [{ measurements: ['1/1/2'], destinations: [team.gw1.mac], ...day }, 404, 'cannotFindAddress'],
      [
        { measurements: ['voltage'], destinations: ['aabbccddeeff'], ...day },
        404,
        'cannotFindAddress',
      ],
      [{ measurements: ['32/0/0'], ...day }, 400, 'malformedAddress'],
      [{ measurements: ['1/1/1', '1/1/3'], ...day }, 400, 'invalidDPT'],
      [{ measurements: ['1/1/1'], isBool: true, ...day }, 400, 'invalidDPT'],
      [{ measurements: ['1/1/1'], start: T0 + DAY, stop: T0 }, 400, 'invalidRange'],
      [{ measurements: ['1/1/1'], start: T0, stop: T0 }, 400, 'invalidRange'],
      [{ measurements: ['1/1/1'], start: -5, stop: T0 }, 400, 'invalidRange'],
      [
        { measurements: ['1/1/1'], start: T0 - 365 * DAY, stop: T0, window: '1s' },
        400,
        'tooManyPoints',
      ],
      [{ measurements: ['1/1/1'], ...day, window: '2s' }, 400, 'validation'],
      [{ measurements: ['1/1/1'], ...day, aggregation: 'sum' }, 400, 'validation'],
    ];
    for (const [body, status, code] of cases) {
      const res = await query(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code });
    }
    const missing = await query({ measurements: ['9/1/9', '1/1/1'], ...day });
    expect(missing.json()).toMatchObject({ addresses: ['9/1/9'] });
  });

  it('answers a year at auto precision from the rollups, and leaves the data intact', async () => {
    const res = await query({
      measurements: ['1/1/1'],
      start: T0 - 300 * DAY,
      stop: T0 + 65 * DAY,
    });
    const body = res.json<GraphReply>();
    expect(body.precision).toBe('1d');
    expect(body.data[0]?.list).toEqual([{ x: T0, y: (24 * 60 - 1) / 2 }]);
  });

  it('hides the project from other teams', async () => {
    const stranger = await monitoringTeam(t.app);
    const res = await query({ measurements: ['1/1/1'], ...day }, stranger.owner);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Living room');
  });
});

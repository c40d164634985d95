import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { call, monitoringTeamWithEts } from './monitoring.testing';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const withEts = () => monitoringTeamWithEts(t.app);

describe('monitored addresses of a gateway', () => {
  it('takes DPT and name from the ETS file, accepts other address forms, and lists them', async () => {
    const team = await withEts();
    const res = await team.set(team.gw1.mac, [
      { address: '1/1/1' },
      { address: '2305' }, // free form of 1/1/1 (2048 + 256 + 1): a repeat, kept once
      { address: '1/258' }, // 2-level form of 1/1/2
      { address: '3/0/7', dpt: 'DPST-14-56', name: 'Power' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      monitored: [
        { address: '1/1/1', dpt: '9.001', name: 'Living room' },
        { address: '1/1/2', dpt: '9.001', name: 'Kitchen' },
        { address: '3/0/7', dpt: '14.056', name: 'Power' },
      ],
      sent: false,
    });
    const byId = await call(t.app, team.viewer, 'GET', `/api/gateway/monitored/${team.gw1.id}`);
    expect(byId.json<{ monitored: unknown[] }>().monitored).toHaveLength(3);
    const count = await call(
      t.app,
      team.viewer,
      'GET',
      `/api/gateway/monitored/count/${team.gw1.mac}`,
    );
    expect(count.json()).toEqual({ cpt: 3, total: 3, max: 50 });
  });

  it('refuses bad addresses and DPTs with the spec codes, naming them, and changes nothing', async () => {
    const team = await withEts();
    await team.set(team.gw1.mac, [{ address: '1/1/1' }]);
    const cases: [object[], number, string, string[]][] = [
      [
        [{ address: '32/0/0', dpt: '9.001' }, { address: '1/8/0' }],
        400,
        'malformedAddress',
        ['32/0/0', '1/8/0'],
      ],
      [[{ address: '1/1/4' }], 400, 'addressHasNoDpt', ['1/1/4']],
      [[{ address: '5/5/5' }], 400, 'addressHasNoDpt', ['5/5/5']],
      [[{ address: '1/1/5' }], 400, 'invalidDPT', ['1/1/5']],
      [[{ address: '1/1/2', dpt: '22.001' }], 400, 'invalidDPT', ['1/1/2']],
      [[{ address: '1/1/2', dpt: 'nonsense' }], 400, 'invalidDPT', ['1/1/2']],
    ];
    for (const [monitor, status, code, addresses] of cases) {
      const res = await team.set(team.gw2.mac, monitor);
      expect(res.statusCode, code).toBe(status);
      expect(res.json()).toMatchObject({ code, addresses });
    }
    const list = await call(t.app, team.owner, 'GET', `/api/project/monitored/${team.project.id}`);
    expect(
      list.json<{ monitored: { address: string }[] }>().monitored.map((m) => m.address),
    ).toEqual(['1/1/1']);
  });

  it('accepts every monitorable main type (1-21, 232, 237, 238) and no other', async () => {
    const team = await withEts();
    const ok = [1, 2, 3, 5, 9, 14, 16, 20, 21, 232, 237, 238];
    const res = await team.set(
      team.gw1.mac,
      ok.map((main, i) => ({ address: `4/0/${i}`, dpt: `${main}.001` })),
    );
    expect(res.statusCode).toBe(200);
    for (const main of [0, 22, 29, 231, 239, 251]) {
      const bad = await team.set(team.gw2.mac, [{ address: '4/1/0', dpt: `${main}.001` }]);
      expect(bad.json(), String(main)).toMatchObject({ code: 'invalidDPT' });
    }
  });

  it('refuses an address another gateway of the project records (addressAlreadyUsed)', async () => {
    const team = await withEts();
    await team.set(team.gw1.mac, [{ address: '1/1/1' }, { address: '1/1/2' }]);
    const res = await team.set(team.gw2.mac, [{ address: '1/1/2' }, { address: '1/1/3' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'addressAlreadyUsed', addresses: ['1/1/2'] });
    // The gateway ETS view shows it disabled for gw2, and selectable-and-ticked for gw1.
    const view = await call(t.app, team.owner, 'GET', `/api/gateway/ets/${team.gw2.mac}`);
    const addresses = view.json<{ ets: { file: { middles: { addresses: object[] }[] }[] } }>().ets
      .file[0]?.middles[0]?.addresses;
    expect(addresses).toEqual([
      {
        address: '1/1/1',
        name: 'Living room',
        dpt: '9.001',
        monitored: false,
        usedBy: team.gw1.mac,
        disabled: 'addressAlreadyUsed',
      },
      {
        address: '1/1/2',
        name: 'Kitchen',
        dpt: '9.001',
        monitored: false,
        usedBy: team.gw1.mac,
        disabled: 'addressAlreadyUsed',
      },
      {
        address: '1/1/3',
        name: 'Boiler on',
        dpt: '1.001',
        monitored: false,
        usedBy: null,
        disabled: null,
      },
      {
        address: '1/1/4',
        name: 'Untyped',
        monitored: false,
        usedBy: null,
        disabled: 'addressHasNoDpt',
      },
      {
        address: '1/1/5',
        name: 'Colour',
        dpt: '251.600',
        monitored: false,
        usedBy: null,
        disabled: 'invalidDPT',
      },
    ]);
    expect(view.json()).toMatchObject({ cpt: 0, total: 2, max: 50 });
    const own = await call(t.app, team.owner, 'GET', `/api/gateway/ets/${team.gw1.mac}`);
    expect(own.body).toContain('"address":"1/1/2","name":"Kitchen","dpt":"9.001","monitored":true');
  });

  it('keeps the project total within the plan maximum (maxAddress)', async () => {
    const team = await withEts();
    await t.modules.projects.repo.update(team.project, { logger_address: 3 });
    expect(
      (await team.set(team.gw1.mac, [{ address: '1/1/1' }, { address: '1/1/2' }])).statusCode,
    ).toBe(200);
    const over = await team.set(team.gw2.mac, [
      { address: '1/1/3' },
      { address: '2/0/0', dpt: '5.001' },
    ]);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'maxAddress', max: 3 });
    // Replacing a gateway's own list does not count its old addresses twice.
    const swap = await team.set(team.gw1.mac, [
      { address: '1/1/3' },
      { address: '1/1/2' },
      { address: '1/1/1' },
    ]);
    expect(swap.statusCode).toBe(200);
    const count = await call(
      t.app,
      team.owner,
      'GET',
      `/api/project/monitored/count/${team.project.id}`,
    );
    expect(count.json()).toEqual({ cpt: 3, max: 3, monitored: [{ mac: team.gw1.mac, count: 3 }] });
  });
});

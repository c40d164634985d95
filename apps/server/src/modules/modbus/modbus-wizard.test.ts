import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { call, codeOf, modbusTeam } from './modbus.testing';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('the gateway wizard', () => {
  it('lists and replaces the configurations of a kloudnx; refuses other types', async () => {
    const { owner, viewer, project, gw, pool } = await modbusTeam(t.app);
    const url = `/api/gateway/monitored/modbus/${gw.mac}`;
    expect((await call(t.app, viewer, 'GET', url)).json()).toEqual({ list: [] });
    const card = (name: string, values: object[], over: object = {}) => ({
      name,
      network: { ip: '10.0.0.9', port: 502 },
      values,
      ...over,
    });
    // scaleFactor left out: the wizard's default is 1.
    const wizardValue = (name: string, over: object = {}) => ({
      name,
      registerAddress: 3000,
      wordLength: 2,
      functionCode: 3,
      unitID: 1,
      dataType: 'FLOAT32',
      ...over,
    });
    const first = await call(t.app, owner, 'POST', url, [
      card('PAC', [wizardValue('Power'), wizardValue('Energy', { registerAddress: 3100 })]),
      card('Other', [], { enabled: false, interval: 30 }),
    ]);
    expect(first.statusCode).toBe(200);
    const saved = first.json<{
      list: {
        id: string;
        name: string;
        values: { id: string; name: string; scaleFactor: number }[];
      }[];
    }>().list;
    expect(saved.map((c) => c.name)).toEqual(['Other', 'PAC']);
    const pac = saved.find((c) => c.name === 'PAC');
    expect(pac?.values.map((v) => [v.name, v.scaleFactor])).toEqual([
      ['Power', 1],
      ['Energy', 1],
    ]);
    // Second save: PAC kept (id), its Power kept, Energy dropped, Other dropped, New added.
    const power = pac?.values.find((v) => v.name === 'Power');
    await call(t.app, owner, 'POST', url, [
      { ...card('PAC 2', [{ ...wizardValue('Power 2'), id: power?.id }]), id: pac?.id },
      card('New', []),
    ]);
    const again = (await call(t.app, owner, 'GET', `/api/gateway/monitored/modbus/${gw.id}`)).json<{
      list: { id: string; name: string; values: { id: string; name: string }[] }[];
    }>().list;
    expect(again.map((c) => c.name)).toEqual(['New', 'PAC 2']);
    expect(again[1]).toMatchObject({ id: pac?.id, values: [{ id: power?.id, name: 'Power 2' }] });
    const meters = await t.modules.modbus.service.meters(project.id);
    expect(meters.map((m) => m.name).sort()).toEqual(['New', 'PAC 2']);
    expect((await call(t.app, viewer, 'POST', url, [])).statusCode).toBe(403);
    const poolUrl = `/api/gateway/monitored/modbus/${pool.mac}`;
    expect(codeOf(await call(t.app, owner, 'GET', poolUrl))).toEqual([409, 'modbusUnsupported']);
    expect(codeOf(await call(t.app, owner, 'POST', poolUrl, []))).toEqual([
      409,
      'modbusUnsupported',
    ]);
    const bad = [card('PAC', [wizardValue('P', { scaleFactor: 0 })])];
    expect(codeOf(await call(t.app, owner, 'POST', url, bad))).toEqual([400, 'scaleFactor']);
  });

  it("hides another team's gateway", async () => {
    const { owner } = await modbusTeam(t.app);
    const other = await modbusTeam(t.app);
    const url = `/api/gateway/monitored/modbus/${other.gw.mac}`;
    expect(codeOf(await call(t.app, owner, 'GET', url))).toEqual([404, 'notFound']);
    expect(codeOf(await call(t.app, owner, 'POST', url, []))).toEqual([404, 'notFound']);
  });

  it('has nothing for a gateway in no project, and saves nothing there', async () => {
    const { owner } = await modbusTeam(t.app);
    const loose = await createGateway(t.app, { team_id: owner.team });
    const url = `/api/gateway/monitored/modbus/${loose.mac}`;
    expect((await call(t.app, owner, 'GET', url)).json()).toEqual({ list: [] });
    expect(codeOf(await call(t.app, owner, 'POST', url, []))).toEqual([409, 'gatewayNotInProject']);
  });
});

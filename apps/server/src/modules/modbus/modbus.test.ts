import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer } from '../../../test/test-server';
import {
  addMeter,
  addValue,
  call,
  codeOf,
  meterBody,
  modbusTeam,
  valueBody,
} from './modbus.testing';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('meters', () => {
  it('creates, lists, updates and deletes, with enabled true and interval 10 by default', async () => {
    const { owner, project, gw } = await modbusTeam(t.app);
    const created = await call(t.app, owner, 'POST', `/api/project/modbus/meter/${project.id}`, {
      ...meterBody(gw.mac.toUpperCase()),
      id: 'chosen-by-client',
    });
    expect(created.statusCode).toBe(200);
    const meter = created.json<{ meter: { id: string } }>().meter;
    expect(meter).toMatchObject({
      gatewayMac: gw.mac,
      name: 'Main meter',
      network: { ip: '192.168.1.50', port: 502 },
      enabled: true,
      interval: 10,
    });
    expect(meter.id).not.toBe('chosen-by-client');
    const url = `/api/project/monitored/modbus/meters/${project.id}`;
    expect((await call(t.app, owner, 'GET', url)).json()).toEqual({ meters: [meter] });
    const put = await call(t.app, owner, 'PUT', `/api/project/modbus/meter/${project.id}`, {
      ...meterBody(gw.mac, { name: 'Renamed', enabled: false, interval: 60 }),
      id: meter.id,
    });
    expect(put.json()).toMatchObject({
      meter: { id: meter.id, name: 'Renamed', enabled: false, interval: 60 },
      sent: false,
    });
    const del = `/api/project/modbus/meter/${project.id}/${meter.id}`;
    expect((await call(t.app, owner, 'DELETE', del)).json()).toEqual({
      removed: true,
      sent: false,
    });
    expect((await call(t.app, owner, 'GET', url)).json()).toEqual({ meters: [] });
    expect(codeOf(await call(t.app, owner, 'DELETE', del))).toEqual([404, 'meterNotFound']);
  });

  it('refuses a bad IPv4, a bad port, a bad interval, a non-kloudnx or foreign gateway', async () => {
    const { owner, project, gw, pool } = await modbusTeam(t.app);
    const other = await modbusTeam(t.app);
    const url = `/api/project/modbus/meter/${project.id}`;
    const post = (body: object) => call(t.app, owner, 'POST', url, body);
    const net = (ip: string, port: number) => meterBody(gw.mac, { network: { ip, port } });
    expect(codeOf(await post(net('192.168.1.256', 502)))).toEqual([400, 'ipAddress']);
    expect(codeOf(await post(net('10.0.0', 502)))).toEqual([400, 'ipAddress']);
    expect(codeOf(await post(net('10.0.0.1', 70000)))).toEqual([400, 'port']);
    expect(codeOf(await post(net('10.0.0.1', 502.5)))).toEqual([400, 'port']);
    expect(codeOf(await post(meterBody(gw.mac, { interval: 0 })))).toEqual([400, 'interval']);
    expect(codeOf(await post(meterBody('zz')))).toEqual([400, 'invalidMac']);
    expect(codeOf(await post(meterBody(pool.mac)))).toEqual([409, 'modbusUnsupported']);
    expect(codeOf(await post(meterBody(other.gw.mac)))).toEqual([409, 'gatewayNotInProject']);
    const put = await call(t.app, owner, 'PUT', url, { ...meterBody(gw.mac), id: 'nope' });
    expect(codeOf(put)).toEqual([404, 'meterNotFound']);
  });

  it("keeps each project's meters to itself and lets viewers read only", async () => {
    const { owner, viewer, project, gw } = await modbusTeam(t.app);
    const other = await modbusTeam(t.app);
    const meterId = await addMeter(t.app, owner, project.id, meterBody(gw.mac));
    const foreignId = await addMeter(t.app, other.owner, other.project.id, meterBody(other.gw.mac));
    // A meter of another project through one's own project: unknown here.
    const own = `/api/project/modbus/meter/${project.id}`;
    const moved = { ...meterBody(gw.mac), id: foreignId };
    expect(codeOf(await call(t.app, owner, 'PUT', own, moved))).toEqual([404, 'meterNotFound']);
    expect(codeOf(await call(t.app, owner, 'DELETE', `${own}/${foreignId}`))).toEqual([
      404,
      'meterNotFound',
    ]);
    // Another team's project: not found at all.
    const theirs = `/api/project/monitored/modbus/meters/${other.project.id}`;
    expect(codeOf(await call(t.app, owner, 'GET', theirs))).toEqual([404, 'notFound']);
    const list = await call(
      t.app,
      viewer,
      'GET',
      `/api/project/monitored/modbus/meters/${project.id}`,
    );
    expect(list.json<{ meters: { id: string }[] }>().meters.map((m) => m.id)).toEqual([meterId]);
    expect((await call(t.app, viewer, 'POST', own, meterBody(gw.mac))).statusCode).toBe(403);
    expect((await call(t.app, viewer, 'DELETE', `${own}/${meterId}`)).statusCode).toBe(403);
    const granted = await createUser(t.app, 'user');
    await t.modules.projects.repo.addViewer(project.id, granted.id);
    expect((await call(t.app, granted, 'POST', own, meterBody(gw.mac))).statusCode).toBe(403);
    expect((await t.modules.modbus.service.meters(other.project.id)).length).toBe(1);
  });
});

describe('values', () => {
  it('creates, lists, updates and deletes; the graph lookup names them', async () => {
    const { owner, project, gw } = await modbusTeam(t.app);
    const meterId = await addMeter(t.app, owner, project.id, meterBody(gw.mac));
    const url = `/api/project/modbus/value/${project.id}`;
    const created = await call(
      t.app,
      owner,
      'POST',
      url,
      valueBody(meterId, {}, { swapWords: true }),
    );
    const value = created.json<{ value: { id: string } }>().value;
    expect(value).toMatchObject({
      meterId,
      name: 'Voltage',
      unit: 'V',
      options: { registerAddress: 3000, dataType: 'FLOAT32', swapWords: true, swapBytes: false },
    });
    const list = `/api/project/monitored/modbus/values/${project.id}`;
    expect((await call(t.app, owner, 'GET', list)).json()).toEqual({ values: [value] });
    expect(await t.modules.modbus.valuesOf(project.id)).toEqual([
      {
        id: value.id,
        meterId,
        gatewayMac: gw.mac,
        name: 'Voltage',
        meterName: 'Main meter',
        unit: 'V',
      },
    ]);
    const put = await call(t.app, owner, 'PUT', url, {
      ...valueBody(meterId, { name: 'Current', unit: 'A' }, { scaleFactor: 0.001 }),
      id: value.id,
    });
    expect(put.json()).toMatchObject({
      value: { id: value.id, name: 'Current', unit: 'A', options: { scaleFactor: 0.001 } },
    });
    const del = `/api/project/modbus/value/${project.id}/${value.id}`;
    expect((await call(t.app, owner, 'DELETE', del)).json()).toEqual({
      removed: true,
      sent: false,
    });
    expect(codeOf(await call(t.app, owner, 'DELETE', del))).toEqual([404, 'valueNotFound']);
    expect(await t.modules.modbus.valuesOf(project.id)).toEqual([]);
  });

  it('refuses a scaleFactor of 0 or with 6 decimals, an unknown data type, a foreign meter', async () => {
    const { owner, project, gw } = await modbusTeam(t.app);
    const other = await modbusTeam(t.app);
    const meterId = await addMeter(t.app, owner, project.id, meterBody(gw.mac));
    const foreign = await addMeter(t.app, other.owner, other.project.id, meterBody(other.gw.mac));
    const url = `/api/project/modbus/value/${project.id}`;
    const post = (body: object) => call(t.app, owner, 'POST', url, body);
    expect(codeOf(await post(valueBody(meterId, {}, { scaleFactor: 0 })))).toEqual([
      400,
      'scaleFactor',
    ]);
    expect(codeOf(await post(valueBody(meterId, {}, { scaleFactor: 0.000001 })))).toEqual([
      400,
      'scaleFactor',
    ]);
    const badType = await post(valueBody(meterId, {}, { dataType: 'FLOAT64' }));
    expect(codeOf(badType)).toEqual([400, 'validation']);
    expect(codeOf(await post(valueBody(meterId, {}, { functionCode: 16 })))).toEqual([
      400,
      'validation',
    ]);
    expect(codeOf(await post(valueBody(meterId, { unit: 'x'.repeat(17) })))).toEqual([400, 'unit']);
    expect(codeOf(await post(valueBody(foreign)))).toEqual([404, 'meterNotFound']);
    const foreignValue = await addValue(t.app, other.owner, other.project.id, valueBody(foreign));
    const put = await call(t.app, owner, 'PUT', url, { ...valueBody(meterId), id: foreignValue });
    expect(codeOf(put)).toEqual([404, 'valueNotFound']);
    const del = `/api/project/modbus/value/${project.id}/${foreignValue}`;
    expect(codeOf(await call(t.app, owner, 'DELETE', del))).toEqual([404, 'valueNotFound']);
    expect(await t.modules.modbus.valuesOf(other.project.id)).toHaveLength(1);
  });

  it('saves a list: updates by id, creates the others, deletes the rest of the scope', async () => {
    const { owner, viewer, project, gw } = await modbusTeam(t.app);
    const a = await addMeter(t.app, owner, project.id, meterBody(gw.mac, { name: 'A' }));
    const b = await addMeter(t.app, owner, project.id, meterBody(gw.mac, { name: 'B' }));
    const kept = await addValue(t.app, owner, project.id, valueBody(a, { name: 'Kept' }));
    await addValue(t.app, owner, project.id, valueBody(a, { name: 'Dropped' }));
    const onB = await addValue(t.app, owner, project.id, valueBody(b, { name: 'On B' }));
    const url = `/api/project/monitored/modbus/values/${project.id}`;
    const list = [
      { ...valueBody(a, { name: 'Kept renamed' }), id: kept },
      valueBody(a, { name: 'New' }),
    ];
    expect((await call(t.app, viewer, 'POST', url, list)).statusCode).toBe(403);
    const saved = await call(t.app, owner, 'POST', url, list);
    expect(saved.statusCode).toBe(200);
    const names = async () =>
      (await call(t.app, owner, 'GET', url))
        .json<{ values: { id: string; name: string }[] }>()
        .values.map((v) => v.name);
    // B is not in scope: its value stays.
    expect(await names()).toEqual(['Kept renamed', 'New', 'On B']);
    expect(saved.json<{ values: { id: string }[] }>().values[0]?.id).toBe(kept);
    // With gatewayMac, every meter of the gateway is in scope.
    await call(t.app, owner, 'POST', `${url}?gatewayMac=${gw.mac}`, [
      { ...valueBody(a), id: kept },
    ]);
    expect(await names()).toEqual(['Voltage']);
    expect(await t.modules.modbus.repo.value(project.id, onB)).toBeUndefined();
    // All or nothing: one bad value and nothing changes.
    const bad = await call(t.app, owner, 'POST', url, [
      valueBody(a, { name: 'X' }),
      valueBody('nope'),
    ]);
    expect(codeOf(bad)).toEqual([404, 'meterNotFound']);
    expect(await names()).toEqual(['Voltage']);
  });

  it('keeps to 50 values per meter', async () => {
    const { owner, project, gw } = await modbusTeam(t.app);
    const meterId = await addMeter(t.app, owner, project.id, meterBody(gw.mac));
    const url = `/api/project/monitored/modbus/values/${project.id}`;
    const list = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        valueBody(meterId, { name: `V${i}` }, { registerAddress: i * 2 }),
      );
    expect((await call(t.app, owner, 'POST', url, list(50))).statusCode).toBe(200);
    const more = await call(
      t.app,
      owner,
      'POST',
      `/api/project/modbus/value/${project.id}`,
      valueBody(meterId),
    );
    expect(codeOf(more)).toEqual([400, 'modbusLimit']);
    expect(codeOf(await call(t.app, owner, 'POST', url, list(51)))).toEqual([400, 'modbusLimit']);
  });
});

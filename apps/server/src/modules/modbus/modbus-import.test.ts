import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadAs } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { addMeter, call, meterBody, modbusTeam } from './modbus.testing';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const HEADER =
  'gateway,meter,ip,port,name,registerAddress,wordLength,functionCode,unitID,scaleFactor,dataType,swapBytes,swapWords,unit,interval';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

describe('Modbus CSV import', () => {
  it('imports meters and their values, one value a row', async () => {
    const { owner, viewer, project, gw } = await modbusTeam(t.app);
    const upload = uploadAs(t.app);
    const url = `/api/project/importCsv/${project.id}`;
    const file = csv(
      `${gw.mac},PAC,10.0.0.5,502,Voltage,3000,2,3,1,0.1,float32,,1,V,30`,
      `${gw.mac.toUpperCase()},PAC,10.0.0.5,502,Energy,3100,2,4,1,1,UINT32,,,kWh,30`,
      `${gw.mac},Heat,10.0.0.6,1502,Flow,10,1,3,2,0.01,INT16`,
    );
    expect((await upload(viewer, url, 'm.csv', file)).statusCode).toBe(403);
    const res = await upload(owner, url, 'meters.csv', file);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ meters: 2, values: 3, sent: false });
    const meters = await t.modules.modbus.service.meters(project.id);
    expect(meters.map((m) => [m.name, m.network.ip, m.network.port, m.interval])).toEqual([
      ['Heat', '10.0.0.6', 1502, 10],
      ['PAC', '10.0.0.5', 502, 30],
    ]);
    const values = await t.modules.modbus.service.values(project.id);
    expect(values.find((v) => v.name === 'Voltage')).toMatchObject({
      unit: 'V',
      options: { dataType: 'FLOAT32', scaleFactor: 0.1, swapWords: true, swapBytes: false },
    });
    expect(await t.modules.modbus.repo.isPending(gw.id)).toBe(true);
  });

  it('imports nothing when a row is wrong, and reports every row', async () => {
    const { owner, project, gw, pool } = await modbusTeam(t.app);
    await addMeter(t.app, owner, project.id, meterBody(gw.mac, { name: 'Existing' }));
    const res = await uploadAs(t.app)(
      owner,
      `/api/project/importCsv/${project.id}`,
      'meters.csv',
      csv(
        `${gw.mac},PAC,10.0.0.5,502,Voltage,3000,2,3,1,1,FLOAT32`,
        `${gw.mac},PAC,10.0.0.7,502,Current,3010,2,3,1,1,FLOAT32`,
        `${gw.mac},PAC,10.0.0.5,502,Voltage,3020,2,3,1,1,FLOAT32`,
        `${gw.mac},Other,10.0.0.256,502,V,1,1,3,1,1,INT16`,
        `${gw.mac},Other,10.0.0.8,502,V,1,1,3,1,0,INT16`,
        `${gw.mac},Other,10.0.0.8,502,W,1,1,3,1,1,DOUBLE`,
        `${pool.mac},Pool,10.0.0.9,502,V,1,1,3,1,1,INT16`,
        `${gw.mac},Existing,10.0.0.9,502,V,1,1,3,1,1,INT16`,
        `${gw.mac},Fine,10.0.0.9,70000,V,1,1,3,1,1,INT16`,
        `nope,Fine,10.0.0.9,502,V,1,1,3,1,1,INT16`,
      ),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; invalid: unknown[]; valid: unknown[] }>();
    expect(body.code).toBe('invalidCsv');
    expect(body.invalid).toEqual([
      { line: 3, reason: 'meterMismatch', value: 'line 2' },
      { line: 4, reason: 'duplicateValue', value: 'Voltage' },
      { line: 5, reason: 'ipAddress', value: 'ip' },
      { line: 6, reason: 'scaleFactor', value: 'scalefactor' },
      { line: 7, reason: 'invalidValue', value: 'datatype' },
      { line: 8, reason: 'modbusUnsupported', value: pool.mac },
      { line: 9, reason: 'meterAlreadyExists', value: 'Existing' },
      { line: 10, reason: 'port', value: 'port' },
      { line: 11, reason: 'invalidMac', value: 'nope' },
    ]);
    expect(body.valid).toEqual([{ line: 2, key: 'PAC/Voltage' }]);
    const meters = await t.modules.modbus.service.meters(project.id);
    expect(meters.map((m) => m.name)).toEqual(['Existing']);
  });

  it('keeps to 100 meters per gateway', async () => {
    const { owner, project, gw } = await modbusTeam(t.app);
    const rows = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `${gw.mac},M${from + i},10.0.0.5,502,V,1,1,3,1,1,INT16`);
    const url = `/api/project/importCsv/${project.id}`;
    expect((await uploadAs(t.app)(owner, url, 'a.csv', csv(...rows(0, 99)))).statusCode).toBe(201);
    const res = await uploadAs(t.app)(owner, url, 'b.csv', csv(...rows(99, 2)));
    expect(res.json<{ invalid: unknown[] }>().invalid).toEqual([
      { line: 3, reason: 'modbusLimit', value: gw.mac },
    ]);
    const tooMany = meterBody(gw.mac, { name: 'One more' });
    await addMeter(t.app, owner, project.id, tooMany);
    const refused = await call(
      t.app,
      owner,
      'POST',
      `/api/project/modbus/meter/${project.id}`,
      tooMany,
    );
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([
      400,
      'modbusLimit',
    ]);
  });

  it('refuses an empty file, a file without rows, wrong columns, a file over 1,000,000 bytes', async () => {
    const { owner, project } = await modbusTeam(t.app);
    const upload = (name: string, content: string | Buffer) =>
      uploadAs(t.app)(owner, `/api/project/importCsv/${project.id}`, name, content);
    const codeOf = async (p: ReturnType<typeof upload>) => {
      const res = await p;
      return [res.statusCode, res.json<{ code: string }>().code];
    };
    expect(await codeOf(upload('m.csv', ''))).toEqual([400, 'emptyFile']);
    expect(await codeOf(upload('m.csv', `${HEADER}\n`))).toEqual([400, 'emptyFile']);
    expect(await codeOf(upload('m.csv', 'mac,sn\n1,2\n'))).toEqual([400, 'invalidCsv']);
    expect(await codeOf(upload('m.txt', csv('x')))).toEqual([400, 'invalidFileType']);
    const big = Buffer.alloc(1_000_001, 'a');
    expect(await codeOf(upload('m.csv', big))).toEqual([413, 'fileTooLargeMax']);
  });
});

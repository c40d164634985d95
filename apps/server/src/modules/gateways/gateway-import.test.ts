import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/ids';
import { callAs, createGateway, randomMac, randomSerial, uploadAs } from '../../../test/fixtures';
import {
  createUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/test-server';

let t: TestServer;
let admin: TestUser;
let upload: (
  name: string,
  content: string | Buffer,
  as?: TestUser,
) => ReturnType<ReturnType<typeof uploadAs>>;
beforeAll(async () => {
  t = await startTestServer();
  admin = await createUser(t.app, 'admin');
  upload = (name, content, as = admin) => uploadAs(t.app)(as, '/api/gateway/add', name, content);
});
afterAll(() => t.close());

const countGateways = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('gateways')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('CSV import of waiting gateways', () => {
  it('imports every row with a device secret returned once and stored hashed', async () => {
    const [m1, m2] = [randomMac(), randomMac()];
    const csv = `mac,sn,type,version\n${m1.toUpperCase()},ab12cd34,kloudnx,8.4.1\n0x${m2}L,ZZ99YY88,poolnx\n`;
    const res = await upload('gateways.csv', csv);
    expect(res.statusCode).toBe(201);
    const body = res.json<{
      imported: number;
      gateways: { mac: string; secret: string; sn: string; version: string | null }[];
    }>();
    expect(body.imported).toBe(2);
    expect(body.gateways).toMatchObject([
      { mac: m1, sn: 'AB12CD34', type: 'kloudnx', version: '8.4.1' },
      { mac: m2, sn: 'ZZ99YY88', type: 'poolnx', version: null },
    ]);
    const [first] = body.gateways;
    expect(first?.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.app.db
      .selectFrom('gateways')
      .select(['secret_hash', 'waiting', 'team_id'])
      .where('mac', '=', m1)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ secret_hash: sha256(first?.secret ?? ''), waiting: 1, team_id: null });
    // A user can now find it waiting.
    const u = await createUser(t.app, 'user');
    const seen = await callAs(t.app)(u, 'GET', `/api/gateway/waiting?mac=${m1}&sn=AB12CD34`);
    expect(seen.json()).toMatchObject({ waiting: true });
  });

  it('imports nothing when a row is invalid, and reports every row with its line', async () => {
    const existing = await createGateway(t.app, {});
    const dup = randomMac();
    const ok = randomMac();
    const csv = [
      'mac,sn,type',
      `${ok},${randomSerial()},klocknx`,
      `${dup},${randomSerial()},kloudnx`,
      `zz${randomMac().slice(2)},${randomSerial()},kloudnx`,
      `${randomMac()},SHORT,kloudnx`,
      `${randomMac()},${randomSerial()},toaster`,
      `${dup.toUpperCase()},${randomSerial()},kloudnx`,
      `${existing.mac},${randomSerial()},kloudnx`,
      `${randomMac()},${randomSerial()}`,
    ].join('\n');
    const before = await countGateways();
    const res = await upload('g.csv', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalidCsv',
      invalid: [
        { line: 4, reason: 'invalidMac' },
        { line: 5, reason: 'invalidSerial', value: 'SHORT' },
        { line: 6, reason: 'invalidType', value: 'toaster' },
        { line: 7, reason: 'duplicateMac', value: 'line 3' },
        { line: 8, reason: 'gatewayAlreadyAdded' },
        { line: 9, reason: 'wrongColumnCount' },
      ],
      valid: [
        { line: 2, key: ok },
        { line: 3, key: dup },
      ],
    });
    expect(await countGateways()).toBe(before);
  });

  it('refuses wrong columns, empty, non-CSV and too large files with their codes', async () => {
    const before = await countGateways();
    const cols = await upload('g.csv', `sn,mac,type\nAB12CD34,${randomMac()},kloudnx`);
    expect(cols.json()).toMatchObject({
      statusCode: 400,
      code: 'invalidCsv',
      invalid: [{ line: 1, reason: 'invalidColumns' }],
    });
    expect((await upload('g.csv', '')).json()).toMatchObject({
      statusCode: 400,
      code: 'emptyFile',
    });
    expect((await upload('g.csv', '\uFEFF \n')).json()).toMatchObject({ code: 'emptyFile' });
    expect((await upload('g.csv', 'mac,sn,type\n')).json()).toMatchObject({ code: 'emptyFile' });
    expect(
      (await upload('g.txt', `mac,sn,type\n${randomMac()},AB12CD34,kloudnx`)).json(),
    ).toMatchObject({
      statusCode: 400,
      code: 'invalidFileType',
    });
    const big = Buffer.alloc(1_000_001, 'a');
    const tooBig = await upload('g.csv', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'fileTooLargeMax' });
    const json = await callAs(t.app)(admin, 'POST', '/api/gateway/add', { mac: 'x' });
    expect(json.json()).toMatchObject({ statusCode: 400, code: 'invalidFileType' });
    expect(await countGateways()).toBe(before);
  });

  it('accepts exactly 1,000,000 bytes', async () => {
    const header = 'mac,sn,type\n';
    const row = `${randomMac()},AB12CD34,kloudnx\n`;
    const padding = '\n'.repeat(1_000_000 - header.length - row.length);
    const res = await upload('g.csv', header + row + padding);
    expect(res.statusCode).toBe(201);
  });

  it('is for administrators only', async () => {
    const supervisor = await createUser(t.app, 'supervisor');
    const res = await upload('g.csv', `mac,sn,type\n${randomMac()},AB12CD34,kloudnx`, supervisor);
    expect(res.statusCode).toBe(403);
  });
});

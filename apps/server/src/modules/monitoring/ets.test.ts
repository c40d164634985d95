import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETS_XML } from '../../../test/monitoring-fixtures';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { call, knxFixture, monitoringTeam, upload } from './monitoring.testing';

let t: TestServer;
let team: Awaited<ReturnType<typeof monitoringTeam>>;
beforeAll(async () => {
  t = await startTestServer();
  team = await monitoringTeam(t.app);
});
afterAll(() => t.close());

const url = (path: string) => `/api/project/ets/${path}/${team.project.id}`;
const send = (filename: string, content: string | Buffer) =>
  upload(t.app, team.owner, url('update'), filename, content);

describe('ETS file routes', () => {
  it('stores an ETS 6 export and serves the tree, the flat list and the infos', async () => {
    const res = await send('house.xml', knxFixture('ets6-export.xml'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ infos: { name: 'house.xml', count: 8 }, skipped: [] });

    const tree = await call(t.app, team.viewer, 'GET', `/api/project/ets/${team.project.id}`);
    expect(tree.statusCode).toBe(200);
    const ets = tree.json<{ ets: { name: string; file: { main: number; name: string }[] } }>().ets;
    expect(ets.name).toBe('house.xml');
    expect(ets.file.map((m) => [m.main, m.name])).toEqual([
      [0, 'Light & Power'],
      [13, 'Heating'],
      [15, 'Empty main'],
    ]);

    const flat = await call(t.app, team.viewer, 'GET', url('simplified'));
    expect(flat.json<{ addresses: unknown[] }>().addresses).toContainEqual({
      address: '13/0/0',
      name: 'Living room temperature',
      dpt: '9.001',
    });
    const infos = await call(t.app, team.viewer, 'GET', url('infos'));
    expect(infos.json()).toMatchObject({ infos: { name: 'house.xml', count: 8 } });
  });

  it('reads ETS 4 (2-level), .knxproj 0.xml and ISO 8859-1 exports', async () => {
    const ets4 = await send('ets4.xml', knxFixture('ets4-export.xml'));
    expect(ets4.statusCode).toBe(200);
    const flat = await call(t.app, team.owner, 'GET', url('simplified'));
    expect(
      flat.json<{ addresses: { address: string }[] }>().addresses.map((a) => a.address),
    ).toEqual(['1/0/1', '1/7/255', '2/1/44']);
    expect((await send('0.xml', knxFixture('knxproj-0.xml'))).statusCode).toBe(200);
    const latin1 = await send('latin1.xml', knxFixture('ets-latin1.xml'));
    expect(latin1.statusCode).toBe(200);
    const names = await call(t.app, team.owner, 'GET', url('simplified'));
    expect(names.body).toContain('Température séjour');
  });

  it('answers 206 with the skipped entries and their reasons', async () => {
    const res = await send('partial.xml', knxFixture('ets-partial.xml'));
    expect(res.statusCode).toBe(206);
    const body = res.json<{ infos: { count: number }; skipped: { reason: string }[] }>();
    expect(body.infos.count).toBe(2);
    expect(body.skipped.map((s) => s.reason)).toEqual(
      expect.arrayContaining(['missingAddress', 'malformedAddress', 'duplicateAddress']),
    );
  });

  it('verifies a file without storing it', async () => {
    await send('kept.xml', ETS_XML);
    const res = await upload(
      t.app,
      team.owner,
      '/api/project/ets/verify',
      'other.xml',
      knxFixture('ets6-export.xml'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'other.xml', count: 8, skipped: [] });
    const infos = await call(t.app, team.owner, 'GET', url('infos'));
    expect(infos.json()).toMatchObject({ infos: { name: 'kept.xml' } });
  });
});

describe('bad ETS files: a 4xx with the spec code, and the previous file stays', () => {
  const cases: [string, string, string | Buffer, number, string][] = [
    ['an XML bomb', 'bomb.xml', knxFixture('ets-bomb.xml'), 400, 'etsFileNotReadable'],
    ['external entities', 'xxe.xml', knxFixture('ets-xxe.xml'), 400, 'etsFileNotReadable'],
    ['a truncated file', 'cut.xml', knxFixture('ets-truncated.xml'), 400, 'etsFileNotReadable'],
    [
      'a wrong encoding',
      'enc.xml',
      knxFixture('ets-wrong-encoding.xml'),
      400,
      'etsFileNotReadable',
    ],
    ['XML that is not an export', 'book.xml', knxFixture('not-ets.xml'), 400, 'etsFileNotReadable'],
    ['binary garbage', 'bin.xml', Buffer.from([0xff, 0x00, 0x13, 0x37]), 400, 'etsFileNotReadable'],
    ['an empty file', 'empty.xml', Buffer.alloc(0), 400, 'emptyFile'],
    ['a blank file', 'blank.xml', '  \r\n  ', 400, 'emptyFile'],
    [
      'ranges without any address',
      'none.xml',
      '<GroupAddress-Export><GroupRange Name="A" /></GroupAddress-Export>',
      400,
      'etsNoAddress',
    ],
    ['a .csv name', 'export.csv', ETS_XML, 400, 'invalidFileType'],
    ['over 1,000,000 bytes', 'big.xml', ETS_XML + ' '.repeat(1_000_001), 413, 'fileTooLargeMax'],
  ];

  it.each(cases)('%s', async (_name, filename, content, status, code) => {
    expect((await send('good.xml', ETS_XML)).statusCode).toBe(200);
    const res = await send(filename, content);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code });
    const infos = await call(t.app, team.owner, 'GET', url('infos'));
    expect(infos.json()).toMatchObject({ infos: { name: 'good.xml', count: 5 } });
  });

  it('refuses a body that is not multipart', async () => {
    const res = await call(t.app, team.owner, 'POST', url('update'), { file: ETS_XML });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalidFileType' });
  });
});

describe('deleting the ETS file', () => {
  it('keeps the monitored addresses and tells how many remain; then 404s', async () => {
    const own = await monitoringTeam(t.app);
    const at = (path: string) => `/api/project/ets/${path}/${own.project.id}`;
    await upload(t.app, own.owner, at('update'), 'a.xml', ETS_XML);
    const set = await call(t.app, own.owner, 'POST', `/api/gateway/monitored/${own.gw1.mac}`, {
      monitor: [{ address: '1/1/1' }, { address: '1/1/2' }],
    });
    expect(set.statusCode).toBe(200);

    expect((await call(t.app, own.viewer, 'DELETE', at('delete'))).statusCode).toBe(403);
    const del = await call(t.app, own.owner, 'DELETE', at('delete'));
    expect(del.json()).toEqual({ message: 'success', monitored: 2 });
    const monitored = await call(
      t.app,
      own.owner,
      'GET',
      `/api/project/monitored/${own.project.id}`,
    );
    expect(monitored.json<{ monitored: unknown[] }>().monitored).toHaveLength(2);

    const gone = await call(t.app, own.owner, 'GET', `/api/project/ets/${own.project.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'etsFileNotFound' });
    expect((await call(t.app, own.owner, 'GET', at('infos'))).json()).toEqual({ infos: null });
    expect((await call(t.app, own.owner, 'GET', at('simplified'))).json()).toEqual({
      addresses: [],
    });
    expect((await call(t.app, own.owner, 'DELETE', at('delete'))).statusCode).toBe(404);
  });

  it('keeps viewers and other teams out of uploads', async () => {
    const viewerRes = await upload(t.app, team.viewer, url('update'), 'v.xml', ETS_XML);
    expect(viewerRes.statusCode).toBe(403);
    const other = await monitoringTeam(t.app);
    const res = await upload(t.app, other.owner, url('update'), 'o.xml', ETS_XML);
    expect(res.statusCode).toBe(404);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKnxproj, sampleFixture } from '@atrium/knx/knxproj.testing';
import { startTestServer, bearer, type TestServer } from '../../../test/test-server';
import { call, monitoringTeam } from './monitoring.testing';

let t: TestServer;
let team: Awaited<ReturnType<typeof monitoringTeam>>;
beforeAll(async () => {
  t = await startTestServer();
  team = await monitoringTeam(t.app);
});
afterAll(() => t.close());

const PASSWORD = 'Projet-Villa-2026!';

/** A multipart body with the file and, when given, a `password` field before or after it. */
function multipart(
  filename: string,
  content: Uint8Array,
  password?: string,
  passwordFirst = true,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const field =
    password === undefined
      ? ''
      : `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n`;
  const fileHead =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const payload = Buffer.concat([
    Buffer.from(passwordFirst ? field : ''),
    Buffer.from(fileHead),
    Buffer.from(content),
    Buffer.from(`\r\n${passwordFirst ? '' : field}--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const url = (path: string) => `/api/project/ets/${path}/${team.project.id}`;

function send(filename: string, content: Uint8Array, password?: string, passwordFirst = true) {
  const { payload, headers } = multipart(filename, content, password, passwordFirst);
  return t.app.inject({
    method: 'POST',
    url: url('update'),
    payload,
    headers: { ...headers, ...bearer(team.owner.token) },
  });
}

const simplified = async () =>
  (await call(t.app, team.owner, 'GET', url('simplified'))).json<{
    addresses: { address: string; name: string; dpt?: string }[];
  }>().addresses;

describe('ETS upload of a .knxproj project (issue 18)', () => {
  it('reads an ETS 6 project protected by a password, and does not keep the password', async () => {
    const bytes = await buildKnxproj(sampleFixture(6, PASSWORD));
    const res = await send('Villa.knxproj', bytes, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ infos: { name: 'Villa.knxproj', count: 5 }, skipped: [] });
    const addresses = await simplified();
    // 0/0/3 has no DPT of its own: the one of the device object linked to it.
    expect(addresses).toContainEqual({ address: '0/0/3', name: 'Applique', dpt: '1.001' });
    expect(addresses).toContainEqual({
      address: '1/0/10',
      name: 'Salon température',
      dpt: '9.001',
    });
    const tree = await call(t.app, team.viewer, 'GET', `/api/project/ets/${team.project.id}`);
    const file = tree.json<{ ets: { file: { name: string; middles: { name: string }[] }[] } }>().ets
      .file;
    expect(file.map((main) => [main.name, main.middles.map((middle) => middle.name)])).toEqual([
      ['Éclairage', ['Séjour', 'Réserve']],
      ['Chauffage', ['Températures']],
    ]);
    const rows = await t.app.db.selectFrom('ets_files').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });

  it('reads unprotected ETS 4 and 5 projects, and a protected ETS 5 one (password after the file)', async () => {
    for (const ets of [4, 5] as const) {
      const res = await send(`ets${ets}.knxproj`, await buildKnxproj(sampleFixture(ets)));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ infos: { name: `ets${ets}.knxproj`, count: 5 } });
    }
    const bytes = await buildKnxproj(sampleFixture(5, PASSWORD));
    const res = await send('ets5-protected.knxproj', bytes, PASSWORD, false);
    expect(res.statusCode, res.body).toBe(200);
    expect((await simplified()).map((entry) => entry.address)).toEqual([
      '0/0/1',
      '0/0/2',
      '0/0/3',
      '1/0/10',
      '1/0/11',
    ]);
  });

  it('asks for the password, refuses a wrong one, and keeps the previous file', async () => {
    await send('kept.knxproj', await buildKnxproj(sampleFixture(6)));
    const bytes = await buildKnxproj(sampleFixture(6, PASSWORD));
    const none = await send('locked.knxproj', bytes);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'etsPasswordRequired' });
    const empty = await send('locked.knxproj', bytes, '');
    expect(empty.json()).toMatchObject({ code: 'etsPasswordRequired' });
    const wrong = await send('locked.knxproj', bytes, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'etsPasswordWrong' });
    expect(wrong.body).not.toContain('not-the-password');
    const infos = await call(t.app, team.owner, 'GET', url('infos'));
    expect(infos.json()).toMatchObject({ infos: { name: 'kept.knxproj' } });
  });

  it('verifies a project without storing it', async () => {
    const { payload, headers } = multipart(
      'check.knxproj',
      await buildKnxproj(sampleFixture(6, PASSWORD)),
      PASSWORD,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/project/ets/verify',
      payload,
      headers: { ...headers, ...bearer(team.owner.token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'check.knxproj', count: 5, skipped: [] });
  });

  it('bounds a .knxproj separately from the 1,000,000-byte XML limit', async () => {
    // Over 1 MB but a valid project: accepted (the XML limit does not apply).
    const padded = await buildKnxproj({
      ...sampleFixture(6),
      extraEntries: [{ name: 'M-00FA/Baggages/photo.jpg', bytes: randomBytes(1_200_000) }],
    });
    expect(padded.length).toBeGreaterThan(1_000_000);
    expect((await send('big.knxproj', padded)).statusCode).toBe(200);
    // An XML over 1,000,000 bytes still is refused as the spec says.
    const xml = await send('big.xml', new Uint8Array(1_000_001).fill(32));
    expect(xml.statusCode).toBe(413);
    expect(xml.json()).toMatchObject({ code: 'fileTooLargeMax' });
    // Over 50,000,000 bytes: refused with its own code.
    const huge = await send('huge.knxproj', new Uint8Array(50_000_001));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'knxprojTooLarge' });
  });

  it('refuses unsafe archives, non-projects and other file types', async () => {
    const traversal = await buildKnxproj({
      ...sampleFixture(6),
      extraEntries: [{ name: 'M-00FA/../../etc/cron.d/x', bytes: new Uint8Array([1]) }],
    });
    const unsafe = await send('evil.knxproj', traversal);
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json()).toMatchObject({ code: 'knxprojUnsafe' });
    const notZip = await send('fake.knxproj', new TextEncoder().encode('<KNX/>'));
    expect(notZip.json()).toMatchObject({ code: 'etsFileNotReadable' });
    const empty = await send('empty.knxproj', new Uint8Array());
    expect(empty.json()).toMatchObject({ code: 'emptyFile' });
    const other = await send('project.zip', await buildKnxproj(sampleFixture(6)));
    expect(other.json()).toMatchObject({ code: 'invalidFileType' });
  });

  it('lets a viewer neither verify nor upload', async () => {
    const { payload, headers } = multipart('v.knxproj', await buildKnxproj(sampleFixture(6)));
    const res = await t.app.inject({
      method: 'POST',
      url: url('update'),
      payload,
      headers: { ...headers, ...bearer(team.viewer.token) },
    });
    expect(res.statusCode).toBe(403);
  });

  it('reads one .knxproj at a time per node: two wait, more at once are refused (429)', async () => {
    const bytes = await buildKnxproj(sampleFixture(6, PASSWORD));
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => send('p.knxproj', bytes, PASSWORD)),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(3);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
    const refused = replies.find((r) => r.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'rateLimited' });
    expect(refused?.headers['retry-after']).toBe('1');
    // Once they are done, the next one is read.
    expect((await send('p.knxproj', bytes, PASSWORD)).statusCode).toBe(200);
  });
});

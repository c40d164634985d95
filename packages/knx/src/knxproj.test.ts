import { TextReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { describe, expect, it } from 'vitest';
import { exportEtsTreeCsv } from './ets-csv';
import { parseEtsCsv } from './ets-csv-import';
import { isKnxError } from './errors';
import {
  ets6ZipPassword,
  parseKnxproj,
  withoutModuleInstance,
  type KnxprojOptions,
} from './knxproj';
import { buildKnxproj, largeFixture, sampleFixture, type KnxprojFixture } from './knxproj.testing';
import { InflateBudget, isUnsafeEntryName, KNXPROJ_LIMITS, SafeZip } from './knxproj-zip';
import { readApplicationObjects } from './knxproj-xml';

async function codeOf(input: Uint8Array, options?: KnxprojOptions): Promise<string | undefined> {
  try {
    await parseKnxproj(input, options);
  } catch (error) {
    return isKnxError(error) ? error.code : `not a KnxError: ${String(error)}`;
  }
  return undefined;
}

async function zipOf(entries: Record<string, string>, level = 6): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter());
  for (const [name, text] of Object.entries(entries))
    await writer.add(name, new TextReader(text), { level });
  return writer.close();
}

const SAMPLE_ADDRESSES = [
  { address: '0/0/1', name: 'Plafond', dpt: '1.001', description: 'Variateur' },
  { address: '0/0/2', name: 'Plafond luminosité', dpt: '5.001' },
  // No DPT of its own: its linked device object's (ComObject DPST-1-1).
  { address: '0/0/3', name: 'Applique', dpt: '1.001' },
  // The first of the object's DPTs (ComObject "DPST-9-1 DPST-9-2").
  { address: '1/0/10', name: 'Salon température', dpt: '9.001' },
  { address: '1/0/11', name: 'Salon consigne', dpt: '9' },
];

describe('ets6ZipPassword (ETS 6 project password derivation)', () => {
  it('matches the reference values', async () => {
    expect(await ets6ZipPassword('a')).toBe('+FAwP4iI7/Pu4WB3HdIHbbFmteLahPAVkjJShKeozAA=');
    expect(await ets6ZipPassword('test')).toBe('2+IIP7ErCPPKxFjJXc59GFx2+w/1VTLHjJ2duc04CYQ=');
    // UTF-16LE code units: a non-Latin-1 character and an emoji's surrogate pair.
    expect(await ets6ZipPassword('Penn¥w1se 🤡')).toBe(
      'ZjlYlh+eTtoHvFadU7+EKvF4jOdEm7WkP49uanOMMk0=',
    );
  });
});

describe('parseKnxproj reads ETS 4, 5 and 6 projects', () => {
  const cases = ([4, 5, 6] as const).flatMap((ets) =>
    [undefined, 'Geheim-2026!'].map((password) => ({ ets, password })),
  );

  it.each(cases)('ETS $ets, password $password', async ({ ets, password }) => {
    const bytes = await buildKnxproj(sampleFixture(ets, password));
    const result = await parseKnxproj(bytes, password === undefined ? {} : { password });
    expect(result.etsVersion).toBe(ets);
    expect(result.protectedProject).toBe(password !== undefined);
    expect(result.projectName).toBe(`Villa ETS ${ets}`);
    expect(result.style).toBe('threeLevel');
    expect(result.skipped).toEqual([]);
    expect(result.addresses).toEqual(SAMPLE_ADDRESSES);
    expect(result.dptsFromDevices).toBe(2);
    const [light, heating] = result.tree;
    expect(light).toMatchObject({ main: 0, name: 'Éclairage', description: 'Rez-de-chaussée' });
    expect(light?.middles.map((middle) => [middle.name, middle.addresses.length])).toEqual([
      ['Séjour', 3],
      ['Réserve', 0],
    ]);
    expect(heating?.middles[0]?.name).toBe('Températures');
  });

  it('reads ETS 5 before 5.7 (schema 14: Connectors/Send/Receive links)', async () => {
    const fixture: KnxprojFixture = { ...sampleFixture(5, 'pw'), schema: 14 };
    const result = await parseKnxproj(await buildKnxproj(fixture), { password: 'pw' });
    expect(result.addresses).toEqual(SAMPLE_ADDRESSES);
  });

  it('prefers the instance DPT, then the ComObjectRef, then the ComObject; the majority wins', async () => {
    const fixture: KnxprojFixture = {
      ets: 6,
      ranges: [
        {
          name: 'Main',
          start: 0,
          end: 2047,
          addresses: [
            { raw: 1, name: 'instance' },
            { raw: 2, name: 'ref' },
            { raw: 3, name: 'majority' },
            { raw: 4, name: 'untyped everywhere' },
          ],
        },
      ],
      objects: [
        {
          number: 1,
          objectDpt: 'DPST-1-1',
          refDpt: 'DPST-1-8',
          instanceDpt: 'DPST-1-9',
          links: [1],
        },
        { number: 2, objectDpt: 'DPST-1-1', refDpt: 'DPST-5-1', links: [2] },
        { number: 3, objectDpt: 'DPST-7-1', links: [3] },
        { number: 4, objectDpt: 'DPST-9-1', links: [3] },
        { number: 5, objectDpt: 'DPST-9-1', links: [3, 4] },
      ],
    };
    const result = await parseKnxproj(await buildKnxproj(fixture));
    expect(result.addresses.map((entry) => [entry.name, entry.dpt])).toEqual([
      ['instance', '1.009'],
      ['ref', '5.001'],
      ['majority', '9.001'],
      ['untyped everywhere', '9.001'],
    ]);
  });

  it('keeps the two-level and free styles the project names', async () => {
    const two = await parseKnxproj(
      await buildKnxproj({
        ets: 6,
        style: 'TwoLevel',
        ranges: [
          {
            name: 'Lights',
            start: 6144,
            end: 8191,
            addresses: [{ raw: 6144 + 300, name: 'Hall' }],
          },
        ],
      }),
    );
    expect(two.style).toBe('twoLevel');
    expect(two.addresses).toEqual([{ address: '3/1/44', name: 'Hall' }]);
    expect(exportEtsTreeCsv(two.tree, { style: two.style })).toContain('"Hall"\t"3/300"');
    const free = await parseKnxproj(
      await buildKnxproj({
        ets: 5,
        style: 'Free',
        ranges: [{ name: 'Any', start: 1, end: 65535, addresses: [{ raw: 2561, name: 'Pump' }] }],
      }),
    );
    expect(free.style).toBe('free');
    expect(free.addresses).toEqual([{ address: '1/2/1', name: 'Pump' }]);
  });

  it('exports an imported project as ETS CSV and reads it back the same', async () => {
    const result = await parseKnxproj(await buildKnxproj(sampleFixture(6)));
    const back = parseEtsCsv(exportEtsTreeCsv(result.tree));
    expect(back.tree).toEqual(result.tree);
  });

  it('reads 5,000 addresses well within a second', async () => {
    const bytes = await buildKnxproj(largeFixture(5000, 6, 'pw'));
    const started = performance.now();
    const result = await parseKnxproj(bytes, { password: 'pw' });
    const elapsed = performance.now() - started;
    expect(result.addresses).toHaveLength(5000);
    expect(result.dptsFromDevices).toBe(2500);
    expect(elapsed).toBeLessThan(3000);
  });
});

describe('parseKnxproj refuses', () => {
  it('a protected project without a password, or with a wrong one', async () => {
    for (const ets of [4, 5, 6] as const) {
      const bytes = await buildKnxproj(sampleFixture(ets, 'right'));
      expect(await codeOf(bytes)).toBe('etsPasswordRequired');
      expect(await codeOf(bytes, { password: '' })).toBe('etsPasswordRequired');
      expect(await codeOf(bytes, { password: 'wrong' })).toBe('etsPasswordWrong');
    }
  });

  it('a wrong ZipCrypto password that passes its one-byte check (ETS 4/5)', async () => {
    const outer = await SafeZip.open(
      await buildKnxproj(sampleFixture(5, 'right')),
      new InflateBudget(KNXPROJ_LIMITS),
    );
    const inner = await SafeZip.open(
      await outer.read('P-0ABC.zip'),
      new InflateBudget(KNXPROJ_LIMITS),
    );
    expect(new TextDecoder().decode(await inner.read('0.xml', { password: 'right' }))).toContain(
      '<GroupAddress ',
    );
    // About one wrong password in 256 passes ZipCrypto's check byte: still a wrong password.
    const codes = new Set<string>();
    for (let index = 0; index < 1500; index += 1) {
      try {
        await inner.read('0.xml', { password: `wrong-${index}` });
        codes.add('read');
      } catch (error) {
        codes.add(isKnxError(error) ? error.code : String(error));
      }
    }
    expect([...codes]).toEqual(['etsPasswordWrong']);
    // 1,500 decryptions: about 2 s alone, more beside the other test files on a 2-core CI.
  }, 30_000);

  it('empty, oversized, non-zip and non-project files', async () => {
    expect(await codeOf(new Uint8Array())).toBe('emptyFile');
    const bytes = await buildKnxproj(sampleFixture(6));
    expect(await codeOf(bytes, { limits: { maxBytes: bytes.length - 1 } })).toBe('fileTooLargeMax');
    expect(await codeOf(new TextEncoder().encode('<GroupAddress-Export/>'))).toBe(
      'etsFileNotReadable',
    );
    expect(await codeOf(await zipOf({ 'readme.txt': 'hello' }))).toBe('etsFileNotReadable');
    const master = '<KNX xmlns="http://knx.org/xml/project/21"></KNX>';
    expect(await codeOf(await zipOf({ 'knx_master.xml': master }))).toBe('etsFileNotReadable');
    const broken = await zipOf({ 'knx_master.xml': master, 'P-0001/0.xml': '<KNX><Project>' });
    expect(await codeOf(broken)).toBe('etsFileNotReadable');
    const doctype = await zipOf({
      'knx_master.xml': master,
      'P-0001/0.xml': '<!DOCTYPE x [<!ENTITY a "b">]><KNX/>',
    });
    expect(await codeOf(doctype)).toBe('etsFileNotReadable');
  });

  it('entries that climb out of the archive or are absolute', async () => {
    for (const name of [
      '../evil.xml',
      'M-00FA/../../evil.xml',
      '/etc/passwd',
      'C:\\evil.xml',
      '..\\evil.xml',
    ]) {
      const bytes = await buildKnxproj({
        ...sampleFixture(6),
        extraEntries: [{ name, bytes: new Uint8Array([1]) }],
      });
      expect(await codeOf(bytes), name).toBe('knxprojUnsafe');
    }
    expect(isUnsafeEntryName('P-0ABC/0.xml')).toBe(false);
    expect(isUnsafeEntryName('a/..b/c')).toBe(false);
  });

  it('zip bombs: a high ratio, a large entry, too much inflated in total, too many entries', async () => {
    const master = '<KNX xmlns="http://knx.org/xml/project/21"></KNX>';
    const bomb = await zipOf(
      { 'knx_master.xml': master, 'P-0001/0.xml': ' '.repeat(20_000_000) },
      9,
    );
    expect(bomb.length).toBeLessThan(100_000);
    expect(await codeOf(bomb)).toBe('knxprojUnsafe');
    const bytes = await buildKnxproj(sampleFixture(6));
    expect(await codeOf(bytes, { limits: { maxEntryBytes: 1000 } })).toBe('knxprojUnsafe');
    expect(await codeOf(bytes, { limits: { maxTotalBytes: 3000 } })).toBe('knxprojUnsafe');
    expect(await codeOf(bytes, { limits: { maxEntries: 3 } })).toBe('knxprojUnsafe');
  });
});

describe('withoutModuleInstance', () => {
  it('drops the module instance, keeps the module definition and sub-module', () => {
    expect(withoutModuleInstance('O-1_R-1')).toBe('O-1_R-1');
    expect(withoutModuleInstance('MD-1_M-1_MI-1_O-3-1_R-2')).toBe('MD-1_O-3-1_R-2');
    expect(withoutModuleInstance('MD-4_M-15_MI-1_SM-1_M-1_MI-1-1-2_SM-1_O-3-1_R-2')).toBe(
      'MD-4_SM-1_O-3-1_R-2',
    );
  });
});

describe('readApplicationObjects', () => {
  it('finds ComObject and ComObjectRef tags only, in any namespace and quoting', () => {
    const into = { objects: new Map(), refs: new Map() };
    readApplicationObjects(
      `<KNX xmlns="http://knx.org/xml/project/21"><ComObjectTable CodeSegment="x">
        <ComObject Id="A_O-1" Name="a" DatapointType="DPST-1-1" />
        <k:ComObject Id='A_O-2' Text="x &gt; y"/>
      </ComObjectTable><ComObjectRefs>
        <ComObjectRef
          Id="A_O-1_R-1" RefId="A_O-1" DatapointType="DPST-5-1" />
        <ComObjectRef Id="A_O-2_R-2" RefId="A_O-2"></ComObjectRef>
        <ComObjectRefX Id="not" RefId="this" />
      </ComObjectRefs><ComObjectParameterBlock Id="no" /></KNX>`,
      into,
    );
    expect([...into.objects]).toEqual([
      ['A_O-1', 'DPST-1-1'],
      ['A_O-2', undefined],
    ]);
    expect([...into.refs]).toEqual([
      ['A_O-1_R-1', { object: 'A_O-1', dpt: 'DPST-5-1' }],
      ['A_O-2_R-2', { object: 'A_O-2' }],
    ]);
  });
});

/**
 * Builds `.knxproj` files shaped as ETS 4, 5 and 6 write them, for tests, browser tests
 * and benchmarks (no real project is shipped): `knx_master.xml`, a manufacturer folder
 * `M-00FA/` with `Hardware.xml` and one application program whose communication objects
 * carry DPTs, and the project as a `P-0ABC/` folder or, with a password, as an inner
 * `P-0ABC.zip` encrypted as ETS does it (ETS 6: WinZip AES-256 with the PBKDF2-derived
 * password; ETS 4 and 5: ZipCrypto with the password as typed).
 */
import { TextReader, Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { ets6ZipPassword } from './knxproj';

/** A group address of the fixture. */
export interface FixtureAddress {
  /** Raw 16-bit address (what 0.xml stores). */
  raw: number;
  name: string;
  description?: string;
  /** ETS id (`DPST-9-1`, `DPT-9`) on the address itself. */
  dpt?: string;
}

/** A group range, holding ranges or addresses. */
export interface FixtureRange {
  name: string;
  start: number;
  end: number;
  description?: string;
  ranges?: FixtureRange[];
  addresses?: FixtureAddress[];
}

/** A communication object of the one fixture device, linked to addresses. */
export interface FixtureObject {
  /** Object number (`O-n`). */
  number: number;
  /** DPT on the product's `ComObject`. */
  objectDpt?: string;
  /** DPT on the product's `ComObjectRef` (overrides the object's). */
  refDpt?: string;
  /** DPT set on the instance in the project (overrides both). */
  instanceDpt?: string;
  /** Raw addresses it is linked to (the first one sends). */
  links: number[];
}

export interface KnxprojFixture {
  ets: 4 | 5 | 6;
  /** knx_master.xml schema; 11 (ETS 4), 20 (ETS 5.7) or 21 (ETS 6) by default. */
  schema?: number;
  name?: string;
  style?: 'ThreeLevel' | 'TwoLevel' | 'Free';
  password?: string;
  ranges: FixtureRange[];
  objects?: FixtureObject[];
  /**
   * Parameters written into the application program, as real products carry thousands
   * (about 200 bytes each): real product files weigh megabytes.
   */
  applicationParameters?: number;
  /** Extra entries written as they are (to test refusals). */
  extraEntries?: { name: string; bytes: Uint8Array }[];
}

const PROJECT = 'P-0ABC';
const MANUFACTURER = 'M-00FA';
const APP = `${MANUFACTURER}_A-0001-01-ABCD`;
const HARDWARE = `${MANUFACTURER}_H-0001-1`;
const HARDWARE_PROGRAM = `${HARDWARE}_HP-0001-01-ABCD`;

const escape = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

const attrs = (values: Record<string, string | number | undefined>) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escape(String(value))}"`)
    .join('');

const defaultSchema = (ets: 4 | 5 | 6) => (ets === 4 ? 11 : ets === 5 ? 20 : 21);

function head(schema: number, ets: number): string {
  return `\uFEFF<?xml version="1.0" encoding="utf-8"?>\r\n<KNX xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://knx.org/xml/project/${schema}" CreatedBy="ETS${ets}" ToolVersion="${ets}.0.0.0">\r\n`;
}

/** Addresses get ids in the order they are written: GA-1, GA-2… */
function rangesXml(
  ranges: readonly FixtureRange[],
  ids: Map<number, string>,
  depth: number,
): string {
  const pad = '  '.repeat(depth);
  return ranges
    .map((range) => {
      const inner = [
        ...(range.addresses ?? []).map((address) => {
          const id = `${PROJECT}-0_GA-${ids.size + 1}`;
          ids.set(address.raw, id);
          const values = {
            Id: id,
            Address: address.raw,
            Name: address.name,
            Description: address.description,
            DatapointType: address.dpt,
            Puid: ids.size + 100,
          };
          return `${pad}  <GroupAddress${attrs(values)} />\r\n`;
        }),
        rangesXml(range.ranges ?? [], ids, depth + 1),
      ].join('');
      const values = {
        Id: `${PROJECT}-0_GR-${depth}-${range.start}`,
        RangeStart: range.start,
        RangeEnd: range.end,
        Name: range.name,
        Description: range.description,
      };
      return inner === ''
        ? `${pad}<GroupRange${attrs(values)} />\r\n`
        : `${pad}<GroupRange${attrs(values)}>\r\n${inner}${pad}</GroupRange>\r\n`;
    })
    .join('');
}

function objectXml(
  object: FixtureObject,
  fixture: KnxprojFixture,
  schema: number,
  ids: Map<number, string>,
): string {
  const shortRef = `O-${object.number}_R-${object.number}`;
  const refId = fixture.ets === 4 ? `${APP}_${shortRef}` : shortRef;
  const links = object.links.map((raw) => ids.get(raw) ?? `${PROJECT}-0_GA-missing`);
  if (schema >= 20) {
    const tails = links.map((id) => id.slice(id.lastIndexOf('_') + 1)).join(' ');
    return `                <ComObjectInstanceRef${attrs({ RefId: refId, DatapointType: object.instanceDpt, Links: tails })} />\r\n`;
  }
  const [send, ...receive] = links;
  const connectors = [
    send === undefined ? '' : `<Send GroupAddressRefId="${send}" />`,
    ...receive.map((id) => `<Receive GroupAddressRefId="${id}" />`),
  ].join('');
  return `                <ComObjectInstanceRef${attrs({ RefId: refId, DatapointType: object.instanceDpt })}><Connectors>${connectors}</Connectors></ComObjectInstanceRef>\r\n`;
}

function project0(fixture: KnxprojFixture, schema: number): string {
  const ids = new Map<number, string>();
  const ranges = rangesXml(fixture.ranges, ids, 6);
  const objects = (fixture.objects ?? [])
    .map((object) => objectXml(object, fixture, schema, ids))
    .join('');
  const segment =
    fixture.ets === 6 ? `<Segment Id="${PROJECT}-0_S-1" Number="0" MediumTypeRefId="MT-0" />` : '';
  return (
    head(schema, fixture.ets) +
    `  <Project Id="${PROJECT}">\r\n    <Installations>\r\n      <Installation Name="">\r\n` +
    `        <Topology>\r\n          <Area Id="${PROJECT}-0_A-1" Address="1">\r\n` +
    `            <Line Id="${PROJECT}-0_L-1" Address="1">${segment}\r\n` +
    `              <DeviceInstance Id="${PROJECT}-0_DI-1" Address="1" ProductRefId="${HARDWARE}_P-1" Hardware2ProgramRefId="${HARDWARE_PROGRAM}">\r\n` +
    `                <ComObjectInstanceRefs>\r\n${objects}                </ComObjectInstanceRefs>\r\n` +
    `              </DeviceInstance>\r\n            </Line>\r\n          </Area>\r\n        </Topology>\r\n` +
    `        <GroupAddresses>\r\n          <GroupRanges>\r\n${ranges}          </GroupRanges>\r\n        </GroupAddresses>\r\n` +
    `      </Installation>\r\n    </Installations>\r\n  </Project>\r\n</KNX>\r\n`
  );
}

function projectXml(fixture: KnxprojFixture, schema: number): string {
  const values = {
    Name: fixture.name ?? `Fixture ETS ${fixture.ets}`,
    GroupAddressStyle: fixture.style ?? 'ThreeLevel',
  };
  return `${head(schema, fixture.ets)}  <Project Id="${PROJECT}">\r\n    <ProjectInformation${attrs(values)} />\r\n  </Project>\r\n</KNX>\r\n`;
}

function hardwareXml(schema: number, ets: number): string {
  return (
    `${head(schema, ets)}  <ManufacturerData>\r\n    <Manufacturer RefId="${MANUFACTURER}">\r\n      <Hardware>\r\n` +
    `        <Hardware Id="${HARDWARE}" Name="Fixture actuator">\r\n          <Hardware2Programs>\r\n` +
    `            <Hardware2Program Id="${HARDWARE_PROGRAM}"><ApplicationProgramRef RefId="${APP}" /></Hardware2Program>\r\n` +
    `          </Hardware2Programs>\r\n        </Hardware>\r\n      </Hardware>\r\n    </Manufacturer>\r\n  </ManufacturerData>\r\n</KNX>\r\n`
  );
}

function applicationXml(fixture: KnxprojFixture, schema: number): string {
  const objects = fixture.objects ?? [];
  const comObjects = objects
    .map(
      (o) =>
        `              <ComObject${attrs({ Id: `${APP}_O-${o.number}`, Number: o.number, ObjectSize: '1 Byte', DatapointType: o.objectDpt })} />\r\n`,
    )
    .join('');
  const refs = objects
    .map(
      (o) =>
        `              <ComObjectRef${attrs({ Id: `${APP}_O-${o.number}_R-${o.number}`, RefId: `${APP}_O-${o.number}`, DatapointType: o.refDpt })} />\r\n`,
    )
    .join('');
  const parameters = Array.from(
    { length: fixture.applicationParameters ?? 0 },
    (_, index) =>
      `              <Parameter Id="${APP}_P-${index}" Name="Parameter${index}" ParameterType="${APP}_PT-Percent" Text="Channel ${index % 64}: brightness when switched on" Value="${index % 100}" />\r\n`,
  ).join('');
  return (
    `${head(schema, fixture.ets)}  <ManufacturerData>\r\n    <Manufacturer RefId="${MANUFACTURER}">\r\n      <ApplicationPrograms>\r\n` +
    `        <ApplicationProgram Id="${APP}" Name="Fixture application">\r\n          <Static>\r\n` +
    `            <Parameters>\r\n${parameters}            </Parameters>\r\n` +
    `            <ComObjectTable>\r\n${comObjects}            </ComObjectTable>\r\n` +
    `            <ComObjectRefs>\r\n${refs}            </ComObjectRefs>\r\n` +
    `          </Static>\r\n        </ApplicationProgram>\r\n      </ApplicationPrograms>\r\n    </Manufacturer>\r\n  </ManufacturerData>\r\n</KNX>\r\n`
  );
}

/** Writes the fixture as a `.knxproj` (zip bytes). */
export async function buildKnxproj(fixture: KnxprojFixture): Promise<Uint8Array> {
  const schema = fixture.schema ?? defaultSchema(fixture.ets);
  const outer = new ZipWriter(new Uint8ArrayWriter());
  await outer.add(
    'knx_master.xml',
    new TextReader(
      `${head(schema, fixture.ets)}  <MasterData Id="MD-1" Version="1" />\r\n</KNX>\r\n`,
    ),
  );
  await outer.add(`${MANUFACTURER}/Hardware.xml`, new TextReader(hardwareXml(schema, fixture.ets)));
  await outer.add(`${MANUFACTURER}/${APP}.xml`, new TextReader(applicationXml(fixture, schema)));
  const files: [string, string][] = [
    ['0.xml', project0(fixture, schema)],
    ['project.xml', projectXml(fixture, schema)],
  ];
  // ETS 4 names it with a capital letter.
  if (fixture.ets === 4) files[1] = ['Project.xml', projectXml(fixture, schema)];
  if (fixture.password === undefined) {
    for (const [name, text] of files) await outer.add(`${PROJECT}/${name}`, new TextReader(text));
  } else {
    const aes = schema >= 21;
    const password = aes ? await ets6ZipPassword(fixture.password) : fixture.password;
    const inner = new ZipWriter(new Uint8ArrayWriter(), {
      password,
      zipCrypto: !aes,
      ...(aes ? { encryptionStrength: 3 as const } : {}),
    });
    for (const [name, text] of files) await inner.add(name, new TextReader(text));
    await outer.add(`${PROJECT}.zip`, new Uint8ArrayReader(await inner.close()), { level: 0 });
  }
  await outer.add(`${PROJECT}.signature`, new TextReader('fixture signature'));
  for (const entry of fixture.extraEntries ?? []) {
    await outer.add(entry.name, new Uint8ArrayReader(entry.bytes));
  }
  return outer.close();
}

/**
 * A typical small project: two main groups, named middle groups, an empty middle group,
 * descriptions, addresses with DPTs and one whose DPT only its linked device object knows.
 */
export function sampleFixture(ets: 4 | 5 | 6, password?: string): KnxprojFixture {
  return {
    ets,
    name: `Villa ETS ${ets}`,
    ...(password === undefined ? {} : { password }),
    ranges: [
      {
        name: 'Éclairage',
        start: 0,
        end: 2047,
        description: 'Rez-de-chaussée',
        ranges: [
          {
            name: 'Séjour',
            start: 0,
            end: 255,
            addresses: [
              { raw: 1, name: 'Plafond', description: 'Variateur', dpt: 'DPST-1-1' },
              { raw: 2, name: 'Plafond luminosité', dpt: 'DPST-5-1' },
              { raw: 3, name: 'Applique' },
            ],
          },
          { name: 'Réserve', start: 256, end: 511 },
        ],
      },
      {
        name: 'Chauffage',
        start: 2048,
        end: 4095,
        ranges: [
          {
            name: 'Températures',
            start: 2048,
            end: 2303,
            addresses: [
              { raw: 2048 + 10, name: 'Salon température' },
              { raw: 2048 + 11, name: 'Salon consigne', dpt: 'DPT-9' },
            ],
          },
        ],
      },
    ],
    objects: [
      { number: 1, objectDpt: 'DPST-1-1', links: [1, 3] },
      { number: 2, objectDpt: 'DPST-9-1 DPST-9-2', links: [2048 + 10] },
    ],
  };
}

/** A project of `count` addresses (3-level, 8 per middle group… up to 65,535), half typed by devices. */
export function largeFixture(count: number, ets: 4 | 5 | 6 = 6, password?: string): KnxprojFixture {
  const mains = new Map<number, FixtureRange>();
  const objects: FixtureObject[] = [];
  for (let index = 0; index < count; index += 1) {
    const raw = index + 1;
    const main = raw >> 11;
    const middle = (raw >> 8) & 7;
    let mainRange = mains.get(main);
    if (mainRange === undefined) {
      mainRange = { name: `Main ${main}`, start: main << 11, end: (main << 11) + 2047, ranges: [] };
      mains.set(main, mainRange);
    }
    const start = (main << 11) + (middle << 8);
    let middleRange = mainRange.ranges?.find((range) => range.start === start);
    if (middleRange === undefined) {
      middleRange = { name: `Middle ${main}/${middle}`, start, end: start + 255, addresses: [] };
      mainRange.ranges?.push(middleRange);
    }
    const typed = index % 2 === 0;
    middleRange.addresses?.push({
      raw,
      name: `Address ${index} with a name of usual length`,
      description: `Room ${index % 40}`,
      ...(typed ? { dpt: 'DPST-9-1' } : {}),
    });
    if (!typed) objects.push({ number: index, objectDpt: 'DPST-1-1', links: [raw] });
  }
  return {
    ets,
    name: `Large ${count}`,
    ...(password === undefined ? {} : { password }),
    ranges: [...mains.values()],
    objects,
  };
}

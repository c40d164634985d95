import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { KnxError } from './errors';
import type { RawAddress, RawRange } from './ets-model';
import type { GroupAddressForm } from './group-address';

/** The name without its namespace prefix (ETS 4, 5 and 6 differ in namespace only). */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  const direct = tag.attributes[name];
  if (direct !== undefined) return direct;
  const key = Object.keys(tag.attributes).find((key) => localName(key) === name);
  return key === undefined ? undefined : tag.attributes[key];
}

/** The last `_`-separated part of an id: `P-0123-0_GA-7` → `GA-7` (links use either form). */
export function idTail(id: string): string {
  return id.slice(id.lastIndexOf('_') + 1);
}

/** Runs a SAX pass over `text`; XML errors and DTDs become `etsFileNotReadable`. */
function saxPass(
  text: string,
  what: string,
  enter: (tag: SaxesTagPlain, kind: string) => void,
  leave: (kind: string) => void = () => undefined,
): void {
  if (text.includes('<!DOCTYPE') || text.includes('<!ENTITY')) {
    throw new KnxError('etsFileNotReadable', `${what}: a DOCTYPE or ENTITY is not allowed`);
  }
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag) => enter(tag, localName(tag.name)));
  parser.on('closetag', (tag) => leave(localName(tag.name)));
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof KnxError) throw error;
    const reason = error instanceof Error ? error.message : 'malformed XML';
    throw new KnxError('etsFileNotReadable', `${what}: ${reason}`);
  }
}

/** A group address of 0.xml, with what links it to devices. */
export interface ProjectAddress extends RawAddress {
  /** Tail of its `Id` (`GA-7`), the key device links use. */
  key: string;
}

/** A device's communication object linked to group addresses. */
export interface ComObjectLink {
  /** `Hardware2ProgramRefId` of its device (ETS 5+: how its application is found). */
  hardwareProgram?: string;
  /** `RefId` of the `ComObjectInstanceRef`: `O-1_R-1` (ETS 5+) or the full id (ETS 4). */
  refId: string;
  /** The instance's own `DatapointType`, when set in the project. */
  dpt?: string;
  /** Keys (`GA-7`) of the group addresses it is linked to. */
  addresses: string[];
}

/** What the project's 0.xml holds for the import. */
export interface ProjectContent {
  ranges: RawRange[];
  addresses: ProjectAddress[];
  links: ComObjectLink[];
  /** True when the file had the `GroupAddresses` part of an ETS project. */
  sawGroupAddresses: boolean;
}

/**
 * Reads 0.xml of a project: the group ranges (nested), the group addresses (raw
 * integer `Address`, `Name`, `Description`, `DatapointType`), and every device
 * communication object linked to addresses — through `Links` (ETS 5.7+ / 6) or
 * `Connectors/Send|Receive` `GroupAddressRefId` (ETS 4, ETS 5 before 5.7).
 */
export function readProject0(text: string): ProjectContent {
  const content: ProjectContent = {
    ranges: [],
    addresses: [],
    links: [],
    sawGroupAddresses: false,
  };
  const open: RawRange[] = [];
  let device: string | undefined;
  let comObject: ComObjectLink | undefined;
  saxPass(
    text,
    '0.xml',
    (tag, kind) => {
      switch (kind) {
        case 'GroupAddresses':
          content.sawGroupAddresses = true;
          break;
        case 'GroupRange': {
          const start = Number(attribute(tag, 'RangeStart'));
          const end = Number(attribute(tag, 'RangeEnd'));
          const description = attribute(tag, 'Description');
          const range: RawRange = {
            depth: open.length + 1,
            name: attribute(tag, 'Name') ?? '',
            ...(description === undefined ? {} : { description }),
            ...(Number.isInteger(start) ? { start } : {}),
            ...(Number.isInteger(end) ? { end } : {}),
          };
          open.push(range);
          content.ranges.push(range);
          break;
        }
        case 'GroupAddress': {
          const values: Record<string, string | undefined> = {
            address: attribute(tag, 'Address'),
            name: attribute(tag, 'Name'),
            dpt: attribute(tag, 'DatapointType') ?? attribute(tag, 'DPTs'),
            description: attribute(tag, 'Description'),
          };
          const entry: ProjectAddress = { key: idTail(attribute(tag, 'Id') ?? '') };
          for (const [name, value] of Object.entries(values)) {
            if (value !== undefined && value !== '') Object.assign(entry, { [name]: value });
          }
          content.addresses.push(entry);
          break;
        }
        case 'DeviceInstance':
          device = attribute(tag, 'Hardware2ProgramRefId');
          break;
        case 'ComObjectInstanceRef': {
          const refId = attribute(tag, 'RefId') ?? '';
          const dpt = attribute(tag, 'DatapointType');
          const links = attribute(tag, 'Links');
          comObject = {
            ...(device === undefined ? {} : { hardwareProgram: device }),
            refId,
            ...(dpt === undefined || dpt === '' ? {} : { dpt }),
            addresses: links === undefined ? [] : links.split(/\s+/).filter(Boolean).map(idTail),
          };
          content.links.push(comObject);
          break;
        }
        case 'Send':
        case 'Receive': {
          const ref = attribute(tag, 'GroupAddressRefId');
          if (comObject !== undefined && ref !== undefined) comObject.addresses.push(idTail(ref));
          break;
        }
        default:
      }
    },
    (kind) => {
      if (kind === 'GroupRange') open.pop();
      else if (kind === 'ComObjectInstanceRef') comObject = undefined;
      else if (kind === 'DeviceInstance') device = undefined;
    },
  );
  content.links = content.links.filter((link) => link.addresses.length > 0);
  return content;
}

/** The project's name and address style, from project.xml (`ProjectInformation`). */
export function readProjectInformation(text: string): { name?: string; style?: GroupAddressForm } {
  const styles: Record<string, GroupAddressForm> = {
    ThreeLevel: 'threeLevel',
    TwoLevel: 'twoLevel',
    Free: 'free',
  };
  let found: { name?: string; style?: GroupAddressForm } = {};
  saxPass(text, 'project.xml', (tag, kind) => {
    if (kind !== 'ProjectInformation') return;
    const name = attribute(tag, 'Name');
    const style = styles[attribute(tag, 'GroupAddressStyle') ?? ''];
    found = {
      ...(name === undefined ? {} : { name }),
      ...(style === undefined ? {} : { style }),
    };
  });
  return found;
}

/** `Hardware2Program` id → application program id, from a manufacturer's Hardware.xml. */
export function readHardwarePrograms(text: string, into: Map<string, string>): void {
  let current: string | undefined;
  saxPass(
    text,
    'Hardware.xml',
    (tag, kind) => {
      if (kind === 'Hardware2Program') current = attribute(tag, 'Id');
      else if (kind === 'ApplicationProgramRef' && current !== undefined) {
        const ref = attribute(tag, 'RefId');
        if (ref !== undefined && !into.has(current)) into.set(current, ref);
      }
    },
    (kind) => {
      if (kind === 'Hardware2Program') current = undefined;
    },
  );
}

/** The DPT-bearing objects of an application program. */
export interface ApplicationObjects {
  /** `ComObject` id → its `DatapointType`. */
  objects: Map<string, string | undefined>;
  /** `ComObjectRef` id → the object it refines and its own `DatapointType`. */
  refs: Map<string, { object: string; dpt?: string }>;
}

const COM_OBJECT_TAG = /<(?:[\w.-]+:)?ComObject(Ref)?\s([^>]*)>/g;
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The attributes of one start tag's text (`Id="…" RefId="…"`), by local name. */
function tagAttributes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    found.set(localName(match[1] ?? ''), match[2] ?? match[3] ?? '');
  }
  return found;
}

/**
 * Reads `ComObject` and `ComObjectRef` of an application program file (`M-XXXX_A-….xml`).
 * These files are the bulk of a project (tens of MB of parameters, dynamic sections and
 * translations), and only two tags of them matter here, whose attributes are plain ids
 * and DPT lists: they are found by a scan of the start tags rather than a full XML parse,
 * about ten times faster. A DOCTYPE is refused as everywhere else.
 */
export function readApplicationObjects(text: string, into: ApplicationObjects): void {
  if (text.includes('<!DOCTYPE') || text.includes('<!ENTITY')) {
    throw new KnxError('etsFileNotReadable', 'application program: a DOCTYPE is not allowed');
  }
  for (const match of text.matchAll(COM_OBJECT_TAG)) {
    const attributes = tagAttributes(match[2] ?? '');
    const id = attributes.get('Id');
    if (id === undefined) continue;
    const dpt = attributes.get('DatapointType');
    if (match[1] === undefined) {
      into.objects.set(id, dpt);
      continue;
    }
    const object = attributes.get('RefId');
    if (object !== undefined) {
      into.refs.set(id, { object, ...(dpt === undefined || dpt === '' ? {} : { dpt }) });
    }
  }
}

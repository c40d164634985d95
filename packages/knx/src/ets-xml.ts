import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { KnxError } from './errors';
import type { EtsImport, RawAddress, RawRange } from './ets-model';
import { decodeEtsText, type EtsReadOptions } from './ets-text';
import { buildEtsImport } from './ets-tree';
import { isValidGroupAddress, parseGroupAddress } from './group-address';

function unreadable(message: string): never {
  throw new KnxError('etsFileNotReadable', message);
}

/** The name without its namespace prefix: ETS 4, 5, 6 and 0.xml differ only in namespace. */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** Attributes by local name, so `DPTs`, `DatapointType` and prefixed forms all read alike. */
function attributesOf(tag: SaxesTagPlain): Map<string, string> {
  return new Map(Object.entries(tag.attributes).map(([name, value]) => [localName(name), value]));
}

/** A non-negative integer attribute (`RangeStart`, `RangeEnd`), or undefined. */
function integerAttribute(attributes: Map<string, string>, name: string): number | undefined {
  const text = attributes.get(name)?.trim();
  return text !== undefined && /^\d{1,6}$/.test(text) ? Number(text) : undefined;
}

function optional(
  key: 'address' | 'name' | 'dpt' | 'description',
  value: string | undefined,
): RawAddress {
  return value === undefined ? {} : { [key]: value };
}

/** Collects ranges and addresses from the parser's events. */
class Collector {
  readonly ranges: RawRange[] = [];
  readonly addresses: RawAddress[] = [];
  /** Ranges still open, outermost first. */
  private readonly open: RawRange[] = [];
  private elements = 0;

  /** Handles an opening tag. */
  enter(tag: SaxesTagPlain): void {
    const kind = localName(tag.name);
    const attributes = attributesOf(tag);
    if (kind === 'GroupRange') {
      this.elements += 1;
      const start = integerAttribute(attributes, 'RangeStart');
      const end = integerAttribute(attributes, 'RangeEnd');
      const range: RawRange = {
        depth: this.open.length + 1,
        name: attributes.get('Name') ?? '',
        ...optional('description', attributes.get('Description')),
        ...(start === undefined ? {} : { start }),
        ...(end === undefined ? {} : { end }),
      };
      this.open.push(range);
      this.ranges.push(range);
    } else if (kind === 'GroupAddress') {
      this.elements += 1;
      this.addAddress(attributes);
    }
  }

  /** Handles a closing tag. */
  leave(tag: SaxesTagPlain): void {
    if (localName(tag.name) === 'GroupRange') this.open.pop();
  }

  /** True when the document held any ETS group element at all. */
  get sawEtsElements(): boolean {
    return this.elements > 0;
  }

  private addAddress(attributes: Map<string, string>): void {
    const address = attributes.get('Address');
    this.addresses.push({
      ...optional('address', address),
      ...optional('name', attributes.get('Name')),
      ...optional('dpt', attributes.get('DPTs') ?? attributes.get('DatapointType')),
      ...optional('description', attributes.get('Description')),
    });
    if (address === undefined || !isValidGroupAddress(address)) return;
    const raw = parseGroupAddress(address);
    for (const range of this.open) range.firstAddress ??= raw;
  }
}

function collect(text: string): Collector {
  // Refused before parsing: a DTD is where external entities and entity bombs live,
  // and ETS never writes one. saxes would not expand them, but nothing good comes in one.
  if (text.includes('<!DOCTYPE') || text.includes('<!ENTITY')) {
    return unreadable('a DOCTYPE or ENTITY declaration is not allowed');
  }
  const collector = new Collector();
  const parser = new SaxesParser({ xmlns: false });
  parser.on('doctype', () => unreadable('a DOCTYPE declaration is not allowed'));
  parser.on('opentag', (tag) => collector.enter(tag));
  parser.on('closetag', (tag) => collector.leave(tag));
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof KnxError) throw error;
    // saxes reports truncation, unknown entities and bad characters as plain errors.
    return unreadable(error instanceof Error ? error.message : 'malformed XML');
  }
  return collector;
}

/**
 * Reads an ETS group-address export: the XML of "Export group addresses" (ETS 4, 5
 * or 6, any namespace) or the `0.xml` of a `.knxproj`. Ranges nest as main and middle
 * groups; addresses may be 3-level, 2-level or free (raw integer); the DPT is read
 * from `DPTs` or `DatapointType`. `input` may be bytes (BOM and declared encoding are
 * honoured) or text. Throws `KnxError` with `emptyFile`, `fileTooLargeMax` or
 * `etsFileNotReadable` (malformed, truncated, DOCTYPE present, wrong encoding, not an
 * export). Entries without a usable address are listed in `skipped`.
 */
export function parseEtsXml(input: Uint8Array | string, options: EtsReadOptions = {}): EtsImport {
  const collector = collect(decodeEtsText(input, options));
  if (!collector.sawEtsElements) {
    return unreadable('no GroupRange or GroupAddress element: not an ETS group-address export');
  }
  return buildEtsImport(collector.ranges, collector.addresses);
}

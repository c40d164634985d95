import { tryParseDpt, formatDpt } from './dpt-id';
import {
  detectForm,
  formatGroupAddress,
  parseGroupAddress,
  type GroupAddressForm,
} from './group-address';
import type {
  EtsAddress,
  EtsImport,
  MainGroup,
  RawAddress,
  RawRange,
  SkippedAddress,
} from './ets-model';

/** An address that passed the checks, with its raw value for sorting and placing. */
interface Checked {
  raw: number;
  entry: EtsAddress;
}

/** A middle group being filled. */
interface MiddleDraft {
  name: string;
  description?: string;
  addresses: Checked[];
}

/** A main group being filled, its middle groups keyed by number. */
interface MainDraft {
  name: string;
  description?: string;
  middles: Map<number, MiddleDraft>;
}

/** Reads the first DPT of an attribute such as `DPST-9-1` (0.xml may list several). */
function readDpt(text: string | undefined): string | undefined {
  const first = text?.trim().split(/[\s,;]+/)[0];
  if (first === undefined || first === '') return undefined;
  const dpt = tryParseDpt(first);
  return dpt === undefined ? undefined : formatDpt(dpt);
}

function tryRaw(text: string): number | undefined {
  try {
    return parseGroupAddress(text);
  } catch {
    return undefined;
  }
}

/** Checks raw entries: keeps the first of each address, converts it to 3-level, reports the rest. */
export function checkAddresses(raws: readonly RawAddress[]): {
  valid: Checked[];
  skipped: SkippedAddress[];
} {
  const seen = new Set<number>();
  const valid: Checked[] = [];
  const skipped: SkippedAddress[] = [];
  for (const item of raws) {
    const found = { ...(item.address === undefined ? {} : { address: item.address }) };
    const named = { ...found, ...(item.name === undefined ? {} : { name: item.name }) };
    const text = item.address?.trim() ?? '';
    const raw = text === '' ? undefined : tryRaw(text);
    if (text === '') skipped.push({ ...named, reason: 'missingAddress' });
    else if (raw === undefined) skipped.push({ ...named, reason: 'malformedAddress' });
    else if (seen.has(raw)) skipped.push({ ...named, reason: 'duplicateAddress' });
    else {
      seen.add(raw);
      const dpt = readDpt(item.dpt);
      const address = formatGroupAddress(raw);
      const name = item.name?.trim() ?? '';
      const description = item.description?.trim() ?? '';
      valid.push({
        raw,
        entry: {
          address,
          name,
          ...(dpt === undefined ? {} : { dpt }),
          ...(description === '' ? {} : { description }),
        },
      });
    }
  }
  return { valid, skipped };
}

/** Where a range sits: its main group, and its middle group when it is one. */
function placeRange(range: RawRange): { main: number; middle?: number } | undefined {
  const start = range.start ?? range.firstAddress;
  if (start === undefined || start < 0 || start > 0xffff) return undefined;
  const end = range.start === undefined ? undefined : range.end;
  const main = start >> 11;
  if (range.depth === 1) {
    return end === undefined || end >> 11 === main ? { main } : undefined;
  }
  // Deeper ranges name a middle group when they fit in one (ETS 3-level projects).
  const fitsMiddle = end === undefined || end >> 8 === start >> 8;
  return range.depth === 2 && fitsMiddle ? { main, middle: (start >> 8) & 7 } : undefined;
}

function draftFor(mains: Map<number, MainDraft>, main: number): MainDraft {
  const existing = mains.get(main);
  if (existing !== undefined) return existing;
  const created: MainDraft = { name: '', middles: new Map() };
  mains.set(main, created);
  return created;
}

function middleFor(draft: MainDraft, middle: number): MiddleDraft {
  const existing = draft.middles.get(middle);
  if (existing !== undefined) return existing;
  const created: MiddleDraft = { name: '', addresses: [] };
  draft.middles.set(middle, created);
  return created;
}

function nameRanges(mains: Map<number, MainDraft>, ranges: readonly RawRange[]): void {
  for (const range of ranges) {
    const place = placeRange(range);
    if (place === undefined) continue;
    const draft = draftFor(mains, place.main);
    const described = range.description?.trim() ?? '';
    const target = place.middle === undefined ? draft : middleFor(draft, place.middle);
    if (target.name === '') target.name = range.name;
    if (target.description === undefined && described !== '') target.description = described;
  }
}

/** The address form most entries use (3-level on a tie or when none is readable). */
export function dominantForm(raws: readonly RawAddress[]): GroupAddressForm {
  const counts = new Map<GroupAddressForm, number>();
  for (const item of raws) {
    const form = item.address === undefined ? undefined : detectForm(item.address.trim());
    if (form !== undefined) counts.set(form, (counts.get(form) ?? 0) + 1);
  }
  let best: GroupAddressForm = 'threeLevel';
  for (const [form, count] of counts) if (count > (counts.get(best) ?? 0)) best = form;
  return best;
}

/**
 * Builds the import result from what a reader found: ranges (for names) and addresses.
 * `style` is the project's address style when the file names it, else the form most
 * addresses are written in.
 */
export function buildEtsImport(
  ranges: readonly RawRange[],
  raws: readonly RawAddress[],
  style: GroupAddressForm = dominantForm(raws),
): EtsImport {
  const { valid, skipped } = checkAddresses(raws);
  const mains = new Map<number, MainDraft>();
  nameRanges(mains, ranges);
  for (const item of valid) {
    middleFor(draftFor(mains, item.raw >> 11), (item.raw >> 8) & 7).addresses.push(item);
  }
  const byNumber = <T>(entries: Iterable<[number, T]>): [number, T][] =>
    [...entries].sort(([a], [b]) => a - b);
  const described = (description: string | undefined) =>
    description === undefined ? {} : { description };
  const tree: MainGroup[] = byNumber(mains.entries()).map(([main, draft]) => ({
    main,
    name: draft.name,
    ...described(draft.description),
    middles: byNumber(draft.middles.entries()).map(([middle, group]) => ({
      middle,
      name: group.name,
      ...described(group.description),
      addresses: [...group.addresses].sort((a, b) => a.raw - b.raw).map((item) => item.entry),
    })),
  }));
  return { tree, addresses: valid.map((item) => item.entry), skipped, style };
}

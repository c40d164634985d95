import { parisDayNumber, parisMidnight } from '../../lib/paris-time';

/**
 * Sealed blocks of rollups and the cache of their graph text (decision 0054).
 *
 * Time is cut in blocks of BLOCK_DAYS Paris days (block k starts at the Paris midnight of
 * day k × BLOCK_DAYS, so it holds whole minutes, hours and Paris days). A block that ended
 * SEAL_MARGIN_MS ago is sealed: a wide graph keeps each series' JSON text of a sealed block
 * and reads only the rest from the database. Every block has a generation in the database
 * (`ts_block_gen`): a write of a point into a block that has ended, or nearly, bumps it in
 * the same transaction, and a prune that deletes rollups bumps PRUNE_BLOCK's. A kept text
 * is used only while both generations are the ones it was read under.
 */
export const BLOCK_DAYS = 30;
/** How long after its end a block is sealed; also the clock skew between nodes it allows. */
export const SEAL_MARGIN_MS = 10 * 60_000;
/**
 * The most sealed blocks one query takes from the cache (about 3.3 years): older ones are read
 * with the head. Bounds what one query costs in cache look-ups and entries: a range of
 * centuries at Paris days would otherwise make thousands per series.
 */
export const MAX_SEALED_BLOCKS = 40;
/** The generation row a prune bumps: every kept text depends on it. */
export const PRUNE_BLOCK = -1;

export const blockOf = (t: number): number => Math.floor(parisDayNumber(t) / BLOCK_DAYS);
export const blockStart = (block: number): number => parisMidnight(block * BLOCK_DAYS);

/**
 * The blocks a batch's points (written or changed) fall in that a reader may already
 * have sealed, ascending (the order every writer bumps them in, so two never wait for
 * each other's rows). A point is late when its block ends before `now` + SEAL_MARGIN_MS:
 * a reader whose clock runs ahead of this node's by less than the margin seals no block
 * this node still writes without a bump.
 */
export function lateBlocks(now: number, ...lists: (readonly { t: number }[])[]): number[] {
  const current = blockStart(blockOf(now + SEAL_MARGIN_MS));
  const blocks = new Set<number>();
  for (const points of lists) for (const p of points) if (p.t < current) blocks.add(blockOf(p.t));
  return [...blocks].sort((a, b) => a - b);
}

/** One part of a graph's range: a sealed block, or what lies before or after them. */
export interface Segment {
  from: number;
  to: number;
  /** The sealed block this segment is, if it is one. */
  block?: number;
}

/**
 * [from, to) cut into segments: the head before the first sealed block, each block sealed
 * at `now` that lies wholly inside (the last MAX_SEALED_BLOCKS of them), the tail after them.
 * Undefined when no block is sealed inside (the range is read whole). `from` and `to` are
 * bucket edges of the level read.
 */
export function segmentsOf(from: number, to: number, now: number): Segment[] | undefined {
  const sealedBefore = now - SEAL_MARGIN_MS;
  // The first whole block inside, or a later one: the last MAX_SEALED_BLOCKS sealed ones.
  const last = blockOf(Math.min(to, sealedBefore)) - 1;
  let block = Math.max(blockOf(from), last - MAX_SEALED_BLOCKS + 1);
  if (blockStart(block) < from) block++;
  const segments: Segment[] = [];
  let start = blockStart(block);
  if (start > from) segments.push({ from, to: Math.min(start, to) });
  let sealed = 0;
  for (;;) {
    const end = blockStart(block + 1);
    if (end > to || end > sealedBefore) break;
    segments.push({ from: start, to: end, block });
    sealed++;
    [block, start] = [block + 1, end];
  }
  if (sealed === 0) return undefined;
  if (start < to) segments.push({ from: start, to });
  return segments;
}

/**
 * Texts of sealed blocks, least recently used dropped first past `maxBytes` (a text's
 * length, its characters being ASCII, plus its key). `stamp` names the generations a text
 * was read under; a lookup with other generations misses.
 */
export class BlockTextCache {
  private readonly entries = new Map<string, { stamp: string; text: string }>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.bytes;
  }

  get(key: string, stamp: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.stamp !== stamp) {
      this.bytes -= cost(key, entry.text);
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.text;
  }

  set(key: string, stamp: string, text: string): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= cost(key, old.text);
    }
    const bytes = cost(key, text);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { stamp, text });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= cost(k, e.text);
    }
  }
}

/** What an entry costs: its text, its key and about 80 bytes of map entry and object. */
const cost = (key: string, text: string) => text.length + key.length + 80;

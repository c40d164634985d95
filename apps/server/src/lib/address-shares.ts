import { sourceOf } from './abuse-limits';

const NOTHING_HELD = () => {};

/**
 * How many of something each source holds, capped per source (decision 0068): the HTTP
 * connections, and the connections not logged in yet of the MQTT port and of the tunnel
 * endpoint. A source is an IPv4 address or an IPv6 /64 (see sourceOf: one subscriber usually
 * holds a whole /64, so counting its addresses one by one would cap nothing). A source has an
 * entry only while it holds one or more, so what is kept is bounded by what is held.
 */
export class AddressShares {
  private readonly held = new Map<string, number>();

  /** `max` per address; 0: no cap (nothing counted). */
  constructor(private readonly max: number) {}

  /** Sources holding one or more (for the tests). */
  get size(): number {
    return this.held.size;
  }

  /** Whether shares are counted at all (a cap of 0 counts nothing). */
  get capped(): boolean {
    return this.max > 0;
  }

  /**
   * Takes one for `address`'s source: a function that gives it back (once, however often
   * called), or undefined when the source already holds its share. With no cap, or no address
   * (the peer has gone: its socket closes by itself), nothing is counted.
   */
  take(address: string | undefined): (() => void) | undefined {
    if (this.max === 0 || address === undefined) return NOTHING_HELD;
    const source = sourceOf(address);
    const held = this.held.get(source) ?? 0;
    if (held >= this.max) return undefined;
    this.held.set(source, held + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.held.get(source) ?? 1) - 1;
      if (left > 0) this.held.set(source, left);
      else this.held.delete(source);
    };
  }
}

/**
 * How many of something each address holds, capped per address (decision 0068): the
 * connections not logged in yet of the MQTT port and of the tunnel endpoint. An address has an
 * entry only while it holds one or more, so what is kept is bounded by what is held.
 */
export class AddressShares {
  private readonly held = new Map<string, number>();

  /** `max` per address; 0: no cap (nothing counted). */
  constructor(private readonly max: number) {}

  /** Addresses holding one or more (for the tests). */
  get size(): number {
    return this.held.size;
  }

  /**
   * Takes one for `address`: a function that gives it back (once, however often called), or
   * undefined when the address already holds its share. With no cap, or no address (the peer
   * has gone: its socket closes by itself), nothing is counted.
   */
  take(address: string | undefined): (() => void) | undefined {
    if (this.max === 0 || address === undefined) return () => {};
    const held = this.held.get(address) ?? 0;
    if (held >= this.max) return undefined;
    this.held.set(address, held + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.held.get(address) ?? 1) - 1;
      if (left > 0) this.held.set(address, left);
      else this.held.delete(address);
    };
  }
}

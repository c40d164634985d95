import type { GatewayIdentity, HubRepository } from './hub.repository';

/**
 * MAC → gateway identity, cached for a few seconds: every publish needs the
 * gateway's project, and a link or unlink elsewhere shows up after `ttlMs`.
 */
export class GatewayDirectory {
  private readonly cache = new Map<
    string,
    { at: number; value: Promise<GatewayIdentity | undefined> }
  >();

  constructor(
    private readonly repo: HubRepository,
    private readonly ttlMs = 10_000,
  ) {}

  lookup(mac: string): Promise<GatewayIdentity | undefined> {
    const now = Date.now();
    const hit = this.cache.get(mac);
    if (hit && hit.at + this.ttlMs > now) return hit.value;
    const value = this.repo.identity(mac);
    this.cache.set(mac, { at: now, value });
    value.catch(() => this.cache.delete(mac));
    return value;
  }

  /** Reads the row again next time (after the hub itself changed it). */
  forget(mac: string) {
    this.cache.delete(mac);
  }
}

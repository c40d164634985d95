import type { GatewayIdentity, HubRepository } from '../hub.repository';

interface Entry {
  at: number;
  value: Promise<GatewayIdentity | undefined>;
}

/** Identities read again in one query each (an IN list this long stays well under SQL limits). */
const REFRESH_CHUNK = 500;

/**
 * MAC → gateway identity, kept in memory: every publish needs the gateway's
 * project. An entry older than `ttlMs` is still answered at once, and all stale
 * entries are read again together in a few bulk queries, so a link or unlink made
 * elsewhere (another node) shows up within about `ttlMs` without a query per publish.
 */
export class GatewayDirectory {
  private readonly cache = new Map<string, Entry>();
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly repo: Pick<HubRepository, 'identity' | 'identities'>,
    private readonly ttlMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  lookup(mac: string): Promise<GatewayIdentity | undefined> {
    const now = this.now();
    const hit = this.cache.get(mac);
    if (hit) {
      if (hit.at + this.ttlMs <= now) this.refreshStale();
      return hit.value;
    }
    const value = this.repo.identity(mac);
    this.cache.set(mac, { at: now, value });
    value.catch(() => this.cache.delete(mac));
    return value;
  }

  /** Stores an identity just read (at authentication), so the arrival needs no other query. */
  prime(gw: GatewayIdentity) {
    this.cache.set(gw.mac, { at: this.now(), value: Promise.resolve(gw) });
  }

  /** Reads the row again next time (after the hub itself changed it). */
  forget(mac: string) {
    this.cache.delete(mac);
  }

  /** Waits for a bulk refresh under way (tests). */
  async settled(): Promise<void> {
    await this.refreshing;
  }

  private refreshStale() {
    if (this.refreshing) return;
    this.refreshing = this.refresh()
      .catch(() => {}) // entries stay as they were; the next lookup tries again
      .finally(() => (this.refreshing = undefined));
  }

  private async refresh() {
    const cutoff = this.now() - this.ttlMs;
    const stale = [...this.cache].filter(([, e]) => e.at <= cutoff).map(([mac]) => mac);
    for (let i = 0; i < stale.length; i += REFRESH_CHUNK) {
      const macs = stale.slice(i, i + REFRESH_CHUNK);
      const at = this.now();
      const found = new Map((await this.repo.identities(macs)).map((gw) => [gw.mac, gw]));
      for (const mac of macs) {
        // An entry replaced meanwhile (forget, prime, a fresh lookup) is newer than this read.
        const entry = this.cache.get(mac);
        if (!entry || entry.at > cutoff) continue;
        this.cache.set(mac, { at, value: Promise.resolve(found.get(mac)) });
      }
    }
  }
}

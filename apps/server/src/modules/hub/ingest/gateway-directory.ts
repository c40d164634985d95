import type { GatewayIdentity, HubRepository } from '../hub.repository';

interface Miss {
  promise: Promise<GatewayIdentity | undefined>;
  resolve(gw: GatewayIdentity | undefined): void;
  reject(err: unknown): void;
}

/** Promise.withResolvers, which Node 20 lacks. */
function deferred(): Miss {
  let resolve: Miss['resolve'] = () => {};
  let reject: Miss['reject'] = () => {};
  const promise = new Promise<GatewayIdentity | undefined>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Entry {
  at: number;
  value: Promise<GatewayIdentity | undefined>;
  /** What a bulk refresh read (then `value` resolves to it); absent until one has. */
  read?: { gw: GatewayIdentity | undefined };
}

/** The same row, as a bulk refresh reads it (without `waiting`, which an arrival reads). */
const sameRead = (a: GatewayIdentity | undefined, b: GatewayIdentity | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.waiting === undefined &&
    b.waiting === undefined &&
    a.id === b.id &&
    a.mac === b.mac &&
    a.type === b.type &&
    a.virtual === b.virtual &&
    a.version === b.version &&
    a.projectId === b.projectId &&
    a.teamId === b.teamId &&
    a.secretHash === b.secretHash &&
    a.pendingInit === b.pendingInit);

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
  /** Misses of this event-loop turn, read together at its end (a cold start's arrivals). */
  private misses = new Map<string, Miss>();
  /** Reads of this turn that must see the row as it is (logins), not kept. */
  private fresh = new Map<string, Miss>();

  constructor(
    private readonly repo: Pick<HubRepository, 'arrivingIdentities' | 'identities'>,
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
    // Forgotten while its read waits for the turn's end: that read is still to come.
    const waiting = this.misses.get(mac);
    if (waiting) {
      this.cache.set(mac, { at: now, value: waiting.promise });
      return waiting.promise;
    }
    const miss = deferred();
    if (this.misses.size === 0) setImmediate(() => void this.readMisses());
    this.misses.set(mac, miss);
    this.cache.set(mac, { at: now, value: miss.promise });
    miss.promise.catch(() => {
      if (this.cache.get(mac)?.value === miss.promise) this.cache.delete(mac);
    });
    return miss.promise;
  }

  /**
   * The gateway's row as it is now, read with the other such reads of this event-loop turn in
   * one query (a login checks its secret against it: thousands of gateways logging in at once
   * after a restart took a query each, and each waited for the connection behind the others).
   * Not kept: a login that fails, an unknown MAC above all, leaves nothing behind (`prime`
   * keeps the row of one that succeeds).
   */
  read(mac: string): Promise<GatewayIdentity | undefined> {
    const waiting = this.fresh.get(mac);
    if (waiting) return waiting.promise;
    const read = deferred();
    if (this.fresh.size === 0) setImmediate(() => void this.readFresh());
    this.fresh.set(mac, read);
    return read.promise;
  }

  /** The turn's logins, in one query per REFRESH_CHUNK; a failed read fails its logins. */
  private async readFresh() {
    const fresh = this.fresh;
    this.fresh = new Map();
    await this.readTogether(fresh);
  }

  /** One query per REFRESH_CHUNK misses; a failed read fails its lookups (asked again next time). */
  private async readMisses() {
    const misses = this.misses;
    this.misses = new Map();
    await this.readTogether(misses);
  }

  private async readTogether(reads: Map<string, Miss>) {
    const macs = [...reads.keys()];
    for (let i = 0; i < macs.length; i += REFRESH_CHUNK) {
      const chunk = macs.slice(i, i + REFRESH_CHUNK);
      try {
        const found = new Map(
          (await this.repo.arrivingIdentities(chunk)).map((gw) => [gw.mac, gw]),
        );
        for (const mac of chunk) reads.get(mac)?.resolve(found.get(mac));
      } catch (err) {
        for (const mac of chunk) reads.get(mac)?.reject(err);
      }
    }
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

  /**
   * Reads the stale entries again. An unchanged row keeps its entry, only its time
   * renewed: at 10,000 gateways, entries replaced every `ttlMs` die in the old generation.
   */
  private async refresh() {
    const cutoff = this.now() - this.ttlMs;
    const stale: string[] = [];
    for (const [mac, entry] of this.cache) if (entry.at <= cutoff) stale.push(mac);
    for (let i = 0; i < stale.length; i += REFRESH_CHUNK) {
      const macs = stale.slice(i, i + REFRESH_CHUNK);
      const at = this.now();
      const found = new Map((await this.repo.identities(macs)).map((gw) => [gw.mac, gw]));
      for (const mac of macs) {
        // An entry replaced meanwhile (forget, prime, a fresh lookup) is newer than this read.
        const entry = this.cache.get(mac);
        if (!entry || entry.at > cutoff) continue;
        const gw = found.get(mac);
        if (entry.read && sameRead(entry.read.gw, gw)) entry.at = at;
        else this.cache.set(mac, { at, value: Promise.resolve(gw), read: { gw } });
      }
    }
  }
}

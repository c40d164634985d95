import type { GatewayPatch } from '../../../lib/tenancy/gateway-state.repository';
import type { HubRepository } from '../hub.repository';

/** Columns the cached gateway tables show: a change to one bumps the team revision. */
const LISTED: (keyof GatewayPatch)[] = [
  'online',
  'version',
  'step',
  'protect',
  'pooltype',
  'pending_init',
  'waiting_update',
  'initpswds',
];

const SHOWN_TTL_MS = 60_000;
/** Writes a patch may fail (a deadlock, a lost connection) before it is given up, logged. */
const MAX_ATTEMPTS = 3;

/**
 * Coalesces presence and info writes per gateway and commits them together
 * every `intervalMs`: thousands of gateways reporting every 5 s cost a few
 * transactions a second, not thousands.
 */
export class GatewayStateWriter {
  private patches = new Map<string, GatewayPatch>();
  private teams = new Set<string | null>();
  /**
   * The listed columns as last queued per gateway: an info repeating them bumps nothing.
   * Forgotten every `SHOWN_TTL_MS`, so a column another path changed is never masked for long.
   */
  private readonly shown = new Map<string, Partial<GatewayPatch>>();
  private shownSince = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** Failed writes so far of the patches waiting again (by MAC). */
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly repo: HubRepository,
    private readonly log: { error(obj: object, msg: string): void },
    private readonly intervalMs = 200,
  ) {}

  /** Queues a patch; `team` is the gateway's team, bumped when a listed column changes. */
  put(mac: string, team: string | null, patch: GatewayPatch) {
    if (Date.now() - this.shownSince > SHOWN_TTL_MS) {
      this.shown.clear();
      this.shownSince = Date.now();
    }
    this.patches.set(mac, { ...this.patches.get(mac), ...patch });
    const shown = this.shown.get(mac) ?? {};
    const changed = LISTED.filter((k) => patch[k] !== undefined && patch[k] !== shown[k]);
    if (changed.length === 0) return this.schedule();
    for (const k of changed) Object.assign(shown, { [k]: patch[k] });
    this.shown.set(mac, shown);
    this.teams.add(team);
    this.schedule();
  }

  private schedule() {
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  /** Writes what waits now (and what arrives while writing). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.running) await this.running;
    if (this.patches.size === 0) return;
    const [patches, teams] = [this.patches, this.teams];
    this.patches = new Map();
    this.teams = new Set();
    this.running = this.repo
      .applyPatches(patches, [...teams])
      .then(() => [...patches.keys()].forEach((mac) => this.failures.delete(mac)))
      .catch((err: unknown) => this.retry(patches, teams, err))
      .finally(() => (this.running = undefined));
    await this.running;
  }

  /**
   * A failed transaction wrote nothing: its patches wait again, under whatever arrived since
   * (newer values win), and go with the next write; after MAX_ATTEMPTS they are given up.
   */
  private retry(patches: Map<string, GatewayPatch>, teams: Set<string | null>, err: unknown) {
    const dropped: string[] = [];
    for (const [mac, patch] of patches) {
      const failures = (this.failures.get(mac) ?? 0) + 1;
      if (failures >= MAX_ATTEMPTS) {
        this.failures.delete(mac);
        dropped.push(mac);
        continue;
      }
      this.failures.set(mac, failures);
      this.patches.set(mac, { ...patch, ...this.patches.get(mac) });
    }
    teams.forEach((team) => this.teams.add(team));
    this.log.error(
      { err, gateways: patches.size, givenUp: dropped.length },
      dropped.length
        ? 'gateway state write failed, given up'
        : 'gateway state write failed, retrying',
    );
    this.schedule();
  }
}

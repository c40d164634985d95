import { MIN_RETENTION_MONTHS, PLANS, planOf } from '@atrium/contracts/plans';
import type { TunnelService } from '@atrium/contracts/vpn';
import type { EtsPorts } from './tunnel/ets-ports';
import type { TunnelServer } from './tunnel/tunnel-server';
import type { VpnRepository } from './vpn.repository';

const MONTH_MS = 31 * 24 * 3_600_000;
const REACHED_OF: Record<TunnelService, string> = {
  config: 'http',
  nodered: 'http',
  localUi: 'http',
  knx: 'ets',
  custom: 'custom',
};

export interface SweeperDeps {
  repo: VpnRepository;
  tunnels: TunnelServer;
  ets: EtsPorts;
  node: () => string;
  projects: () => Promise<{ id: string; logger_subscription: string }[]>;
  log: { warn(o: object, m: string): void };
}

/**
 * Keeps this node's tunnels and ETS ports in step with the sessions in the database, once a
 * second: sessions past `until` end (on any node: the update is idempotent), tunnels whose
 * session ended are dropped wherever it was ended, ETS ports asked for through any node open
 * here when this node holds the tunnel, and traffic goes to the session log.
 */
export class VpnSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private lastPrune = 0;

  constructor(private readonly d: SweeperDeps) {}

  start(everyMs = 1_000) {
    this.timer = setInterval(() => void this.tick(), everyMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.flushUsage().catch(() => undefined);
  }

  async tick(now = Date.now()) {
    if (this.running) return;
    this.running = true;
    try {
      await this.d.repo.expireDue(now);
      const tunnels = this.d.tunnels.all();
      const live = await this.d.repo.liveIds(
        tunnels.map((t) => t.sessionId),
        now,
      );
      tunnels.filter((t) => !live.has(t.sessionId)).forEach((t) => this.d.tunnels.drop(t.mac));
      this.d.ets
        .sessions()
        .filter((id) => !live.has(id))
        .forEach((id) => this.d.ets.close(id));
      await this.forgetStaleTunnels(new Set(tunnels.map((t) => t.sessionId)));
      await this.openEtsPorts(now);
      await this.flushUsage();
      if (now - this.lastPrune > 3_600_000) await this.prune(now);
    } catch (err) {
      this.d.log.warn({ err }, 'remote access sweep failed');
    } finally {
      this.running = false;
    }
  }

  /** Rows that name this node while it holds no such tunnel (a restart): not online any more. */
  private async forgetStaleTunnels(held: Set<string>) {
    const node = this.d.node();
    const live = new Set(this.d.tunnels.all().map((t) => t.sessionId));
    for (const id of await this.d.repo.heldBy(node)) {
      if (!held.has(id) && !live.has(id)) await this.d.repo.tunnelDown(id, node);
    }
  }

  private async openEtsPorts(now: number) {
    for (const s of await this.d.repo.etsPending(this.d.node(), now)) {
      const port = await this.d.ets.listen(s.id, s.mac, s.ets_ipv6 === 1);
      if (port !== null) await this.d.repo.setEtsPort(s.id, port);
    }
  }

  /** Bytes each way and what was reached since the last flush, per session. */
  async flushUsage() {
    for (const t of this.d.tunnels.all()) {
      const usage = t.takeUsage();
      const reached = [...t.reached].map((s) => REACHED_OF[s]);
      t.reached.clear();
      if (usage.in || usage.out || reached.length) {
        await this.d.repo.addUsage(t.sessionId, usage.in, usage.out, reached);
      }
    }
  }

  /**
   * The session log is kept as long as the project's plan keeps its data. Only projects with
   * sessions older than the shortest retention are looked at (writes wait for SQLite's lock).
   */
  async prune(now: number) {
    this.lastPrune = now;
    const candidates = new Set(
      await this.d.repo.projectsWithSessionsBefore(now - MIN_RETENTION_MONTHS * MONTH_MS),
    );
    if (!candidates.size) return;
    for (const p of await this.d.projects()) {
      if (!candidates.has(p.id)) continue;
      const months = PLANS[planOf(p.logger_subscription)].retentionMonths;
      await this.d.repo.prune(p.id, now - months * MONTH_MS);
    }
  }
}

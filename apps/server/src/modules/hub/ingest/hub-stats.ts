import type { HubStats } from '@atrium/contracts/hub';

/** Why an inbound publish was dropped (counted, logged at most once per second per reason). */
export type DropReason =
  | 'oversized'
  | 'rateLimited'
  | 'malformed'
  | 'unknownTopic'
  | 'forbiddenTopic'
  | 'unknownGateway'
  | 'noProject'
  | 'unknownReply'
  | 'storeRefused'
  /** A QoS 2 publish (embedded broker): refused, the connection closed (decision 0015). */
  | 'qos2';

/** Counters of GET /api/hub/stats: what came in, what was dropped and why. */
export class HubCounters {
  readonly accepted: Record<string, number> = {};
  readonly dropped: Record<string, number> = {};
  readonly disconnected: Record<string, number> = {};
  private lastLog = new Map<string, number>();

  constructor(private readonly log: { warn(obj: object, msg: string): void }) {}

  accept(kind: string, n = 1) {
    this.accepted[kind] = (this.accepted[kind] ?? 0) + n;
  }

  /** Counts a dropped publish and logs its reason (throttled so a flood cannot flood the log). */
  drop(reason: DropReason, mac: string, detail?: string) {
    this.dropped[reason] = (this.dropped[reason] ?? 0) + 1;
    const now = Date.now();
    if ((this.lastLog.get(reason) ?? 0) + 1000 > now) return;
    this.lastLog.set(reason, now);
    this.log.warn({ mac, reason, detail, total: this.dropped[reason] }, 'gateway publish dropped');
  }

  disconnect(reason: string) {
    this.disconnected[reason] = (this.disconnected[reason] ?? 0) + 1;
  }

  snapshot(
    extra: Pick<HubStats, 'transport' | 'connected' | 'pendingCommands' | 'overload' | 'store'>,
  ): HubStats {
    return {
      ...extra,
      accepted: { ...this.accepted },
      dropped: { ...this.dropped },
      disconnected: { ...this.disconnected },
    };
  }
}

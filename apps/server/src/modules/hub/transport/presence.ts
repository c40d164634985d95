import type { GatewayDirectory } from '../ingest/gateway-directory';
import type { GatewayStateWriter } from '../ingest/gateway-state-writer';
import type { HubEvents } from '../hub-events';
import type { GatewayIdentity } from '../hub.repository';

/**
 * Which gateways are connected (to this node's broker, or as the external
 * broker's retained state says), kept in memory so a command to an offline
 * gateway fails at once; every change is written and told to the console.
 */
export class Presence {
  private readonly online = new Set<string>();
  /** When this node last heard each gateway's state (what a node taking over writes). */
  private readonly heardAt = new Map<string, number>();

  constructor(
    private readonly directory: GatewayDirectory,
    private readonly writer: GatewayStateWriter,
    private readonly events: HubEvents,
  ) {}

  isOnline(mac: string): boolean {
    return this.online.has(mac);
  }

  get count(): number {
    return this.online.size;
  }

  /** `write`: this node writes the gateway's row (it owns the arrival, decision 0050). */
  async connected(mac: string, write = true) {
    this.heardAt.set(mac, Date.now());
    if (this.online.has(mac)) return;
    this.online.add(mac);
    const gw = await this.directory.lookup(mac);
    if (!gw) return;
    const now = Date.now();
    if (write) this.writer.put(mac, gw.teamId, { online: 1, last_online: now });
    this.emit(gw, true, now);
  }

  async disconnected(mac: string, write = true) {
    this.heardAt.set(mac, Date.now());
    if (!this.online.delete(mac)) return;
    const gw = await this.directory.lookup(mac);
    if (!gw) return;
    const now = Date.now();
    if (write) this.writer.put(mac, gw.teamId, { online: 0, last_connection: now });
    this.emit(gw, false, now);
  }

  /** Every gateway whose state this node heard, with when it last did (ms). */
  heard(): [mac: string, at: number][] {
    return [...this.heardAt];
  }

  /**
   * Writes what this node knows of a gateway's presence (it took over from a node that
   * stopped: the state it heard meanwhile was not written). The consoles were told then.
   */
  async rewrite(mac: string): Promise<GatewayIdentity | undefined> {
    const gw = await this.directory.lookup(mac);
    const at = this.heardAt.get(mac);
    if (!gw || at === undefined) return undefined;
    this.writer.put(
      mac,
      gw.teamId,
      this.online.has(mac) ? { online: 1, last_online: at } : { online: 0, last_connection: at },
    );
    return gw;
  }

  private emit(gw: GatewayIdentity, online: boolean, now: number) {
    if (!gw.projectId) return;
    this.events.emit('state', {
      project: gw.projectId,
      mac: gw.mac,
      online,
      // lastOnline: the last connect; lastConnection: the last disconnect (document 1 §3).
      lastOnline: online ? now : null,
      lastConnection: online ? null : now,
    });
  }
}

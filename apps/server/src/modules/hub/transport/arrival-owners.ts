import { createClient } from 'redis';

/**
 * Which node does a gateway's arrival work (decision 0050). Behind an external broker every
 * node hears every gateway's state: each keeps the presence in memory and tells its own
 * consoles, but only one writes the presence row and sends what waits for the gateway.
 */
export interface ArrivalOwners {
  owns(mac: string): boolean;
  /**
   * Called when this node's list of nodes lost one: `ownedBefore` says which gateways it
   * owned under the former list (those it owns now and did not are the gone node's).
   */
  onLoss(listener: (ownedBefore: (mac: string) => boolean) => void): void;
  close(): Promise<void>;
}

/** One node: it owns every arrival. */
export const everyArrival: ArrivalOwners = {
  owns: () => true,
  onLoss: () => {},
  close: async () => {},
};

/** FNV-1a, 32 bits: the same number on every node, for the same string. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Rendezvous hashing: the node with the highest hash of (node, mac). A node that joins takes
 * only its own share; one that leaves hands on only its own.
 */
export function ownerOf(mac: string, nodes: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = -1;
  for (const node of nodes) {
    const score = fnv1a(`${node}\n${mac}`);
    if (score > bestScore || (score === bestScore && best !== undefined && node < best)) {
      best = node;
      bestScore = score;
    }
  }
  return best;
}

export interface ClusterArrivalOptions {
  redisUrl: string;
  /** This node's name among the nodes: its MQTT client id, unique per node. */
  node: string;
  /** How often a node says it is alive and reads the others (2 s). */
  heartbeatMs?: number;
  /** A node silent this long is gone (10 s). */
  expireMs?: number;
  log: { warn(obj: object, msg: string): void };
}

const KEY = 'atrium:hub:nodes';

/**
 * The live nodes, in a Redis sorted set scored by each node's last heartbeat (Redis' own
 * clock, so the nodes' clocks do not matter). Until the first read, or when Redis cannot be
 * read, a node keeps its last view (at first: itself alone, so it owns every arrival: work
 * done twice is claimed in the database, work not done is lost).
 */
export class ClusterArrivalOwners implements ArrivalOwners {
  private nodes: string[];
  private timer: NodeJS.Timeout | undefined;
  /** The heartbeat under way: a stop waits for it, else it would list the node again. */
  private beating: Promise<void> = Promise.resolve();
  private readonly heartbeatMs: number;
  private readonly expireMs: number;
  private readonly lossListeners: ((ownedBefore: (mac: string) => boolean) => void)[] = [];

  private constructor(
    private readonly client: ReturnType<typeof createClient>,
    private readonly o: ClusterArrivalOptions,
  ) {
    this.nodes = [o.node];
    this.heartbeatMs = o.heartbeatMs ?? 2_000;
    this.expireMs = o.expireMs ?? 10_000;
  }

  static async start(o: ClusterArrivalOptions): Promise<ClusterArrivalOwners> {
    const client = createClient({ url: o.redisUrl });
    client.on('error', (err: Error) => o.log.warn({ err: err.message }, 'Redis error (nodes)'));
    await client.connect();
    const owners = new ClusterArrivalOwners(client, o);
    await owners.beat();
    owners.timer = setInterval(() => void (owners.beating = owners.beat()), owners.heartbeatMs);
    owners.timer.unref();
    return owners;
  }

  /** The nodes this one counts as alive, sorted (tests, stats). */
  get live(): readonly string[] {
    return this.nodes;
  }

  owns(mac: string): boolean {
    return ownerOf(mac, this.nodes) === this.o.node;
  }

  onLoss(listener: (ownedBefore: (mac: string) => boolean) => void) {
    this.lossListeners.push(listener);
  }

  /** Says this node is alive, forgets the silent ones, and reads who is left. */
  async beat(): Promise<void> {
    try {
      const now = (await this.client.time()).getTime();
      const [, , members] = await this.client
        .multi()
        .zAdd(KEY, { score: now, value: this.o.node })
        .zRemRangeByScore(KEY, '-inf', now - this.expireMs)
        .zRange(KEY, 0, -1)
        .exec();
      const live = (members as unknown as string[]).filter((n) => typeof n === 'string');
      const before = this.nodes;
      this.nodes = [...new Set([...live, this.o.node])].sort();
      if (before.some((n) => !this.nodes.includes(n))) {
        const ownedBefore = (mac: string) => ownerOf(mac, before) === this.o.node;
        for (const listener of this.lossListeners) listener(ownedBefore);
      }
    } catch (err) {
      this.o.log.warn({ err: (err as Error).message }, 'the list of nodes could not be read');
    }
  }

  /** A clean stop hands this node's arrivals to the others at their next heartbeat. */
  async close() {
    clearInterval(this.timer);
    await this.beating;
    await this.client.zRem(KEY, this.o.node).catch(() => {});
    await this.client.quit().catch(() => {});
  }
}

import { GatewayAgent, type AgentTiming } from '@atrium/gateway-agent/agent';
import { DemoBuildingSource } from '@atrium/gateway-agent/demo-building-values';
import type { PoolBridgeOptions } from '@atrium/gateway-agent/pool/pool-bridge';
import type { AgentLink, LinkHandlers, PublishOptions } from '@atrium/gateway-agent/link';
import type { GatewayTopic } from '@atrium/contracts/gateway-protocol';
import { isGatewayType } from '../../../lib/tenancy/stored-values';
import type { TransportSink, Verdict } from './transport';

/** The in-process link of a demo gateway: publishes go straight to the hub, with the same checks. */
const isLoopback = (ip: string) => ip.startsWith('127.');

class InProcessLink implements AgentLink {
  connected = false;
  private handlers: LinkHandlers | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly mac: string,
    private readonly sink: TransportSink,
  ) {}

  start(handlers: LinkHandlers) {
    this.handlers = handlers;
    this.up();
  }

  private up() {
    if (this.closed) return;
    this.connected = true;
    void this.sink.connected(this.mac).then(() => this.handlers?.onConnect());
  }

  private down() {
    if (!this.connected) return;
    this.connected = false;
    void this.sink.disconnected(this.mac);
    this.handlers?.onClose();
  }

  async publish(kind: GatewayTopic, payload: string, _o: PublishOptions): Promise<void> {
    if (!this.connected) throw new Error('offline');
    const verdict = await new Promise<Verdict | null>((settle) =>
      this.sink.receive(this.mac, kind, Buffer.from(payload), settle),
    );
    if (verdict !== 'ack') throw new Error(verdict ?? 'error');
  }

  deliver(payload: string) {
    if (!this.connected) throw new Error('offline');
    this.handlers?.onCommand(Buffer.from(payload));
  }

  bounce(downMs: number) {
    this.down();
    this.timer = setTimeout(() => this.up(), downMs);
  }

  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.down();
  }
}

/** Demo timing: a slower info pace than hardware, the same reboot and update shape. */
const DEMO_TIMING: Partial<AgentTiming> = {
  infoEveryMs: 30_000,
  rebootDownMs: 3_000,
  updateSteps: 5,
  updateStepMs: 600,
};

/** How often a seeded demo gateway sends the due values of its demo building (issue 16). */
const DEMO_BUILDING_EVERY_MS = 15_000;

/**
 * Demo (virtual) gateways run the simulator's agent inside the server, over
 * an in-process link: the same protocol, checks and events as real ones.
 */
export class DemoFleet {
  private readonly agents = new Map<string, { agent: GatewayAgent; link: InProcessLink }>();
  /**
   * Where demo pool gateways find their pool (issue 19): the simulated Klereo and PoolCop
   * clouds the hub starts on loopback, or KLEREO_URL / POOLCOP_URL. Set before the first sweep.
   */
  poolOptions: PoolBridgeOptions | undefined;

  constructor(
    private readonly sink: TransportSink,
    private readonly timing: Partial<AgentTiming> = DEMO_TIMING,
    /** With it, demo agents open real remote access tunnels (their local services included). */
    private readonly tunnelSecret?: (mac: string) => string,
    /** How agents download firmware (the server's own files, in-process); default `fetch`. */
    private readonly firmwareFetch?: typeof fetch,
  ) {}

  has(mac: string): boolean {
    return this.agents.has(mac);
  }

  /**
   * Starts the demo gateway's agent unless it runs already. The seeded demo's gateways (not
   * virtual) send their demo building's daily curves; virtual gateways send no telegrams.
   */
  ensure(gw: { mac: string; type: string; version: string | null; virtual?: number | boolean }) {
    if (this.agents.has(gw.mac)) return;
    const link = new InProcessLink(gw.mac, this.sink);
    const type = isGatewayType(gw.type) ? gw.type : 'kloudnx';
    const agent = new GatewayAgent({
      mac: gw.mac,
      type,
      version: gw.version ?? '8.5.0',
      link,
      timing: this.timing,
      // In the server's own process: Modbus meters on loopback only (the demo's energy meter),
      // so that a console user cannot make the server connect to any other address.
      modbusReachable: isLoopback,
      ...(this.tunnelSecret ? { tunnel: { secret: this.tunnelSecret(gw.mac) } } : {}),
      ...(this.firmwareFetch ? { fetcher: this.firmwareFetch } : {}),
      // The pool bridge's tcp option: loopback only, like the Modbus meters.
      ...(this.poolOptions ? { pool: { ...this.poolOptions, tcpReachable: isLoopback } } : {}),
      ...(gw.virtual === 0 || gw.virtual === false
        ? {
            demoBuilding: { source: new DemoBuildingSource(), everyMs: DEMO_BUILDING_EVERY_MS },
          }
        : {}),
    });
    this.agents.set(gw.mac, { agent, link });
    agent.start();
  }

  /** Hands a command to a running demo agent. */
  deliver(mac: string, payload: string) {
    const entry = this.agents.get(mac);
    if (!entry) throw new Error('no demo agent');
    entry.link.deliver(payload);
  }

  /** Stops agents whose gateway is gone. */
  async retain(macs: Set<string>) {
    for (const [mac, { agent }] of this.agents) {
      if (macs.has(mac)) continue;
      this.agents.delete(mac);
      await agent.stop();
    }
  }

  async close() {
    await Promise.all([...this.agents.values()].map(({ agent }) => agent.stop()));
    this.agents.clear();
  }
}

import { timingSafeEqual } from 'node:crypto';
import {
  PROTOCOL_LIMITS,
  type CommandArgs,
  type CommandName,
  type GatewayTopic,
} from '@atrium/contracts/gateway-protocol';
import type { HubStats } from '@atrium/contracts/hub';
import { AppError } from '../../lib/errors';
import { sha256 } from '../../lib/ids';
import type { BatchingWriter } from '../timeseries/batching-writer';
import type { TimeSeriesStore } from '../timeseries/timeseries.types';
import { CommandBus } from './commands/command-bus';
import { everyArrival, type ArrivalOwners } from './transport/arrival-owners';
import { DemoFleet } from './transport/demo-fleet';
import { GatewayDirectory } from './ingest/gateway-directory';
import { GatewayStateWriter } from './ingest/gateway-state-writer';
import { HubEvents } from './hub-events';
import { HubCounters } from './ingest/hub-stats';
import type { GatewayIdentity, HubRepository } from './hub.repository';
import { Ingest } from './ingest/ingest';
import { Presence } from './transport/presence';
import { RateLimiter } from './ingest/rate-limiter';
import { modbusSeries, SeriesIngest, telegramSeries } from './ingest/series-ingest';
import type { HubTransport, Settle, TransportSink } from './transport/transport';
import { UpdateTracker } from './firmware/update-tracker';

export interface HubDeps {
  repo: HubRepository;
  timeseries: Pick<TimeSeriesStore, 'ensureSeries'>;
  writer: Pick<BatchingWriter, 'submitOrWait' | 'roomFigures' | 'waitingPoints'>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  presenceFromState: boolean;
  commandTimeoutMs: number;
  /** The device secret a demo gateway's agent opens its remote access tunnel with. */
  demoTunnelSecret?: (mac: string) => string;
  /** How demo agents download firmware (in-process from the server's files); default `fetch`. */
  demoFetch?: typeof fetch;
}

/**
 * How far back a node taking over looks for states it did not write: a crashed node's last
 * heartbeat is at most 12 s old when it drops out of the list (decision 0050), with margin.
 */
const TAKEOVER_LOOKBACK_MS = 20_000;
/** Older states a node taking over checks against the stored rows, per query. */
const TAKEOVER_CHUNK = 500;

export const gatewayOffline = () => new AppError('gatewayOffline', 'The gateway is offline');

/**
 * The gateway hub: authenticates gateways, routes their publishes, keeps
 * presence, and sends commands to real gateways (through the transport) and
 * to demo ones (in-process agents).
 */
export class Hub implements TransportSink {
  readonly events = new HubEvents();
  readonly counters: HubCounters;
  readonly directory: GatewayDirectory;
  readonly presence: Presence;
  readonly updates: UpdateTracker;
  readonly demos: DemoFleet;
  private readonly writer: GatewayStateWriter;
  private readonly bus: CommandBus;
  private readonly ingest: Ingest;
  private transport: HubTransport | undefined;
  /** Which gateways' arrivals this node handles (several nodes: decision 0050). */
  private arrivals: ArrivalOwners = everyArrival;
  /**
   * Work that waits for a gateway (pending init, queued update), run when it says `online`:
   * it publishes that once subscribed to its commands. Set by the actions service.
   */
  onArrival: (gw: GatewayIdentity) => void = () => {};
  /** Other modules' work waiting for a gateway (its Modbus configuration), run after onArrival. */
  private readonly arrivalListeners: ((gw: GatewayIdentity) => void)[] = [];

  constructor(private readonly d: HubDeps) {
    this.counters = new HubCounters(d.log);
    this.directory = new GatewayDirectory(d.repo);
    this.writer = new GatewayStateWriter(d.repo, d.log);
    this.presence = new Presence(this.directory, this.writer, this.events);
    this.updates = new UpdateTracker(this.directory, this.writer, this.events);
    this.bus = new CommandBus(
      (mac, payload, deadline) => this.deliver(mac, payload, deadline),
      this.updates.onEvent,
    );
    this.demos = new DemoFleet(this, undefined, d.demoTunnelSecret, d.demoFetch);
    this.ingest = new Ingest({
      directory: this.directory,
      writer: this.writer,
      presence: this.presence,
      commands: this.bus,
      updates: this.updates,
      telegrams: new SeriesIngest(telegramSeries(this.events), d.timeseries, d.writer, d.log),
      modbus: new SeriesIngest(modbusSeries(this.events), d.timeseries, d.writer, d.log),
      events: this.events,
      counters: this.counters,
      limiter: new RateLimiter(PROTOCOL_LIMITS.rateBurst, PROTOCOL_LIMITS.ratePerSecond),
      presenceFromState: d.presenceFromState,
      ownsArrival: (mac) => this.arrivals.owns(mac),
      onReady: (gw) => this.ready(gw),
    });
  }

  /** Runs `listener` each time a gateway says online (after the actions service's work). */
  whenArrived(listener: (gw: GatewayIdentity) => void) {
    this.arrivalListeners.push(listener);
  }

  /** Shares the arrivals with the other nodes (before the transport starts). */
  shareArrivals(owners: ArrivalOwners) {
    this.arrivals = owners;
    owners.onLoss((ownedBefore) => void this.takeOver(ownedBefore));
  }

  /**
   * A node left: the states of its gateways heard since it last wrote one were not written.
   * This node writes those it now owns, and runs their arrival's work (claimed in the database,
   * so what the gone node did send is not sent twice). Those heard within the lookback are
   * written at once; older ones only where the stored flag is not what this node heard (the
   * gone node's writer had fallen behind), read in one query per 500.
   */
  private async takeOver(ownedBefore: (mac: string) => boolean) {
    const since = Date.now() - TAKEOVER_LOOKBACK_MS;
    const taken = this.presence
      .heard()
      .filter(([mac]) => this.arrivals.owns(mac) && !ownedBefore(mac));
    const recent = taken.filter(([, at]) => at >= since).map(([mac]) => mac);
    const older = taken.filter(([, at]) => at < since).map(([mac]) => mac);
    const stale: string[] = [];
    for (let i = 0; i < older.length; i += TAKEOVER_CHUNK) {
      const chunk = older.slice(i, i + TAKEOVER_CHUNK);
      const stored = await this.d.repo.onlineFlags(chunk).catch((err: unknown) => {
        this.d.log.warn({ err }, 'take-over: stored presence unreadable');
        return undefined;
      });
      if (!stored) break;
      for (const mac of chunk)
        if (stored.has(mac) && stored.get(mac) !== this.presence.isOnline(mac)) stale.push(mac);
    }
    await Promise.all(
      [...recent, ...stale].map(async (mac) => {
        const gw = await this.presence.rewrite(mac).catch(() => undefined);
        if (gw && this.presence.isOnline(mac)) this.ready(gw);
      }),
    );
  }

  private ready(gw: GatewayIdentity) {
    this.onArrival(gw);
    for (const listener of this.arrivalListeners) listener(gw);
  }

  attach(transport: HubTransport | undefined) {
    this.transport = transport;
  }

  async authenticate(mac: string, secret: string): Promise<boolean> {
    const gw = await this.directory.read(mac);
    if (!gw?.secretHash) return false;
    const [a, b] = [Buffer.from(sha256(secret)), Buffer.from(gw.secretHash)];
    const ok = a.length === b.length && timingSafeEqual(a, b);
    // The row just read is the freshest there is: the arrival that follows needs no query.
    if (ok) this.directory.prime(gw);
    return ok;
  }

  receive(mac: string, kind: GatewayTopic, payload: Buffer, settle: Settle): void {
    this.ingest.receive(mac, kind, payload, settle);
  }

  connected(mac: string) {
    return this.presence.connected(mac);
  }

  disconnected(mac: string) {
    return this.presence.disconnected(mac);
  }

  /** Whether a command can reach the gateway now; demo gateways are started on demand. */
  reachable(gw: { mac: string; type: string; version: string | null; virtual: number | boolean }) {
    if (gw.virtual === 1 || gw.virtual === true) this.demos.ensure(gw);
    return this.presence.isOnline(gw.mac);
  }

  /** Sends a command and waits for its reply: 409 gatewayOffline at once, 504 after the timeout. */
  async command<N extends CommandName>(
    gw: { mac: string; type: string; version: string | null; virtual: number | boolean },
    name: N,
    args: CommandArgs<N>,
    timeoutMs = this.d.commandTimeoutMs,
  ) {
    if (!this.reachable(gw)) throw gatewayOffline();
    return this.bus.send(gw.mac, name, args, timeoutMs);
  }

  private async deliver(mac: string, payload: string, deadline: number) {
    if (this.demos.has(mac)) return this.demos.deliver(mac, payload);
    if (!this.transport) throw new AppError('hubDisabled', 'The gateway hub is disabled');
    await this.transport.publishCommand(mac, payload, deadline);
  }

  stats(): HubStats {
    return this.counters.snapshot({
      transport: this.transport?.kind ?? 'disabled',
      connected: this.presence.count,
      pendingCommands: this.bus.size,
      ...(this.transport?.overload ? { overload: { ...this.transport.overload } } : {}),
      store: { queuedPoints: this.d.writer.waitingPoints, ...this.d.writer.roomFigures },
    });
  }

  /** Commits the presence and info that wait (tests, shutdown). */
  flush() {
    return this.writer.flush();
  }

  async close() {
    this.bus.close();
    await this.demos.close();
    await this.transport?.close();
    await this.arrivals.close();
    await this.writer.flush();
  }
}

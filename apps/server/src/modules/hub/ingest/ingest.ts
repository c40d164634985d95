import {
  infoMessage,
  modbusMessage,
  parseJson,
  poolMessage,
  PROTOCOL_LIMITS,
  replyMessage,
  stateMessage,
  telegramsMessage,
  type GatewayTopic,
  type InfoMessage,
  type ModbusItem,
  type TelegramItem,
} from '@atrium/contracts/gateway-protocol';
import type { CommandBus } from '../commands/command-bus';
import type { GatewayDirectory } from './gateway-directory';
import type { GatewayStateWriter } from './gateway-state-writer';
import type { HubEvents } from '../hub-events';
import type { DropReason, HubCounters } from './hub-stats';
import type { GatewayIdentity } from '../hub.repository';
import type { Presence } from '../transport/presence';
import type { RateLimiter } from './rate-limiter';
import type { SeriesIngest } from './series-ingest';
import type { Settle, Verdict } from '../transport/transport';
import type { UpdateTracker } from '../firmware/update-tracker';

export interface IngestDeps {
  directory: GatewayDirectory;
  writer: GatewayStateWriter;
  presence: Presence;
  commands: CommandBus;
  updates: UpdateTracker;
  telegrams: SeriesIngest<TelegramItem>;
  modbus: SeriesIngest<ModbusItem>;
  events: HubEvents;
  counters: HubCounters;
  limiter: RateLimiter;
  /** With an external broker, presence comes from the retained state topic. */
  presenceFromState: boolean;
  /**
   * Whether this node writes a gateway's presence and runs its arrival (decision 0050):
   * behind an external broker every node hears every state, one node does the work.
   */
  ownsArrival: (mac: string) => boolean;
  /** The gateway said `online`: it is subscribed to its commands. */
  onReady: (gw: GatewayIdentity) => void;
}

/**
 * How long a gateway's telegram and Modbus publishes may wait for their rate tokens: 5 s of
 * refill (100 publishes at 20/s), more than the 32 the broker reads ahead of their PUBACKs.
 */
const RATE_LOAN_MS = 5_000;

/** Validates every gateway publish and hands it to the part of the hub that owns it. */
/** Whether a state payload says online (what a malformed one says is judged later). */
const isOnline = (payload: Buffer) =>
  stateMessage.safeParse(payload.toString('utf8')).data === 'online';

export class Ingest {
  constructor(private readonly d: IngestDeps) {}

  /** Judges a publish; `settle` is called once (after commit for telegrams). */
  receive(mac: string, kind: GatewayTopic, payload: Buffer, settle: Settle): void {
    if (payload.length > PROTOCOL_LIMITS.maxPayloadBytes)
      return settle(this.drop('oversized', mac, 'refuse', `${payload.length} bytes`));
    if (kind === 'telegrams' || kind === 'modbus') {
      // QoS 1 data over the rate is slowed, not dropped (decision 0039): its verdict, so its
      // PUBACK, waits for the token, and the broker reads at most 32 publishes of a gateway
      // ahead of their PUBACKs. Only past RATE_LOAN_MS of borrowed tokens is it refused.
      const wait = this.d.limiter.borrow(mac, RATE_LOAN_MS);
      if (wait < 0) return settle(this.drop('rateLimited', mac, 'refuse'));
      if (wait > 0) {
        this.d.counters.accept('rateSlowed');
        setTimeout(() => this.judge(mac, kind, payload, settle), wait);
        return;
      }
    } else if (this.d.limiter.take(mac) > 0) return settle(this.drop('rateLimited', mac, 'refuse'));
    this.judge(mac, kind, payload, settle);
  }

  private judge(mac: string, kind: GatewayTopic, payload: Buffer, settle: Settle): void {
    // No authentication passed through the hub: an arrival reads the gateway's row again
    // (this lookup, used by everything the arrival does after it).
    if (
      kind === 'state' &&
      this.d.presenceFromState &&
      isOnline(payload) &&
      this.d.ownsArrival(mac)
    )
      this.d.directory.forget(mac);
    this.d.directory.lookup(mac).then(
      (gw) => {
        if (!gw) return settle(this.drop('unknownGateway', mac, 'ack'));
        try {
          this.route(gw, kind, payload, settle);
        } catch {
          settle(null);
        }
      },
      () => settle(null),
    );
  }

  private route(gw: GatewayIdentity, kind: GatewayTopic, payload: Buffer, settle: Settle) {
    const mac = gw.mac;
    switch (kind) {
      case 'state':
        return void this.state(gw, payload).then(settle, () => settle(null));
      case 'info':
        return settle(this.info(gw, payload));
      case 'telegrams':
        return this.telegrams(gw, payload, settle);
      case 'reply':
        return settle(this.reply(gw, payload));
      case 'modbus':
        return this.modbus(gw, payload, settle);
      case 'pool':
        return settle(this.pool(gw, payload));
      case 'cmd':
        // Only the cloud publishes commands.
        return settle(this.drop('forbiddenTopic', mac, 'refuse'));
    }
  }

  /** `nx/{mac}/pool`: handed to the pool module (issue 19) through the hub's events. */
  private pool(gw: GatewayIdentity, payload: Buffer): Verdict {
    const message = poolMessage.safeParse(parseJson(payload));
    const verdict = this.parsed('pool', message.success, gw.mac);
    if (message.success)
      this.d.events.emit('pool', {
        gateway: { id: gw.id, mac: gw.mac },
        message: message.data,
        at: Date.now(),
      });
    return verdict;
  }

  private drop(reason: DropReason, mac: string, verdict: Verdict, detail?: string): Verdict {
    this.d.counters.drop(reason, mac, detail);
    return verdict;
  }

  private parsed(kind: string, ok: boolean, mac: string): Verdict {
    if (!ok) return this.drop('malformed', mac, 'ack', kind);
    this.d.counters.accept(kind);
    return 'ack';
  }

  /** `gw` of an arrival was read for it (judge). */
  private async state(gw: GatewayIdentity, payload: Buffer): Promise<Verdict> {
    const state = stateMessage.safeParse(payload.toString('utf8'));
    if (!state.success) return this.drop('malformed', gw.mac, 'ack', 'state');
    this.d.counters.accept('state');
    let owner = true;
    if (this.d.presenceFromState) {
      // Every node keeps the presence and tells its consoles; the owner writes it.
      owner = this.d.ownsArrival(gw.mac);
      if (state.data === 'online') await this.d.presence.connected(gw.mac, owner);
      else await this.d.presence.disconnected(gw.mac, owner);
    }
    if (state.data === 'online' && owner) this.d.onReady(gw);
    return 'ack';
  }

  private info(gw: GatewayIdentity, payload: Buffer): Verdict {
    const info = infoMessage.safeParse(parseJson(payload));
    if (!info.success) return this.drop('malformed', gw.mac, 'ack', 'info');
    this.d.counters.accept('info');
    this.storeInfo(gw, info.data);
    return 'ack';
  }

  private storeInfo(gw: GatewayIdentity, info: InfoMessage) {
    this.d.writer.put(gw.mac, gw.teamId, {
      ip: info.ip,
      volt: info.volt,
      busload: info.busload,
      protect: info.protect ? 1 : 0,
      vpn_online: info.vpn.online ? 1 : 0,
      vpn_last_connection: info.vpn.lastConnection,
      ...(info.pooltype ? { pooltype: info.pooltype } : {}),
    });
    if (info.version !== gw.version) this.d.updates.finished(gw, info.version);
    if (!gw.projectId) return;
    this.d.events.emit('info', {
      project: gw.projectId,
      mac: gw.mac,
      version: info.version,
      ip: info.ip,
      volt: info.volt,
      busload: info.busload,
      protect: info.protect,
      vpn: info.vpn,
    });
  }

  private telegrams(gw: GatewayIdentity, payload: Buffer, settle: Settle): void {
    const message = telegramsMessage.safeParse(parseJson(payload));
    if (!message.success) return settle(this.drop('malformed', gw.mac, 'ack', 'telegrams'));
    this.stored('telegrams', this.d.telegrams, gw, message.data.items, settle);
  }

  /** Meter readings, stored and acknowledged like telegrams. */
  private modbus(gw: GatewayIdentity, payload: Buffer, settle: Settle): void {
    const message = modbusMessage.safeParse(parseJson(payload));
    if (!message.success) return settle(this.drop('malformed', gw.mac, 'ack', 'modbus'));
    this.stored('modbus', this.d.modbus, gw, message.data.items, settle);
  }

  /** What waits for the commit is the verdict's inputs only, not the message. */
  private stored<T extends { t: number }>(
    kind: 'telegrams' | 'modbus',
    ingest: SeriesIngest<T>,
    gw: GatewayIdentity,
    items: T[],
    settle: Settle,
  ): void {
    if (!gw.projectId) return settle(this.drop('noProject', gw.mac, 'ack'));
    const [mac, count] = [gw.mac, items.length];
    ingest.store(gw, gw.projectId, items, (outcome) => {
      if (outcome === 'invalid') return settle(this.drop('malformed', mac, 'ack', `${kind} time`));
      if (outcome === 'refused') return settle(this.drop('storeRefused', mac, 'retry'));
      this.d.counters.accept(kind, count);
      settle('ack');
    });
  }

  private reply(gw: GatewayIdentity, payload: Buffer): Verdict {
    const reply = replyMessage.safeParse(parseJson(payload));
    if (!reply.success) return this.drop('malformed', gw.mac, 'ack', 'reply');
    if (!this.d.commands.handle(gw.mac, reply.data))
      return this.drop('unknownReply', gw.mac, 'ack');
    this.d.counters.accept('reply');
    return 'ack';
  }
}

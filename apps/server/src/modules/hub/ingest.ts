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
} from '@atrium/contracts/gateway-protocol';
import type { CommandBus } from './command-bus';
import type { GatewayDirectory } from './gateway-directory';
import type { GatewayStateWriter } from './gateway-state-writer';
import type { HubEvents } from './hub-events';
import type { DropReason, HubCounters } from './hub-stats';
import type { GatewayIdentity } from './hub.repository';
import type { Presence } from './presence';
import type { RateLimiter } from './rate-limiter';
import type { TelegramIngest } from './telegram-ingest';
import type { Verdict } from './transport';
import type { UpdateTracker } from './update-tracker';

export interface IngestDeps {
  directory: GatewayDirectory;
  writer: GatewayStateWriter;
  presence: Presence;
  commands: CommandBus;
  updates: UpdateTracker;
  telegrams: TelegramIngest;
  events: HubEvents;
  counters: HubCounters;
  limiter: RateLimiter;
  /** With an external broker, presence comes from the retained state topic. */
  presenceFromState: boolean;
  /** The gateway said `online`: it is subscribed to its commands. */
  onReady: (gw: GatewayIdentity) => void;
}

/** Validates every gateway publish and hands it to the part of the hub that owns it. */
export class Ingest {
  constructor(private readonly d: IngestDeps) {}

  async receive(mac: string, kind: GatewayTopic, payload: Buffer): Promise<Verdict> {
    if (payload.length > PROTOCOL_LIMITS.maxPayloadBytes)
      return this.drop('oversized', mac, 'refuse', `${payload.length} bytes`);
    if (this.d.limiter.take(mac) > 0) return this.drop('rateLimited', mac, 'refuse');
    const gw = await this.d.directory.lookup(mac);
    if (!gw) return this.drop('unknownGateway', mac, 'ack');
    switch (kind) {
      case 'state':
        return this.state(gw, payload);
      case 'info':
        return this.info(gw, payload);
      case 'telegrams':
        return this.telegrams(gw, payload);
      case 'reply':
        return this.reply(gw, payload);
      case 'modbus':
        return this.parsed('modbus', modbusMessage.safeParse(parseJson(payload)).success, mac);
      case 'pool':
        return this.parsed('pool', poolMessage.safeParse(parseJson(payload)).success, mac);
      case 'cmd':
        // Only the cloud publishes commands.
        return this.drop('forbiddenTopic', mac, 'refuse');
    }
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

  private async state(gw: GatewayIdentity, payload: Buffer): Promise<Verdict> {
    const state = stateMessage.safeParse(payload.toString('utf8'));
    if (!state.success) return this.drop('malformed', gw.mac, 'ack', 'state');
    this.d.counters.accept('state');
    if (this.d.presenceFromState) {
      // No authentication passed through the hub: read the row again on arrival.
      if (state.data === 'online') this.d.directory.forget(gw.mac);
      if (state.data === 'online') await this.d.presence.connected(gw.mac);
      else await this.d.presence.disconnected(gw.mac);
    }
    if (state.data === 'online') this.d.onReady(gw);
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

  private async telegrams(gw: GatewayIdentity, payload: Buffer): Promise<Verdict> {
    const message = telegramsMessage.safeParse(parseJson(payload));
    if (!message.success) return this.drop('malformed', gw.mac, 'ack', 'telegrams');
    if (!gw.projectId) return this.drop('noProject', gw.mac, 'ack');
    const outcome = await this.d.telegrams.store(gw, gw.projectId, message.data.items);
    if (outcome === 'invalid') return this.drop('malformed', gw.mac, 'ack', 'telegram time');
    if (outcome === 'refused') return this.drop('storeRefused', gw.mac, 'retry');
    this.d.counters.accept('telegrams', message.data.items.length);
    return 'ack';
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

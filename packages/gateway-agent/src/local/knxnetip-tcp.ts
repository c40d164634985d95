import { createServer, type Server } from 'node:net';
import { formatGroupAddress, parseGroupAddress } from '@atrium/knx/group-address';
import { closeServer, type LocalService } from './http-kit';
import {
  CEMI,
  encodeLData,
  groupWriteIndication,
  groupWriteValue,
  isGroupFrame,
  STATUS,
  type LData,
} from './knxnetip-frames';
import {
  TunnelSession,
  type SessionHost,
  type SessionLimits,
  type Tunnel,
} from './knxnetip-session';

/**
 * The gateway's KNXnet/IP tunnelling server over TCP (tunnel service `knx`, port 3671), the
 * way ETS reaches a Core v2 device through the cloud's TCP-only tunnel. Behind it is the
 * agent's simulated bus: group writes from a client are handed to `onGroupWrite` and shown
 * to the other clients, and `indicate` puts the bus's own telegrams to every client.
 *
 * Hostile input (bad header, wrong length, unknown service, a frame over 512 bytes) closes
 * that socket only; sockets, tunnels, buffered input and unsent output are all bounded.
 */

/**
 * A group write a tunnel client sent: `ga` as `main/middle/sub`; `data` the APDU data, or for
 * a value of 6 bits or fewer (`short`: DPT 1, 2, 3) those bits alone as one byte. It must not
 * throw: it runs on the socket's data event.
 */
export type GroupWriteHandler = (ga: string, data: Buffer, short: boolean) => void;

/** Options of the server; every bound has a default. */
export interface KnxTcpServerOptions extends Partial<SessionLimits> {
  onGroupWrite?: GroupWriteHandler;
  /** Tunnels at once, at most 16 (their addresses are 1.1.240 to 1.1.255). */
  maxTunnels?: number;
  /** TCP connections at once, tunnel or not; beyond, new ones are closed at once. */
  maxSockets?: number;
}

/** Individual address of the first tunnel (1.1.240); tunnel n has 1.1.(239 + n). */
export const FIRST_TUNNEL_ADDRESS = 0x11f0;
/** Individual address the simulated bus's own telegrams come from (1.1.1). */
export const BUS_DEVICE_ADDRESS = 0x1101;
const MAX_TUNNELS = 16;

const DEFAULT_LIMITS: SessionLimits = {
  idleMs: 10_000,
  aliveMs: 120_000,
  maxQueuedBytes: 64 * 1024,
};

/** A KNXnet/IP tunnelling server over TCP; `server` is not yet listening. */
export class KnxNetIpTcpServer implements LocalService, SessionHost {
  readonly server: Server;
  /** Called for every group write a client sends (settable, to wire it after start). */
  onGroupWrite: GroupWriteHandler | undefined;
  private readonly limits: SessionLimits;
  private readonly sessions = new Set<TunnelSession>();
  /** The session holding each tunnel slot (channel id = slot + 1). */
  private readonly slots: (TunnelSession | undefined)[];

  constructor(options: KnxTcpServerOptions = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...options };
    this.onGroupWrite = options.onGroupWrite;
    const tunnels = Math.min(Math.max(options.maxTunnels ?? MAX_TUNNELS, 1), MAX_TUNNELS);
    this.slots = Array.from({ length: tunnels }, () => undefined);
    this.server = createServer((socket) => {
      socket.setNoDelay(true);
      this.sessions.add(new TunnelSession(socket, this, this.limits));
    });
    this.server.maxConnections = options.maxSockets ?? 2 * MAX_TUNNELS;
  }

  /** Tunnels open now. */
  get tunnelCount(): number {
    return this.slots.filter(Boolean).length;
  }

  /**
   * Sends a GroupValueWrite to `ga` from the bus (1.1.1) to every tunnel client, as an
   * L_Data.ind: `value` a number 0–63 for a short value (DPT 1, 2, 3), else its data bytes.
   * Returns how many clients it was sent to; throws on a malformed address or value.
   */
  indicate(ga: string, value: Buffer | number): number {
    const cemi = groupWriteIndication(BUS_DEVICE_ADDRESS, parseGroupAddress(ga), value);
    return this.tunnelSessions().filter((s) => s.sendCemi(cemi)).length;
  }

  /** Sends DISCONNECT_REQUEST on every tunnel, closes every connection, stops listening. */
  async close(): Promise<void> {
    const closing = [...this.sessions].map(
      (s) => new Promise((resolve) => s.socket.once('close', resolve)),
    );
    const stopped = closeServer(this.server);
    this.sessions.forEach((s) => s.shutdown());
    await Promise.all([...closing, stopped]);
  }

  /** @internal SessionHost */
  openTunnel(session: TunnelSession, requested: number | undefined): Tunnel | number {
    const slot =
      requested === undefined ? this.slots.indexOf(undefined) : requested - FIRST_TUNNEL_ADDRESS;
    if (requested !== undefined && (slot < 0 || slot >= this.slots.length || this.slots[slot])) {
      return STATUS.noMoreUniqueConnections; // that address is not a free tunnel of ours
    }
    if (slot < 0) return STATUS.noMoreConnections;
    this.slots[slot] = session;
    return { channel: slot + 1, address: FIRST_TUNNEL_ADDRESS + slot };
  }

  /** @internal SessionHost */
  closeTunnel(session: TunnelSession) {
    if (session.tunnel) this.slots[session.tunnel.channel - 1] = undefined;
    session.tunnel = undefined;
  }

  /** @internal SessionHost */
  sessionClosed(session: TunnelSession) {
    this.closeTunnel(session);
    this.sessions.delete(session);
  }

  /** @internal SessionHost: what one client sends to a group, the others see on the bus. */
  busFrame(from: TunnelSession, frame: LData) {
    if (!isGroupFrame(frame)) return; // addressed to one device: no device of ours answers
    const indication = encodeLData({ ...frame, code: CEMI.dataInd });
    this.tunnelSessions()
      .filter((s) => s !== from)
      .forEach((s) => s.sendCemi(indication));
    const write = groupWriteValue(frame);
    if (write) this.onGroupWrite?.(formatGroupAddress(frame.dst), write.data, write.short);
  }

  private tunnelSessions(): TunnelSession[] {
    return this.slots.filter((s): s is TunnelSession => s !== undefined);
  }
}

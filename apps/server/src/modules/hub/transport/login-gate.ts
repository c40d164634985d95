import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Aedes, Client } from 'aedes';
import { AddressShares } from '../../../lib/address-shares';
import {
  guardPacketSize,
  MAX_PACKET_BYTES,
  PRE_LOGIN_MAX_PACKET_BYTES,
  type PacketLimit,
} from './packet-size-guard';

export interface LoginGateOptions {
  /** Connections that have not logged in yet, at most (MQTT_PRE_LOGIN_MAX). */
  maxWaiting: number;
  /**
   * TCP connections queued, unread, for a place among those (MQTT_LOGIN_QUEUE_MAX; 0: none
   * queued, a connection over the cap is closed at once).
   */
  maxQueued: number;
  /**
   * TCP connections not logged in yet (waiting or queued) from one address, at most
   * (MQTT_PRE_LOGIN_PER_ADDRESS; 0: no cap). One more is closed at once (decision 0068).
   */
  maxPerAddress: number;
  /** How long one may stay queued, and then how long it has to log in (MQTT_LOGIN_TIMEOUT_MS). */
  loginTimeoutMs: number;
  /**
   * Counts a connection closed by the gate: `tooManyLogins` (over both caps or its address's,
   * or queued for longer than the login timeout), or `packetTooLarge` with its client and the
   * length its packet announced.
   */
  closed(reason: 'tooManyLogins' | 'packetTooLarge', client?: Client, announced?: number): void;
}

/**
 * What a connection may cost before it has logged in. Anyone can open one, so their number
 * is capped, and each may send packets of at most 1 KiB until its credentials are accepted,
 * then of 65 KiB (MAX_PACKET_BYTES). How long one may take to send its CONNECT is aedes'
 * `connectTimeout`. All of it is per connection: a publish costs one comparison.
 *
 * Past the cap, a TCP connection waits its turn unread (its listener pauses on connect: its
 * CONNECT stays in the kernel's buffer, the server holds a socket and no aedes client), oldest
 * first, for at most the login timeout. Thousands of gateways reconnecting at once after a
 * restart so log in as fast as the hub checks them, where closing them sent each into its
 * back-off (up to 30 s) and left the node idle meanwhile (decision 0066). A WebSocket over the
 * cap is closed at once: its stream would read, and buffer, what it is sent.
 *
 * One address may hold at most `maxPerAddress` of the TCP connections not logged in yet,
 * waiting and queued together, so that one client cannot take every place and the whole queue
 * (decision 0068). A WebSocket's address is capped by the HTTP server's connections per peer.
 */
export class LoginGate {
  /** Connections handed to aedes and not logged in yet, with their packet limit. */
  private readonly waiting = new Map<Client, PacketLimit>();
  /** Connections waiting their turn, oldest first, with the time they came. */
  private readonly queued = new Map<Socket, number>();
  /** TCP connections not logged in yet, per address. */
  private readonly shares: AddressShares;
  /** Gives back the share of each of those, when it logs in or goes. */
  private readonly giveBack = new WeakMap<Duplex, () => void>();
  private expiry: NodeJS.Timeout | undefined;
  private broker: Aedes | undefined;

  constructor(private readonly o: LoginGateOptions) {
    this.shares = new AddressShares(o.maxPerAddress);
  }

  get waitingCount(): number {
    return this.waiting.size;
  }

  get queuedCount(): number {
    return this.queued.size;
  }

  /**
   * Hands `stream` to aedes, unless too many connections are waiting to log in: then a TCP
   * socket accepted paused (`queue`) waits its turn while the queue has room, and any other
   * connection is closed. `address` is the client's, where a balancer's PROXY protocol header
   * named it; by default the TCP peer's.
   */
  admit(broker: Aedes, stream: Duplex, queue?: Socket, address = queue?.remoteAddress) {
    this.broker = broker;
    const share = queue && this.shares.take(address);
    if (queue && !share) {
      this.o.closed('tooManyLogins');
      return void stream.destroy();
    }
    // With no cap there is nothing to give back.
    if (share && this.shares.capped) {
      this.giveBack.set(stream, share);
      stream.once('close', share);
    }
    if (this.waiting.size < this.o.maxWaiting && this.queued.size === 0) {
      return this.hand(broker, stream);
    }
    if (!queue || this.queued.size >= this.o.maxQueued) {
      this.o.closed('tooManyLogins');
      return void stream.destroy();
    }
    this.queued.set(queue, Date.now());
    // A queued socket is not read, so its peer's close is seen only once it is handed on.
    queue.once('close', () => this.queued.delete(queue));
    this.expiry ??= setTimeout(() => this.expire(), this.o.loginTimeoutMs);
    this.next();
  }

  /** Closes the connections still waiting to log in or queued (the broker is closing). */
  closeAll() {
    clearTimeout(this.expiry);
    this.expiry = undefined;
    for (const socket of this.queued.keys()) socket.destroy();
    for (const client of this.waiting.keys()) client.conn.destroy();
  }

  /** The client's credentials are accepted: it leaves the waiting, with the larger limit. */
  loggedIn(client: Client) {
    this.waiting.get(client)?.raise(MAX_PACKET_BYTES);
    this.giveBack.get(client.conn)?.();
    this.leave(client);
  }

  private hand(broker: Aedes, stream: Duplex) {
    const client = broker.handle(stream);
    const limit = guardPacketSize(client, PRE_LOGIN_MAX_PACKET_BYTES, (announced) => {
      this.o.closed('packetTooLarge', client, announced);
      stream.destroy();
    });
    this.waiting.set(client, limit);
    stream.once('close', () => this.leave(client));
  }

  /** A place among the waiting is free: the oldest queued connection takes it. */
  private leave(client: Client) {
    if (this.waiting.delete(client)) this.next();
  }

  /** Hands the oldest queued connections on while there is room among the waiting. */
  private next() {
    const broker = this.broker;
    for (const [socket] of this.queued) {
      if (!broker || this.waiting.size >= this.o.maxWaiting) return;
      this.queued.delete(socket);
      if (!socket.destroyed) this.hand(broker, socket);
    }
  }

  /** Closes the connections queued for longer than the login timeout, oldest first. */
  private expire() {
    this.expiry = undefined;
    const now = Date.now();
    for (const [socket, at] of this.queued) {
      const left = at + this.o.loginTimeoutMs - now;
      if (left > 0) {
        this.expiry = setTimeout(() => this.expire(), left);
        return;
      }
      this.queued.delete(socket);
      this.o.closed('tooManyLogins');
      socket.destroy();
    }
  }
}

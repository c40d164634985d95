import type { Duplex } from 'node:stream';
import type { Aedes, Client } from 'aedes';
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
   * Counts a connection closed by the gate: `tooManyLogins`, or `packetTooLarge` with
   * its client and the length its packet announced.
   */
  closed(reason: 'tooManyLogins' | 'packetTooLarge', client?: Client, announced?: number): void;
}

/**
 * What a connection may cost before it has logged in. Anyone can open one, so
 * their number is capped (a connection over the cap is closed at once), and each
 * may send packets of at most 1 KiB until its credentials are accepted, then of
 * 65 KiB (MAX_PACKET_BYTES). How long one may take to send its CONNECT is aedes'
 * `connectTimeout`. All of it is per connection: a publish costs one comparison.
 */
export class LoginGate {
  /** Connections handed to aedes and not logged in yet, with their packet limit. */
  private readonly waiting = new Map<Client, PacketLimit>();

  constructor(private readonly o: LoginGateOptions) {}

  get waitingCount(): number {
    return this.waiting.size;
  }

  /** Hands `stream` to aedes, unless too many connections are waiting to log in. */
  admit(broker: Aedes, stream: Duplex) {
    if (this.waiting.size >= this.o.maxWaiting) {
      this.o.closed('tooManyLogins');
      return void stream.destroy();
    }
    const client = broker.handle(stream);
    const limit = guardPacketSize(client, PRE_LOGIN_MAX_PACKET_BYTES, (announced) => {
      this.o.closed('packetTooLarge', client, announced);
      stream.destroy();
    });
    this.waiting.set(client, limit);
    stream.once('close', () => this.waiting.delete(client));
  }

  /** Closes the connections still waiting to log in (the broker is closing). */
  closeAll() {
    for (const client of this.waiting.keys()) client.conn.destroy();
  }

  /** The client's credentials are accepted: it leaves the queue, with the larger limit. */
  loggedIn(client: Client) {
    this.waiting.get(client)?.raise(MAX_PACKET_BYTES);
    this.waiting.delete(client);
  }
}

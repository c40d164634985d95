import {
  PROTOCOL_LIMITS,
  PROTOCOL_VERSION,
  type modbusMessage,
} from '@atrium/contracts/gateway-protocol';
import type { AgentLink } from './link';
import type { ModbusReading } from './modbus-poller';

/** The body of `nx/{mac}/modbus`. */
export type ModbusMessage = ReturnType<typeof modbusMessage.parse>;

export interface ModbusOutboxOptions {
  /** Readings gathered before one publish, so many meters make few publishes (rate limit). */
  batchMs: number;
  /** Unacknowledged publishes at once; beyond, readings wait in the buffer. */
  maxInFlight: number;
  /** Readings kept while offline (the oldest go first). */
  maxBuffered: number;
  onAcked?: (message: ModbusMessage) => void;
}

/**
 * Meter readings on their way to `nx/{mac}/modbus` (QoS 1), as telegrams go: batched up to the
 * protocol's limit, kept while offline and sent once the link is back.
 */
export class ModbusOutbox {
  private readonly buffer: ModbusReading[] = [];
  private timer: NodeJS.Timeout | undefined;
  private seq = 0;
  private inFlight = 0;

  constructor(
    private readonly link: AgentLink,
    private readonly o: ModbusOutboxOptions,
  ) {}

  /** Queues readings; they go out with the others of the next `batchMs`. */
  push(items: readonly ModbusReading[]) {
    this.buffer.push(...items);
    const excess = this.buffer.length - this.o.maxBuffered;
    if (excess > 0) this.buffer.splice(0, excess);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, this.o.batchMs);
  }

  /**
   * Sends what waits, in batches of the protocol's maximum size (on connect, after a batch):
   * at most 500 readings and 64 KiB. With 32-character ids, 500 readings of long doubles
   * (-0.0002301234588623047) weigh 66 KB: the hub would drop the publish as oversized and
   * close the connection, and the link would resend it after every reconnect. Such a batch is
   * halved until it fits; what is left goes first in the next one.
   */
  flush() {
    const max = PROTOCOL_LIMITS.maxTelegramsPerMessage;
    while (this.link.connected && this.buffer.length && this.inFlight < this.o.maxInFlight) {
      let items = this.buffer.splice(0, max);
      let message: ModbusMessage = { v: PROTOCOL_VERSION, seq: this.seq, items };
      let body = JSON.stringify(message);
      while (items.length > 1 && Buffer.byteLength(body) > PROTOCOL_LIMITS.maxPayloadBytes) {
        const keep = Math.ceil(items.length / 2);
        this.buffer.unshift(...items.slice(keep));
        items = items.slice(0, keep);
        message = { v: PROTOCOL_VERSION, seq: this.seq, items };
        body = JSON.stringify(message);
      }
      this.seq++;
      void this.publish(message, body);
    }
  }

  /** Readings not sent yet. */
  get pending(): number {
    return this.buffer.length;
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async publish(message: ModbusMessage, body: string) {
    this.inFlight++;
    try {
      await this.link.publish('modbus', body, { qos: 1 });
      this.o.onAcked?.(message);
    } catch {
      // Closed for good: what was not acknowledged is not counted as stored.
    } finally {
      this.inFlight--;
    }
    this.flush();
  }
}

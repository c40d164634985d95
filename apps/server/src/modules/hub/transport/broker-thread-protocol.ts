import type { GatewayTopic } from '@atrium/contracts/gateway-protocol';
import type { DropReason } from '../ingest/hub-stats';
import type { OverloadFigures } from './aedes-broker';
import type { Verdict } from './transport';

/** What the broker thread tells the hub (main thread). */
export type FromBroker =
  | { t: 'listening'; port: number }
  | { t: 'failed'; message: string; code?: string }
  | { t: 'auth'; id: number; mac: string; secret: string }
  | { t: 'publish'; id: number; mac: string; kind: GatewayTopic; payload: Uint8Array }
  | { t: 'up'; mac: string }
  | { t: 'down'; mac: string }
  | { t: 'drop'; reason: DropReason; mac: string; detail?: string }
  | { t: 'cut'; reason: string }
  /** The overload guard's figures, every second. */
  | { t: 'overload'; figures: OverloadFigures }
  | { t: 'sent'; id: number; error?: string }
  | { t: 'ws-out'; conn: number; data: Uint8Array }
  | { t: 'ws-end'; conn: number }
  | { t: 'closed' };

/** What the hub tells the broker thread. */
export type ToBroker =
  /** `ok` null: the credentials could not be checked now (CONNACK 3). */
  | { t: 'auth'; id: number; ok: boolean | null }
  /** `verdict` null: the hub could not judge the publish (the connection is closed). */
  | { t: 'verdict'; id: number; verdict: Verdict | null }
  /** `deadline`: epoch ms (threads share the clock), past which a waiting command is let go. */
  | { t: 'command'; id: number; mac: string; payload: string; deadline?: number }
  | { t: 'ws-open'; conn: number }
  | { t: 'ws-in'; conn: number; data: Uint8Array }
  | { t: 'ws-close'; conn: number }
  | { t: 'close' };

/**
 * Messages between the threads travel in batches: everything sent during one
 * turn of the event loop goes in one postMessage, so 10,000 publishes a second
 * cost a few hundred messages, not 20,000.
 */
export class Outbox<M> {
  private queue: M[] = [];
  private scheduled = false;

  constructor(private readonly post: (batch: M[]) => void) {}

  send(message: M) {
    this.queue.push(message);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  flush() {
    this.scheduled = false;
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    this.post(batch);
  }
}

/** A copy of the bytes in a buffer of their own: cloning a pooled Buffer would copy its whole pool. */
export function ownBytes(data: Uint8Array): Uint8Array {
  return new Uint8Array(data);
}

/**
 * Values under ids handed out in sequence and taken back in any order, kept in a
 * ring that doubles when full. The broker thread keeps a callback per login and
 * per publish awaiting the hub here: a Map churning through 11,000 entries a second rehashes into new
 * tables that only a full collection frees.
 */
export class SequencedSlots<T> {
  private ring: (T | undefined)[] = new Array<T | undefined>(1024).fill(undefined);
  /** The oldest id not taken yet (all before it are taken). */
  private head = 0;
  private next = 0;

  /** Ids between the oldest not taken and the newest: an upper bound of the count. */
  get span(): number {
    return this.next - this.head;
  }

  add(value: T): number {
    if (this.next - this.head === this.ring.length) this.grow();
    const id = this.next++;
    this.ring[id % this.ring.length] = value;
    return id;
  }

  take(id: number): T | undefined {
    if (id < this.head || id >= this.next) return undefined;
    const size = this.ring.length;
    const value = this.ring[id % size];
    this.ring[id % size] = undefined;
    while (this.head < this.next && this.ring[this.head % size] === undefined) this.head++;
    return value;
  }

  private grow() {
    const old = this.ring;
    this.ring = new Array<T | undefined>(old.length * 2).fill(undefined);
    for (let id = this.head; id < this.next; id++)
      this.ring[id % this.ring.length] = old[id % old.length];
  }
}

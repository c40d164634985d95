import type { Socket as NetSocket } from 'node:net';
import type { Socket } from 'socket.io';

/** What slow consoles may leave waiting on the server (decision 0045). */
export interface SocketBacklogLimits {
  /** One socket's frames not yet taken by its connection, in bytes. */
  perSocketBytes: number;
  /** All sockets' together, in bytes: past it, the largest backlogs go first. */
  totalBytes: number;
}

/** How often the backlogs are measured, in ms. */
export const SOCKET_BACKLOG_CHECK_MS = 1_000;

/**
 * Which backlogs to close so that each is within `perSocketBytes` and their sum within
 * `totalBytes`: every one over its own limit, then the largest until the rest fit.
 * Answers their indexes in `pending`.
 */
export function backlogsToClose(pending: readonly number[], limits: SocketBacklogLimits): number[] {
  const close: number[] = [];
  const kept: number[] = [];
  let total = 0;
  pending.forEach((bytes, i) => {
    if (bytes > limits.perSocketBytes) close.push(i);
    else {
      kept.push(i);
      total += bytes;
    }
  });
  if (total > limits.totalBytes) {
    kept.sort((a, b) => (pending[b] ?? 0) - (pending[a] ?? 0));
    for (const i of kept) {
      if (total <= limits.totalBytes) break;
      close.push(i);
      total -= pending[i] ?? 0;
    }
  }
  return close;
}

/** The bytes of an engine.io packet's data (a string counts its length). */
function sizeOf(data: unknown): number {
  if (typeof data === 'string') return data.length;
  if (data instanceof ArrayBuffer) return data.byteLength;
  if (ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
}

interface Tracked {
  socket: Socket;
  /** Bytes of the packets engine.io holds until its transport is writable again. */
  queued: number;
  /** The TCP connection of a socket opened as a WebSocket: what it holds is counted too. */
  raw: NetSocket | undefined;
}

/**
 * Bounds what consoles that read too slowly make the server hold. socket.io queues every
 * frame for a socket whose connection does not take them (a stalled browser, a saturated
 * link) until its heartbeat times out, 45 s later: at a busy project's rate, megabytes per
 * console. Each second the backlogs are measured (engine.io's queue, from its public
 * `packetCreate` and `flush` events, plus the WebSocket's TCP buffer); a socket past its
 * limit, or the largest ones while the sum is past the total, are closed at once (queue
 * dropped, connection reset). The console reconnects, joins its rooms again and reloads
 * what it shows; the other consoles are not held back by it.
 */
export class SocketBacklog {
  private readonly tracked = new Set<Tracked>();
  private readonly timer: NodeJS.Timeout;
  /** Sockets closed for their backlog since the start. */
  closed = 0;

  constructor(
    private readonly limits: SocketBacklogLimits,
    private readonly log?: { warn(obj: object, msg: string): void },
    checkMs = SOCKET_BACKLOG_CHECK_MS,
  ) {
    this.timer = setInterval(() => this.check(), checkMs);
    this.timer.unref();
  }

  watch(socket: Socket) {
    const conn = socket.conn;
    const direct = conn.request.headers.upgrade?.toLowerCase() === 'websocket';
    const t: Tracked = { socket, queued: 0, raw: direct ? conn.request.socket : undefined };
    conn.on('packetCreate', (packet: { data?: unknown }) => {
      t.queued += sizeOf(packet.data);
    });
    // A flush hands every queued packet to the transport (the WebSocket's TCP buffer).
    conn.on('flush', () => {
      t.queued = 0;
    });
    socket.once('disconnect', () => this.tracked.delete(t));
    this.tracked.add(t);
  }

  /** Bytes waiting for each socket now, in the order of `check`. */
  private pending(t: Tracked): number {
    return t.queued + (t.raw?.writableLength ?? 0);
  }

  check() {
    const all = [...this.tracked];
    const pending = all.map((t) => this.pending(t));
    for (const i of backlogsToClose(pending, this.limits)) {
      const t = all[i];
      if (t) this.close(t, pending[i] ?? 0);
    }
  }

  private close(t: Tracked, bytes: number) {
    this.tracked.delete(t);
    this.closed += 1;
    const { user, share } = t.socket.data as { user?: { id: string }; share?: { id: string } };
    this.log?.warn(
      { user: user?.id, share: share?.id, bytes, limits: this.limits },
      'socket closed: its console reads too slowly',
    );
    // Discarding drops engine.io's queue now (a plain close would wait for it to drain);
    // the reset frees what the kernel holds for the connection as well.
    t.socket.conn.close(true);
    t.raw?.resetAndDestroy();
  }

  stop() {
    clearInterval(this.timer);
    this.tracked.clear();
  }
}

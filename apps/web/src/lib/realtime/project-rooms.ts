import type { Socket } from 'socket.io-client';
import { z } from 'zod';

const joinAck = z.object({ ok: z.boolean() });

/**
 * The project rooms this console listens to. The server forgets them when the
 * connection drops, so every (re)connection joins them again.
 */
export class ProjectRooms {
  private joined = new Set<string>();

  constructor(private readonly socket: Socket) {
    socket.on('connect', () => {
      for (const project of this.joined) this.join(project);
    });
  }

  /** Joins the rooms of `wanted` that are not joined yet and leaves the others. */
  set(wanted: ReadonlySet<string>): void {
    for (const project of this.joined) {
      if (!wanted.has(project)) {
        this.joined.delete(project);
        if (this.socket.connected) this.socket.emit('leave', { project });
      }
    }
    for (const project of wanted) {
      if (this.joined.has(project)) continue;
      this.joined.add(project);
      if (this.socket.connected) this.join(project);
    }
    if (wanted.size > 0 && !this.socket.connected && !this.socket.active) this.socket.connect();
  }

  get size(): number {
    return this.joined.size;
  }

  private join(project: string): void {
    // A refused join (no role on the project) only means no live updates: polling stays.
    this.socket.timeout(10_000).emit('join', { project }, (err: unknown, reply: unknown) => {
      if (err || !joinAck.safeParse(reply).data?.ok) this.joined.delete(project);
    });
  }
}

/** What a project gathered since its last event. */
interface Room<A> {
  gathered: A;
  items: number;
  /** When the project's last event went out (ms). */
  sentAt: number;
  timer: NodeJS.Timeout | undefined;
}

export interface ProjectWindowsOptions<A> {
  /** Whether anyone may hear the project's events (on this node, or through Redis). */
  wanted: (projectId: string) => boolean;
  /** A project's empty gathering. */
  empty: () => A;
  send: (projectId: string, gathered: A) => void;
  /** The event's name, for the log. */
  event: string;
  log?: { warn(obj: object, msg: string): void } | undefined;
  /** The window (ms), asked at each event: it may widen while the node is busy. */
  windowMs: number | (() => number);
  /** The event goes out at once when it holds this many items. */
  maxItems: number;
}

/**
 * A console event fanned out per project and window (decisions 0044 and 0048): at most one
 * event per project per window. A project's first items after a quiet window go out at the
 * end of the current turn of the event loop (with whatever else that turn brought); what
 * comes within the window after an event waits for the window's end and goes out as one
 * event. Each event is one WebSocket write per console in the room, on the main thread: per
 * event and console is what saturates a node, so a console hears at most about
 * 1,000 / `windowMs` events a second per project whatever the rate, and a quiet project's
 * items are not held back. A project's event goes out at once when it reaches `maxItems`,
 * so what waits is bounded.
 */
export class ProjectWindows<A> {
  private readonly rooms = new Map<string, Room<A>>();

  constructor(private readonly o: ProjectWindowsOptions<A>) {}

  private window(): number {
    const w = this.o.windowMs;
    return typeof w === 'number' ? w : w();
  }

  /** `put` adds to the project's gathering and answers how many items it holds now. */
  add(project: string, put: (gathered: A) => number): void {
    if (!this.o.wanted(project)) return;
    let room = this.rooms.get(project);
    if (!room) {
      room = { gathered: this.o.empty(), items: 0, sentAt: -Infinity, timer: undefined };
      this.rooms.set(project, room);
    }
    room.items = put(room.gathered);
    if (room.items >= this.o.maxItems) return this.sendNow(project, room);
    room.timer ??= setTimeout(
      () => this.due(project),
      Math.max(0, room.sentAt + this.window() - Date.now()),
    );
  }

  /** Drops what waits (the server is closing: the sockets are gone). */
  close(): void {
    for (const room of this.rooms.values()) clearTimeout(room.timer);
    this.rooms.clear();
  }

  private due(project: string) {
    const room = this.rooms.get(project);
    if (!room) return;
    room.timer = undefined;
    // A quiet window after the last event: the project starts afresh.
    if (room.items === 0) this.rooms.delete(project);
    else this.sendNow(project, room);
  }

  private sendNow(project: string, room: Room<A>) {
    clearTimeout(room.timer);
    const { gathered } = room;
    room.gathered = this.o.empty();
    room.items = 0;
    room.sentAt = Date.now();
    // Ends the window: sends what came meanwhile, or forgets the project.
    room.timer = setTimeout(() => this.due(project), this.window());
    // Sent from a timer too: a failing send is logged, it must not end the process.
    try {
      this.o.send(project, gathered);
    } catch (err) {
      this.o.log?.warn({ err, project }, `${this.o.event} not sent`);
    }
  }
}

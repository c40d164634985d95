import {
  TELEGRAM_EVENT_MAX_ITEMS,
  TELEGRAM_WINDOW_MS,
  type TelegramsEvent,
  type TelegramsSocketEvent,
} from '@atrium/contracts/hub';

/** A project's telegrams waiting for its next event. */
interface Room {
  batches: TelegramsSocketEvent['batches'];
  items: number;
  /** When the project's last event went out (ms). */
  sentAt: number;
  timer: NodeJS.Timeout | undefined;
}

/**
 * The `knx:telegrams` fan-out (decision 0044): at most one event per project per window.
 * A project's first telegrams after a quiet window go out at the end of the current turn
 * of the event loop (with whatever else that turn brought); what comes within the window
 * after an event waits for the window's end and goes out as one event. So a console hears
 * at most about 1,000 / `windowMs` events a second per project whatever the project's
 * telegram rate (each event is one WebSocket write per console: per event and console is
 * what saturated the node), and a quiet project's telegrams are not held back. A project's
 * event goes out at once when it reaches `maxItems`, so what waits is bounded by the rate
 * over one window. The batches are the hub's own (not copied).
 */
export class TelegramGatherer {
  private readonly rooms = new Map<string, Room>();

  constructor(
    /** Whether anyone may hear the project's telegrams (on this node, or through Redis). */
    private readonly wanted: (projectId: string) => boolean,
    private readonly send: (event: TelegramsSocketEvent) => void,
    private readonly log?: { warn(obj: object, msg: string): void },
    private readonly windowMs = TELEGRAM_WINDOW_MS,
    private readonly maxItems = TELEGRAM_EVENT_MAX_ITEMS,
  ) {}

  add(e: TelegramsEvent): void {
    if (e.items.length === 0 || !this.wanted(e.project)) return;
    let room = this.rooms.get(e.project);
    if (!room) {
      room = { batches: [], items: 0, sentAt: -Infinity, timer: undefined };
      this.rooms.set(e.project, room);
    }
    room.batches.push({ mac: e.mac, items: e.items });
    room.items += e.items.length;
    if (room.items >= this.maxItems) return this.sendNow(e.project, room);
    room.timer ??= setTimeout(
      () => this.due(e.project),
      Math.max(0, room.sentAt + this.windowMs - Date.now()),
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

  private sendNow(project: string, room: Room) {
    clearTimeout(room.timer);
    const { batches } = room;
    room.batches = [];
    room.items = 0;
    room.sentAt = Date.now();
    // Ends the window: sends what came meanwhile, or forgets the project.
    room.timer = setTimeout(() => this.due(project), this.windowMs);
    // Sent from a timer too: a failing send is logged, it must not end the process.
    try {
      this.send({ project, batches });
    } catch (err) {
      this.log?.warn({ err, project }, 'knx:telegrams not sent');
    }
  }
}

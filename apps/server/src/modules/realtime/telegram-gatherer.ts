import {
  TELEGRAM_EVENT_MAX_ITEMS,
  TELEGRAM_WINDOW_MS,
  type TelegramsEvent,
  type TelegramsSocketEvent,
} from '@atrium/contracts/hub';

interface Pending {
  batches: TelegramsSocketEvent['batches'];
  items: number;
}

/**
 * The `knx:telegrams` fan-out (decision 0044): a project's telegrams are gathered over one
 * window and go to its consoles as one event, so a console hears at most about
 * 1,000 / `windowMs` events a second whatever its project's telegram rate (each event is one
 * WebSocket write per console: per event and console is what saturated the node). One timer
 * for every project; a project's event goes out at once when it reaches `maxItems`, so what
 * waits is bounded by the rate over one window. The batches are the hub's own (not copied).
 */
export class TelegramGatherer {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** Whether anyone may hear the project's telegrams (on this node, or through Redis). */
    private readonly wanted: (projectId: string) => boolean,
    private readonly send: (event: TelegramsSocketEvent) => void,
    private readonly windowMs = TELEGRAM_WINDOW_MS,
    private readonly maxItems = TELEGRAM_EVENT_MAX_ITEMS,
  ) {}

  add(e: TelegramsEvent): void {
    if (e.items.length === 0 || !this.wanted(e.project)) return;
    let p = this.pending.get(e.project);
    if (!p) this.pending.set(e.project, (p = { batches: [], items: 0 }));
    p.batches.push({ mac: e.mac, items: e.items });
    p.items += e.items.length;
    if (p.items >= this.maxItems) {
      this.pending.delete(e.project);
      this.send({ project: e.project, batches: p.batches });
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), this.windowMs);
  }

  /** Sends every project's gathered telegrams now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const all = this.pending;
    this.pending = new Map();
    for (const [project, p] of all) this.send({ project, batches: p.batches });
  }

  /** Drops what waits (the server is closing: the sockets are gone). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}

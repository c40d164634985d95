import {
  TELEGRAM_EVENT_MAX_ITEMS,
  TELEGRAM_WINDOW_MS,
  type TelegramsEvent,
  type TelegramsSocketEvent,
} from '@atrium/contracts/hub';
import { ProjectWindows } from './project-windows';

type Batches = { list: TelegramsSocketEvent['batches']; items: number };

/**
 * The `knx:telegrams` fan-out (decision 0044): one event per project per window, the hub's
 * batches in the order it took them (not copied), out at once past `maxItems` telegrams.
 */
export class TelegramGatherer {
  private readonly windows: ProjectWindows<Batches>;

  constructor(
    wanted: (projectId: string) => boolean,
    send: (event: TelegramsSocketEvent) => void,
    log?: { warn(obj: object, msg: string): void },
    windowMs: number | (() => number) = TELEGRAM_WINDOW_MS,
    maxItems = TELEGRAM_EVENT_MAX_ITEMS,
  ) {
    this.windows = new ProjectWindows<Batches>({
      wanted,
      empty: () => ({ list: [], items: 0 }),
      send: (project, batches) => send({ project, batches: batches.list }),
      event: 'knx:telegrams',
      log,
      windowMs,
      maxItems,
    });
  }

  add(e: TelegramsEvent): void {
    if (e.items.length === 0) return;
    this.windows.add(e.project, (batches) => {
      batches.list.push({ mac: e.mac, items: e.items });
      return (batches.items += e.items.length);
    });
  }

  close(): void {
    this.windows.close();
  }
}

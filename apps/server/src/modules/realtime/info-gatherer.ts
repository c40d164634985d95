import {
  GATEWAY_INFO_WINDOW_MS,
  type GatewayInfoEvent,
  type GatewayInfoSocketEvent,
} from '@atrium/contracts/hub';
import { ProjectWindows } from './project-windows';

type Info = GatewayInfoSocketEvent['infos'][number];

/** A project's infos in one event: more than this goes out at once (a project this big is rare). */
const MAX_INFOS = 1_000;

/**
 * The `gateway:info` fan-out (decision 0048): one event per project per window, with each
 * gateway's latest info of the window (a gateway reports every few seconds; the console shows
 * only the latest).
 */
export class InfoGatherer {
  private readonly windows: ProjectWindows<Map<string, Info>>;

  constructor(
    wanted: (projectId: string) => boolean,
    send: (event: GatewayInfoSocketEvent) => void,
    log?: { warn(obj: object, msg: string): void },
    windowMs = GATEWAY_INFO_WINDOW_MS,
    maxInfos = MAX_INFOS,
  ) {
    this.windows = new ProjectWindows<Map<string, Info>>({
      wanted,
      empty: () => new Map(),
      send: (project, infos) => send({ project, infos: [...infos.values()] }),
      event: 'gateway:info',
      log,
      windowMs,
      maxItems: maxInfos,
    });
  }

  add({ project, ...info }: GatewayInfoEvent): void {
    this.windows.add(project, (infos) => {
      // The latest last: a gateway that reported again moves to the end.
      infos.delete(info.mac);
      return infos.set(info.mac, info).size;
    });
  }

  close(): void {
    this.windows.close();
  }
}

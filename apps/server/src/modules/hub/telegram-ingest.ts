import type { TelegramItem } from '@atrium/contracts/gateway-protocol';
import type { BatchingWriter } from '../timeseries/batching-writer';
import { TimeSeriesError, type Point, type TimeSeriesStore } from '../timeseries/timeseries.types';
import type { HubEvents } from './hub-events';
import type { GatewayIdentity } from './hub.repository';

const numeric = (value: number | boolean) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/**
 * KNX telegrams into the time-series store: one series per (project, gateway,
 * group address), written through the batching writer whose promise resolves
 * after commit, so the caller acknowledges only what is stored. The console's
 * `knx:telegrams` event goes out as soon as the writer has taken the points.
 */
export class TelegramIngest {
  /** Series ids by project, gateway and address: a telegram needs no key string built. */
  private readonly ids = new Map<string, Map<string, Map<string, Promise<number>>>>();

  constructor(
    private readonly series: Pick<TimeSeriesStore, 'ensureSeries'>,
    private readonly writer: Pick<BatchingWriter, 'offer'>,
    private readonly events: HubEvents,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /** Stores the batch: `invalid` points can never be stored; `refused` may be resent (overloaded, closing). */
  async store(
    gw: GatewayIdentity,
    projectId: string,
    items: TelegramItem[],
  ): Promise<'stored' | 'invalid' | 'refused'> {
    let committed: Promise<void>;
    try {
      const points: Point[] = [];
      for (const item of items) {
        points.push({
          seriesId: await this.seriesId(projectId, gw.mac, item.ga),
          t: item.t,
          v: numeric(item.value),
        });
      }
      const offer = this.writer.offer(points);
      if (!offer.queued) throw offer.error;
      committed = offer.committed;
    } catch (err) {
      return this.failed(err, gw.mac);
    }
    // Live view first: the console sees what the hub accepted; the gateway's PUBACK waits
    // for the commit (a batch that fails is resent by the gateway, the same values again).
    this.events.emit('telegrams', { project: projectId, mac: gw.mac, items });
    try {
      await committed;
    } catch (err) {
      return this.failed(err, gw.mac);
    }
    return 'stored';
  }

  private failed(err: unknown, mac: string): 'invalid' | 'refused' {
    if (err instanceof TimeSeriesError && err.code === 'invalidPoint') return 'invalid';
    this.log.warn({ err, mac }, 'telegrams not stored');
    return 'refused';
  }

  private seriesId(projectId: string, mac: string, address: string): Promise<number> {
    let ofProject = this.ids.get(projectId);
    if (!ofProject)
      this.ids.set(projectId, (ofProject = new Map<string, Map<string, Promise<number>>>()));
    let ofGateway = ofProject.get(mac);
    if (!ofGateway) ofProject.set(mac, (ofGateway = new Map<string, Promise<number>>()));
    let id = ofGateway.get(address);
    if (!id) {
      id = this.series.ensureSeries({ projectId, gatewayMac: mac, address, kind: 'knx' });
      ofGateway.set(address, id);
      // A failed creation is asked again next time.
      const gone = ofGateway;
      id.catch(() => gone.delete(address));
    }
    return id;
  }
}

import type { TelegramItem } from '@atrium/contracts/gateway-protocol';
import type { BatchingWriter } from '../timeseries/batching-writer';
import { TimeSeriesError, type Point, type TimeSeriesStore } from '../timeseries/timeseries.types';
import type { HubEvents } from './hub-events';
import type { GatewayIdentity } from './hub.repository';

const numeric = (value: number | boolean) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/**
 * KNX telegrams into the time-series store: one series per (project, gateway,
 * group address), written through the batching writer whose promise resolves
 * after commit, so the caller acknowledges only what is stored.
 */
export class TelegramIngest {
  constructor(
    private readonly series: Pick<TimeSeriesStore, 'ensureSeries'>,
    private readonly writer: Pick<BatchingWriter, 'write'>,
    private readonly events: HubEvents,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /** Stores the batch: `invalid` points can never be stored; `refused` may be resent (overloaded, closing). */
  async store(
    gw: GatewayIdentity,
    projectId: string,
    items: TelegramItem[],
  ): Promise<'stored' | 'invalid' | 'refused'> {
    try {
      const points: Point[] = [];
      for (const item of items) {
        const key = { projectId, gatewayMac: gw.mac, address: item.ga, kind: 'knx' as const };
        points.push({
          seriesId: await this.series.ensureSeries(key),
          t: item.t,
          v: numeric(item.value),
        });
      }
      await this.writer.write(points);
    } catch (err) {
      if (err instanceof TimeSeriesError && err.code === 'invalidPoint') return 'invalid';
      this.log.warn({ err, mac: gw.mac }, 'telegrams not stored');
      return 'refused';
    }
    this.events.emit('telegrams', { project: projectId, mac: gw.mac, items });
    return 'stored';
  }
}

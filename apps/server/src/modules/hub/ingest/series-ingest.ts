import type { ModbusItem, TelegramItem } from '@atrium/contracts/gateway-protocol';
import type { SeriesKind } from '../../../db/schema';
import type { BatchingWriter } from '../../timeseries/batching-writer';
import { TimeSeriesError } from '../../../lib/timeseries-error';
import type { Point, TimeSeriesStore } from '../../timeseries/timeseries.types';
import type { HubEvents } from '../hub-events';
import type { GatewayIdentity } from '../hub.repository';

type StoreOutcome = 'stored' | 'invalid' | 'refused';

/** What a kind of gateway publish stores: which series each item goes to, and its value. */
export interface SeriesItems<T extends { t: number }> {
  kind: SeriesKind;
  /** The series' address within its project and gateway. */
  addressOf(item: T): string;
  valueOf(item: T): number;
  /** Told once the writer has taken the batch (before the commit): the live view. */
  taken(projectId: string, mac: string, items: T[]): void;
}

const numeric = (value: number | boolean) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/**
 * KNX telegrams: one series per group address; the console's `knx:telegrams` event goes out
 * as soon as the writer has taken the points.
 */
export const telegramSeries = (events: HubEvents): SeriesItems<TelegramItem> => ({
  kind: 'knx',
  addressOf: (item) => item.ga,
  valueOf: (item) => numeric(item.value),
  taken: (project, mac, items) => events.emit('telegrams', { project, mac, items }),
});

/**
 * Modbus readings: one series per configured value (its id, unique in the project); the
 * Modbus module names them for the graph. The `modbus` event (the alert engine's thresholds)
 * goes out as soon as the writer has taken the points, as telegrams' does.
 */
export const modbusSeries = (events: HubEvents): SeriesItems<ModbusItem> => ({
  kind: 'modbus',
  addressOf: (item) => item.value,
  valueOf: (item) => item.v,
  taken: (project, mac, items) => events.emit('modbus', { project, mac, items }),
});

/**
 * Gateway data into the time-series store: one series per (project, gateway, address),
 * written through the batching writer, which calls back after commit, so the caller
 * acknowledges only what is stored.
 */
export class SeriesIngest<T extends { t: number }> {
  /** Series ids by project, gateway and address: a telegram needs no key string built. */
  private readonly ids = new Map<string, Map<string, Map<string, Promise<number>>>>();
  /** The same, for the ids already resolved. */
  private readonly known = new Map<string, Map<string, Map<string, number>>>();

  constructor(
    private readonly items: SeriesItems<T>,
    private readonly series: Pick<TimeSeriesStore, 'ensureSeries'>,
    private readonly writer: Pick<BatchingWriter, 'submitOrWait'>,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /**
   * Stores the batch and calls `done` once it is committed (or not): `invalid` points can
   * never be stored; `refused` may be resent (overloaded, closing). Series already known
   * take no promise at all: at 10,000 telegrams a second, whatever waits for the commit
   * ends up in the old generation.
   */
  store(
    gw: GatewayIdentity,
    projectId: string,
    items: T[],
    done: (outcome: StoreOutcome) => void,
  ): void {
    const points = this.knownPoints(projectId, gw.mac, items);
    if (points) return this.offer(projectId, gw.mac, items, points, done);
    this.pointsOf(projectId, gw.mac, items).then(
      (resolved) => this.offer(projectId, gw.mac, items, resolved, done),
      (err: unknown) => done(this.failed(err, gw.mac)),
    );
  }

  private offer(
    projectId: string,
    mac: string,
    items: T[],
    points: Point[],
    done: (outcome: StoreOutcome) => void,
  ) {
    // An overloaded writer keeps the points waiting for room: the verdict (the gateway's PUBACK)
    // comes later and the publish stays in flight for the overload guard, rather than a
    // refusal that closes the connection.
    const refused = this.writer.submitOrWait(points, (err) =>
      done(err === undefined ? 'stored' : this.failed(err, mac)),
    );
    if (refused) return done(this.failed(refused, mac));
    // Live view first: the console sees what the hub accepted; the gateway's PUBACK waits
    // for the commit (a batch that fails is resent by the gateway, the same values again).
    // The points are queued and `done` will be called: a failing listener changes neither.
    try {
      this.items.taken(projectId, mac, items);
    } catch (err) {
      this.log.warn({ err, mac }, `${this.items.kind} event listener failed`);
    }
  }

  /** The points, if every series is known already; else undefined. */
  private knownPoints(projectId: string, mac: string, items: T[]): Point[] | undefined {
    const ofGateway = this.known.get(projectId)?.get(mac);
    if (!ofGateway) return undefined;
    const points: Point[] = [];
    for (const item of items) {
      const seriesId = ofGateway.get(this.items.addressOf(item));
      if (seriesId === undefined) return undefined;
      points.push({ seriesId, t: item.t, v: this.items.valueOf(item) });
    }
    return points;
  }

  private async pointsOf(projectId: string, mac: string, items: T[]) {
    const points: Point[] = [];
    for (const item of items) {
      points.push({
        seriesId: await this.seriesId(projectId, mac, this.items.addressOf(item)),
        t: item.t,
        v: this.items.valueOf(item),
      });
    }
    return points;
  }

  private failed(err: unknown, mac: string): 'invalid' | 'refused' {
    if (err instanceof TimeSeriesError && err.code === 'invalidPoint') return 'invalid';
    this.log.warn({ err, mac }, `${this.items.kind} not stored`);
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
      id = this.series.ensureSeries({ projectId, gatewayMac: mac, address, kind: this.items.kind });
      ofGateway.set(address, id);
      void id.then(
        (seriesId) => {
          let knownOfProject = this.known.get(projectId);
          if (!knownOfProject)
            this.known.set(projectId, (knownOfProject = new Map<string, Map<string, number>>()));
          let knownOfGateway = knownOfProject.get(mac);
          if (!knownOfGateway)
            knownOfProject.set(mac, (knownOfGateway = new Map<string, number>()));
          knownOfGateway.set(address, seriesId);
        },
        () => {},
      );
      // A failed creation is asked again next time.
      const gone = ofGateway;
      id.catch(() => gone.delete(address));
    }
    return id;
  }
}

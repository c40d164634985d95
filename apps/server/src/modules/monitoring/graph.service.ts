import { isBooleanDpt, unitOf } from '@atrium/knx/dpt-catalogue';
import { parseMac } from '@atrium/contracts/gateway';
import {
  modbusMeasurement,
  valueIdOf,
  VOLTAGE_MEASUREMENT,
  type GraphQuery,
} from '@atrium/contracts/graph';
import { AppError } from '../../lib/errors';
import { WorkGate } from '../../lib/work-gate';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import { TimeSeriesError } from '../../lib/timeseries-error';
import type { SeriesKey, TimeSeriesStore } from '../timeseries/timeseries.types';
import { knxSeriesKey, modbusSeriesKey, voltageSeriesKey } from './monitoring-series';
import { monitorableDpt, normalizeAddress } from './monitored-rules';
import type { GraphReplyText } from './graph-json';
import type { MonitoredRepository } from './monitored.repository';

/** A Modbus value of a project as the graph names it (the Modbus module's). */
export interface ModbusSeriesInfo {
  id: string;
  gatewayMac: string;
  name: string;
  meterName: string;
  unit: string;
}

/** What the graph reads: the store, the monitored list and the project's gateways. */
export interface GraphDeps {
  store: Pick<TimeSeriesStore, 'findSeriesOfProject' | 'queryJson'>;
  monitored: Pick<MonitoredRepository, 'listProject'>;
  gateways: Pick<GatewaysRepository, 'listByProject'>;
  /** The project's Modbus values (none until the Modbus module is wired in). */
  modbusValues?: (projectId: string) => Promise<readonly ModbusSeriesInfo[]>;
  /** The node's store reads of graphs at once and in line (default: GRAPH_READS). */
  reads?: WorkGate;
}

/**
 * Graph reads of one node: 2 at once (a wide read already takes both cores, and on
 * PostgreSQL 4 of the 10 pooled connections), 62 more in line, past that 429 rateLimited
 * at once (decision 0053). Each waiting query holds only its parsed body.
 */
export const GRAPH_READS = { running: 2, waiting: 62 };

/** A series to read, and how the reply describes it. */
interface Target {
  key: SeriesKey;
  address: string;
  mac: string;
  name: string;
  dpt: string | null;
  unit: string;
  isBool: boolean;
}

const cannotFind = (addresses: string[]) =>
  new AppError('cannotFindAddress', `Not monitored here: ${addresses.join(', ')}`, {
    addresses,
  });

/** A gateway's supply-voltage series. */
const voltageTarget = (projectId: string, g: { mac: string; name: string }): Target => ({
  key: voltageSeriesKey(projectId, g.mac),
  address: VOLTAGE_MEASUREMENT,
  mac: g.mac,
  name: g.name,
  dpt: null,
  unit: 'V',
  isBool: false,
});

/** A monitored address's series, described by its DPT. */
const addressTarget = (
  projectId: string,
  row: { address: string; gateway_mac: string; name: string; dpt: string },
): Target => ({
  key: knxSeriesKey(projectId, row.gateway_mac, row.address),
  address: row.address,
  mac: row.gateway_mac,
  name: row.name,
  dpt: row.dpt,
  unit: unitOf(row.dpt) ?? '',
  isBool: isBooleanDpt(row.dpt),
});

/** A Modbus value's series: always numeric, named "meter – value". */
const modbusTarget = (projectId: string, v: ModbusSeriesInfo): Target => ({
  key: modbusSeriesKey(projectId, v.gatewayMac, v.id),
  address: modbusMeasurement(v.id),
  mac: v.gatewayMac,
  name: `${v.meterName} – ${v.name}`,
  dpt: null,
  unit: v.unit,
  isBool: false,
});

/** The one isBool of a query: as asked, or from the DPTs; a mismatch or a mix is invalidDPT. */
function boolOf(targets: readonly Target[], asked: boolean | undefined): boolean {
  const isBool = asked ?? targets[0]?.isBool ?? false;
  const wrong = targets.filter((t) => t.isBool !== isBool).map((t) => t.address);
  if (wrong.length) {
    throw new AppError('invalidDPT', `Boolean and numeric series mixed: ${wrong.join(', ')}`, {
      addresses: wrong,
    });
  }
  return isBool;
}

/** The graph query of document 2 §2 over the time-series store (document 3 §7 timeseries). */
export class GraphService {
  private readonly reads: WorkGate;

  constructor(private readonly d: GraphDeps) {
    this.reads = d.reads ?? new WorkGate(GRAPH_READS.running, GRAPH_READS.waiting);
  }

  /** The series the measurements name, on the destination gateways of the project. */
  private async targets(projectId: string, q: GraphQuery): Promise<Target[]> {
    // Both lists at once: on PostgreSQL two round trips overlap.
    const [gateways, rows] = await Promise.all([
      this.d.gateways.listByProject(projectId),
      this.d.monitored.listProject(projectId),
    ]);
    const wanted = q.destinations?.map((m) => parseMac(m) ?? m);
    const unknownMacs = (wanted ?? []).filter((m) => !gateways.some((g) => g.mac === m));
    if (unknownMacs.length) throw cannotFind(unknownMacs);
    const dest = gateways.filter((g) => !wanted || wanted.includes(g.mac));
    const measurements = new Set(q.measurements);
    const modbus = [...measurements].some((m) => valueIdOf(m) !== null)
      ? ((await this.d.modbusValues?.(projectId)) ?? [])
      : [];
    const out: Target[] = [];
    const missing: string[] = [];
    for (const m of measurements) {
      if (m === VOLTAGE_MEASUREMENT) {
        out.push(...dest.map((g) => voltageTarget(projectId, g)));
        continue;
      }
      const valueId = valueIdOf(m);
      if (valueId !== null) {
        const value = modbus.find(
          (v) => v.id === valueId && dest.some((g) => g.mac === v.gatewayMac),
        );
        if (value) out.push(modbusTarget(projectId, value));
        else missing.push(m);
        continue;
      }
      const address = normalizeAddress(m);
      if (!address) throw new AppError('malformedAddress', m, { addresses: [m] });
      const row = rows.find(
        (r) => r.address === address && dest.some((g) => g.mac === r.gateway_mac),
      );
      if (row && monitorableDpt(row.dpt)) out.push(addressTarget(projectId, row));
      else missing.push(m);
    }
    if (missing.length) throw cannotFind(missing);
    return out;
  }

  /**
   * Aggregated points per series. 400 noAddress without measurements, 404
   * cannotFindAddress for one not monitored in the project, 400 invalidDPT for a
   * boolean/numeric mismatch, 400 invalidRange or tooManyPoints for the period;
   * a reply whose series are all empty carries `code: 'noData'`. Each series' points come
   * as the JSON text the reply carries (decision 0043): `graphReplyBody` writes it.
   */
  async query(projectId: string, q: GraphQuery): Promise<GraphReplyText> {
    if (q.measurements.length === 0) throw new AppError('noAddress', 'No address chosen');
    const targets = await this.targets(projectId, q);
    const isBool = boolOf(targets, q.isBool);
    // One lookup for the series not cached (a wide graph after a restart: not 100 queries).
    const ids = await this.d.store.findSeriesOfProject(
      projectId,
      targets.map((t) => t.key),
    );
    const result = await this.reads.run(() => this.read(ids, q, isBool));
    const points = new Map(result.series.map((s) => [s.seriesId, s.json]));
    const data = targets.map(({ key: _key, ...t }, i) => {
      const id = ids[i];
      return { ...t, list: id === undefined ? '[]' : (points.get(id) ?? '[]') };
    });
    const reply: GraphReplyText = { precision: result.precision, data };
    if (data.every((s) => s.list === '[]')) reply.code = 'noData';
    return reply;
  }

  /** The store's query over the series that exist; its range errors become 400s. */
  private async read(ids: readonly (number | undefined)[], q: GraphQuery, isBool: boolean) {
    try {
      return await this.d.store.queryJson({
        seriesIds: ids.filter((id): id is number => id !== undefined),
        start: q.start,
        stop: q.stop,
        precision: q.window,
        aggregation: q.aggregation,
        isBool,
      });
    } catch (err) {
      if (err instanceof TimeSeriesError && err.code === 'invalidRange') {
        throw new AppError('invalidRange', err.message);
      }
      if (err instanceof TimeSeriesError && err.code === 'tooManyPoints') {
        throw new AppError('tooManyPoints', err.message);
      }
      throw err;
    }
  }
}

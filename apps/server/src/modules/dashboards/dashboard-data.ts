import { isBooleanDpt, isMonitorable, unitOf } from '@atrium/knx/dpt-catalogue';
import { formatDpt, tryParseDpt } from '@atrium/knx/dpt-id';
import { convertGroupAddress } from '@atrium/knx/group-address';
import {
  seriesRefAddress,
  seriesRefKey,
  type DashboardSeriesItem,
  type SeriesRef,
  type Widget,
  type WidgetData,
  type WidgetSeriesData,
} from '@atrium/contracts/dashboards';
import { modbusMeasurement } from '@atrium/contracts/graph';
import type { ModbusValueRef } from '@atrium/contracts/modbus';
import { AppError } from '../../lib/errors';
import { parisDayNumber, parisDayStart, parisMidnight, parisOffset } from '../../lib/paris-time';
import { TimeSeriesError } from '../../lib/timeseries-error';
import type { TimeSeriesStore } from '../timeseries/timeseries.types';
import type { DashboardsRepository } from './dashboards.repository';

/** A series of the project a widget may read: how it is named, and its stored id if any. */
export interface CatalogueEntry {
  key: string;
  ref: SeriesRef;
  address: string;
  name: string;
  gatewayName: string;
  dpt: string | null;
  unit: string;
  isBool: boolean;
  /** ts_series.id, or undefined while nothing was recorded. */
  seriesId: number | undefined;
}

/** What the catalogue is built from (the monitoring, modbus and gateways modules). */
export interface CatalogueSources {
  gateways: (projectId: string) => Promise<readonly { mac: string; name: string }[]>;
  monitored: (
    projectId: string,
  ) => Promise<readonly { address: string; gateway_mac: string; name: string; dpt: string }[]>;
  modbusValues: (projectId: string) => Promise<readonly ModbusValueRef[]>;
}

/** A group address in stored form (1/2/3), or undefined (the monitoring module's rule). */
function normalizeAddress(text: string): string | undefined {
  try {
    return convertGroupAddress(text);
  } catch {
    return undefined;
  }
}

/** A DPT that may be recorded, in its stored form, or undefined. */
function monitorableDpt(text: string): string | undefined {
  const dpt = tryParseDpt(text);
  return dpt && isMonitorable(dpt) ? formatDpt(dpt) : undefined;
}

/** The same ref with its address in stored form (1/2/3), or null when malformed. */
export function normalizeRef(ref: SeriesRef): SeriesRef | null {
  if (ref.source === 'modbus') return ref;
  const address = normalizeAddress(ref.address);
  return address ? { ...ref, address } : null;
}

/**
 * The series a project records: its gateways' monitored KNX addresses (with a DPT that can
 * be recorded) and its Modbus values. A widget may read these and nothing else.
 */
export async function projectCatalogue(
  projectId: string,
  src: CatalogueSources,
  repo: Pick<DashboardsRepository, 'seriesIds'>,
): Promise<Map<string, CatalogueEntry>> {
  const [gateways, monitored, modbus, ids] = await Promise.all([
    src.gateways(projectId),
    src.monitored(projectId),
    src.modbusValues(projectId),
    repo.seriesIds(projectId),
  ]);
  const names = new Map(gateways.map((g) => [g.mac, g.name]));
  const idOf = new Map(ids.map((s) => [`${s.kind}|${s.gateway_mac}|${s.address}`, s.id]));
  const out = new Map<string, CatalogueEntry>();
  for (const row of monitored) {
    const dpt = monitorableDpt(row.dpt);
    if (!dpt || !names.has(row.gateway_mac)) continue;
    const ref: SeriesRef = { source: 'knx', mac: row.gateway_mac, address: row.address };
    const key = seriesRefKey(ref);
    out.set(key, {
      key,
      ref,
      address: row.address,
      name: row.name || row.address,
      gatewayName: names.get(row.gateway_mac) ?? row.gateway_mac,
      dpt,
      unit: unitOf(dpt) ?? '',
      isBool: isBooleanDpt(dpt),
      seriesId: idOf.get(`knx|${row.gateway_mac}|${row.address}`),
    });
  }
  for (const v of modbus) {
    if (!names.has(v.gatewayMac)) continue;
    const ref: SeriesRef = { source: 'modbus', mac: v.gatewayMac, valueId: v.id };
    const key = seriesRefKey(ref);
    out.set(key, {
      key,
      ref,
      address: modbusMeasurement(v.id),
      name: `${v.meterName} – ${v.name}`,
      gatewayName: names.get(v.gatewayMac) ?? v.gatewayMac,
      dpt: null,
      unit: v.unit,
      isBool: false,
      seriesId: idOf.get(`modbus|${v.gatewayMac}|${v.id}`),
    });
  }
  return out;
}

/**
 * The refs of widgets (or a boss dashboard) checked against the project's catalogue: a ref
 * the project does not record is 400 seriesNotInProject, listing them.
 */
export function requireSeries(
  refs: readonly SeriesRef[],
  catalogue: ReadonlyMap<string, CatalogueEntry>,
): SeriesRef[] {
  const missing: string[] = [];
  const out = refs.map((r) => {
    const n = normalizeRef(r);
    if (!n || !catalogue.has(seriesRefKey(n))) missing.push(`${r.mac}|${seriesRefAddress(r)}`);
    return n ?? r;
  });
  if (missing.length) {
    throw new AppError(
      'seriesNotInProject',
      `Not recorded in this project: ${missing.join(', ')}`,
      {
        series: missing,
      },
    );
  }
  return out;
}

/** The catalogue as the generator lists it, with each series' last point. */
export async function seriesList(
  catalogue: ReadonlyMap<string, CatalogueEntry>,
  repo: Pick<DashboardsRepository, 'lastPoints'>,
  now: number,
): Promise<DashboardSeriesItem[]> {
  const entries = [...catalogue.values()];
  const last = await repo.lastPoints(
    entries.flatMap((e) => (e.seriesId === undefined ? [] : [e.seriesId])),
    now,
  );
  return entries
    .map((e) => ({
      ref: e.ref,
      key: e.key,
      name: e.name,
      gatewayName: e.gatewayName,
      dpt: e.dpt,
      unit: e.unit,
      isBool: e.isBool,
      last: e.seriesId === undefined ? null : (last.get(e.seriesId) ?? null),
    }))
    .sort((a, b) => a.gatewayName.localeCompare(b.gatewayName) || a.name.localeCompare(b.name));
}

/** The Paris month holding `t`: the instant of 00:00 on its 1st. */
export function parisMonthStart(t: number): number {
  const local = new Date(t + parisOffset(t));
  return parisMidnight(parisDayNumber(t) - (local.getUTCDate() - 1));
}

type DayRow = Awaited<ReturnType<DashboardsRepository['dayRollups']>>[number];

/**
 * Totals of one series per Paris day: for a counter, the rise since the previous day that has
 * points (the first day: its max minus its min); else the sum of the day's values.
 */
export function dailyTotals(rows: readonly DayRow[], total: 'counter' | 'sum') {
  const out: { x: number; y: number }[] = [];
  let previousMax: number | undefined;
  for (const r of rows) {
    if (total === 'sum') out.push({ x: r.bucket, y: r.sum });
    else out.push({ x: r.bucket, y: r.max - (previousMax ?? r.min) });
    previousMax = r.max;
  }
  return out;
}

/** Daily totals added up per Paris month. */
export function monthlyTotals(days: readonly { x: number; y: number }[]) {
  const out: { x: number; y: number }[] = [];
  for (const d of days) {
    const month = parisMonthStart(d.x);
    const lastMonth = out.at(-1);
    if (lastMonth?.x === month) lastMonth.y += d.y;
    else out.push({ x: month, y: d.y });
  }
  return out;
}

/** What the data of a dashboard is read from. */
export interface DataDeps {
  store: Pick<TimeSeriesStore, 'query'>;
  repo: Pick<DashboardsRepository, 'lastPoints' | 'dayRollups' | 'stats'>;
}

const HOUR = 3_600_000;
const MONTH = 31 * 24 * HOUR;

/**
 * Every widget's data over [start, stop), read from the rollups: the charts through the
 * store's query (1 d buckets over a year), the bars from the day rollups, the tables from the
 * hour or day rollups, the last values by one index seek per series. Reads run in parallel.
 */
export async function dashboardData(
  widgets: readonly Widget[],
  catalogue: ReadonlyMap<string, CatalogueEntry>,
  range: { start: number; stop: number },
  d: DataDeps,
): Promise<WidgetData[]> {
  const entryOf = (ref: SeriesRef) => {
    const n = normalizeRef(ref);
    return n ? catalogue.get(seriesRefKey(n)) : undefined;
  };
  const all = new Set<number>();
  for (const w of widgets)
    for (const r of w.series) {
      const id = entryOf(r)?.seriesId;
      if (id !== undefined) all.add(id);
    }
  const lastP = d.repo.lastPoints([...all], range.stop);
  const results = await Promise.all(widgets.map((w) => widgetData(w, entryOf, range, d)));
  const last = await lastP;
  return results.map((r) => ({
    ...r,
    series: r.series.map(({ seriesId, ...s }) => ({
      ...s,
      last: seriesId === undefined ? null : (last.get(seriesId) ?? null),
    })),
  }));
}

type Pending = Omit<WidgetSeriesData, 'last'> & { seriesId: number | undefined };

/** A widget's series before their last values, as the reply names them. */
function describe(ref: SeriesRef, e: CatalogueEntry | undefined): Pending {
  return {
    mac: ref.mac,
    address: e?.address ?? seriesRefAddress(ref),
    name: e?.name ?? seriesRefAddress(ref),
    unit: e?.unit ?? '',
    isBool: e?.isBool ?? false,
    points: [],
    seriesId: e?.seriesId,
  };
}

async function widgetData(
  w: Widget,
  entryOf: (ref: SeriesRef) => CatalogueEntry | undefined,
  range: { start: number; stop: number },
  d: DataDeps,
): Promise<{ id: string; kind: Widget['kind']; precision: string | null; series: Pending[] }> {
  const series = w.series.map((r) => describe(r, entryOf(r)));
  const ids = series.flatMap((s) => (s.seriesId === undefined ? [] : [s.seriesId]));
  const base = { id: w.id, kind: w.kind, precision: null as string | null, series };
  if (ids.length === 0) return base;
  if (w.kind === 'line') {
    // Boolean and numeric series are read apart: booleans are steps.
    for (const isBool of [false, true]) {
      const group = series.filter((s) => s.isBool === isBool && s.seriesId !== undefined);
      if (!group.length) continue;
      const result = await chartQuery(d, {
        seriesIds: group.map((s) => s.seriesId!),
        start: range.start,
        stop: range.stop,
        precision: w.precision,
        aggregation: w.aggregation,
        isBool,
      });
      base.precision = result.precision;
      group.forEach((s, i) => (s.points = result.series[i]?.points ?? []));
    }
    return base;
  }
  if (w.kind === 'bar') {
    // From the Paris day before the range: a counter's first day needs the day before.
    const from = parisDayStart(range.start);
    const rows = await d.repo.dayRollups(ids, parisMidnight(parisDayNumber(from) - 1), range.stop);
    for (const s of series) {
      if (s.seriesId === undefined) continue;
      const mine = rows.filter((r) => r.series === s.seriesId);
      const days = dailyTotals(mine, w.total).filter((p) => p.x >= from);
      s.points = w.period === 'month' ? monthlyTotals(days) : days;
    }
    base.precision = w.period === 'month' ? '1mo' : '1d';
    return base;
  }
  if (w.kind === 'table') {
    const table = range.stop - range.start <= MONTH ? 'ts_1h' : 'ts_1d';
    const start =
      table === 'ts_1h' ? Math.floor(range.start / HOUR) * HOUR : parisDayStart(range.start);
    const stats = await d.repo.stats(ids, start, range.stop, table);
    for (const s of series)
      s.stats = s.seriesId === undefined ? null : (stats.get(s.seriesId) ?? null);
    base.precision = table === 'ts_1h' ? '1h' : '1d';
    return base;
  }
  return base;
}

/** The store's chart query; a fixed precision with too many buckets falls back to auto. */
async function chartQuery(d: DataDeps, q: Parameters<TimeSeriesStore['query']>[0]) {
  try {
    return await d.store.query(q);
  } catch (err) {
    if (err instanceof TimeSeriesError && err.code === 'tooManyPoints' && q.precision !== 'auto')
      return d.store.query({ ...q, precision: 'auto' });
    if (err instanceof TimeSeriesError && err.code === 'invalidRange')
      throw new AppError('invalidRange', err.message);
    throw err;
  }
}

import {
  seriesKeyOf,
  type DashboardDataReply,
  type DashboardValuesEvent,
  type WidgetSeriesData,
} from '@atrium/contracts/dashboards';
import { numberFormat } from '../../lib/locale';

/** The series' values updated by a live event: the last value, and charts grow a point. */
export function applySeriesValues(
  series: readonly WidgetSeriesData[],
  latest: ReadonlyMap<string, { t: number; v: number }>,
  grow: boolean,
): WidgetSeriesData[] {
  return series.map((s) => {
    const next = latest.get(seriesKeyOf(s.mac, s.address));
    if (!next || (s.last && s.last.t > next.t)) return s;
    const lastX = s.points.at(-1)?.x ?? -Infinity;
    const points = grow && next.t > lastX ? [...s.points, { x: next.t, y: next.v }] : s.points;
    return { ...s, last: { t: next.t, v: next.v }, points };
  });
}

/** The newest value per series key of an event. */
export function latestOf(event: DashboardValuesEvent): Map<string, { t: number; v: number }> {
  const latest = new Map<string, { t: number; v: number }>();
  for (const item of event.items) {
    const key = seriesKeyOf(item.mac, item.address);
    const seen = latest.get(key);
    if (!seen || item.t >= seen.t) latest.set(key, { t: item.t, v: item.v });
  }
  return latest;
}

/** A dashboard's data with a live event applied (nothing copied when no series matches). */
export function applyLiveValues(
  data: DashboardDataReply,
  event: DashboardValuesEvent,
): DashboardDataReply {
  const latest = latestOf(event);
  if (latest.size === 0) return data;
  return {
    ...data,
    widgets: data.widgets.map((w) => ({
      ...w,
      series: applySeriesValues(w.series, latest, w.kind === 'line'),
    })),
  };
}

/** A number in the console's language with at most `decimals` decimals, and its unit. */
export function formatNumber(value: number, decimals: number, unit = ''): string {
  const text = numberFormat({ maximumFractionDigits: decimals }).format(value);
  return unit ? `${text} ${unit}` : text;
}

/** Where a value sits on a gauge from min to max, 0 to 1 (clamped). */
export function gaugeRatio(value: number, min: number, max: number): number {
  if (!(max > min)) return 0;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

/** A boolean series' state: 0 is off, anything else on. */
export const isOn = (value: number) => value !== 0;

import type uPlot from 'uplot';
import type { CHART_MODES } from '@atrium/contracts/graph';
import { alignSeries, meanAcross, type Points } from './chart-data';
import { chartColor, withAlpha } from './chart-colors';
import { tensionPath } from './tension-path';
import { steppedPath } from './chart-paths';

/**
 * The chart modes of the graph dialog (spec document 2 §2, §9):
 * - `curve`: each address its own line, smoothed with tension 0.4;
 * - `average`: one bold stepped line, the mean of the selected addresses' values at
 *   each instant (each value held until its next point), over faint stepped lines of
 *   the addresses themselves;
 * - `performance`: each address as a stepped line of the chosen aggregation inside a
 *   band from its minimum to its maximum over each precision window.
 * "Curves have tension 0.4, otherwise stepped": only `curve` is smoothed.
 */
export type ChartMode = (typeof CHART_MODES)[number];

/** One line to draw: its label, unit and points; `band` only in performance mode. */
export interface ChartLine {
  label: string;
  unit: string;
  points: Points;
  band?: { min: Points; max: Points };
}

export interface ChartLayout {
  data: uPlot.AlignedData;
  series: uPlot.Series[];
  bands: uPlot.Band[];
  /** The unit of each series, in the order of `series` (for the legend's values). */
  seriesUnits: string[];
  /** Units on each value axis: the first unit goes left, the second right, any other left. */
  axisUnits: { y: string[]; y2: string[] };
}

/** Legend rows that exist only to carry a band's edges; hidden by the chart's CSS. */
export const BAND_EDGE_CLASS = 'atrium-band-edge';

const scaleOf = (units: string[], unit: string) => (units.indexOf(unit) === 1 ? 'y2' : 'y');

function unitsOf(lines: readonly ChartLine[]): string[] {
  return [...new Set(lines.map((l) => l.unit))];
}

function axisUnits(units: string[], split: boolean): ChartLayout['axisUnits'] {
  if (!split) return { y: units, y2: [] };
  return { y: units.filter((u) => scaleOf(units, u) === 'y'), y2: units.slice(1, 2) };
}

function curveLayout(lines: readonly ChartLine[]): ChartLayout {
  const { x, ys } = alignSeries(lines.map((l) => l.points));
  const units = unitsOf(lines);
  const smooth = tensionPath(0.4);
  const series = lines.map((l, i) => ({
    label: l.label,
    stroke: chartColor(i),
    width: 2,
    spanGaps: true,
    paths: smooth,
    scale: scaleOf(units, l.unit),
  }));
  return {
    data: [x, ...ys],
    series,
    bands: [],
    seriesUnits: lines.map((l) => l.unit),
    axisUnits: axisUnits(units, true),
  };
}

function averageLayout(lines: readonly ChartLine[], meanLabel: string): ChartLayout {
  const { x, ys } = alignSeries(lines.map((l) => l.points));
  const units = unitsOf(lines);
  const mean = {
    label: meanLabel,
    stroke: '#1b2433',
    width: 2.5,
    paths: steppedPath,
    scale: 'y',
  };
  const faint = lines.map((l, i) => ({
    label: l.label,
    stroke: withAlpha(chartColor(i), 0.45),
    width: 1,
    spanGaps: true,
    paths: steppedPath,
    scale: 'y',
  }));
  return {
    data: [x, meanAcross(ys), ...ys],
    series: [mean, ...faint],
    bands: [],
    seriesUnits: [units.length === 1 ? (units[0] ?? '') : '', ...lines.map((l) => l.unit)],
    axisUnits: axisUnits(units, false),
  };
}

function performanceLayout(lines: readonly ChartLine[]): ChartLayout {
  const lists = lines.flatMap((l) => [l.points, l.band?.min ?? [], l.band?.max ?? []]);
  const { x, ys } = alignSeries(lists);
  const units = unitsOf(lines);
  const series: uPlot.Series[] = [];
  const bands: uPlot.Band[] = [];
  lines.forEach((l, i) => {
    const color = chartColor(i);
    const scale = scaleOf(units, l.unit);
    const edge = {
      class: BAND_EDGE_CLASS,
      stroke: withAlpha(color, 0.35),
      width: 0.5,
      spanGaps: true,
      scale,
    };
    const first = series.length + 1;
    series.push(
      { label: l.label, stroke: color, width: 2, spanGaps: true, paths: steppedPath, scale },
      { ...edge, label: `${l.label} min`, paths: steppedPath },
      { ...edge, label: `${l.label} max`, paths: steppedPath },
    );
    bands.push({ series: [first + 2, first + 1], fill: withAlpha(color, 0.22) });
  });
  return {
    data: [x, ...ys],
    series,
    bands,
    seriesUnits: lines.flatMap((l) => [l.unit, l.unit, l.unit]),
    axisUnits: axisUnits(units, true),
  };
}

/** Data, series and bands of the numeric chart for this mode. */
export function numericLayout(
  mode: ChartMode,
  lines: readonly ChartLine[],
  meanLabel: string,
): ChartLayout {
  switch (mode) {
    case 'curve':
      return curveLayout(lines);
    case 'average':
      return averageLayout(lines, meanLabel);
    case 'performance':
      return performanceLayout(lines);
  }
}

/** Booleans (DPT 1, 2): always stepped, each its own colour, on the -0.5..1.5 axis. */
export function booleanLayout(lines: readonly ChartLine[], colorOffset: number): ChartLayout {
  const { x, ys } = alignSeries(lines.map((l) => l.points));
  const series = lines.map((l, i) => ({
    label: l.label,
    stroke: chartColor(colorOffset + i),
    width: 2,
    spanGaps: true,
    paths: steppedPath,
    scale: 'b',
  }));
  return {
    data: [x, ...ys],
    series,
    bands: [],
    seriesUnits: lines.map(() => ''),
    axisUnits: { y: [], y2: [] },
  };
}

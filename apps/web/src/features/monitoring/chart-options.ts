import uPlot from 'uplot';
import { formatDateTime } from '../../lib/dates';
import type { ChartLayout } from './chart-modes';
import { formatAxisValues, formatTick, formatValue } from './value-format';

const TIME_ZONE = 'Europe/Paris';
const AXIS = { stroke: '#5b6778', grid: { stroke: '#e9edf3', width: 1 }, ticks: { show: false } };
const FONT = '12px Inter, "Segoe UI", Roboto, Arial, sans-serif';

/** Cursor positions are shared between the numeric and boolean charts of one dialog. */
const CURSOR_SYNC_KEY = 'atrium-graph';

interface Frame {
  /** The window shown: the x axis always spans it, so today's line grows to the right. */
  start: number;
  stop: number;
}

/** Axis width for its longest label (uPlot's default cuts "230,5 V"). */
const axisSize = (_u: uPlot, values: string[] | null) =>
  Math.max(40, Math.max(0, ...(values ?? []).map((v) => v.length)) * 7 + 18);

/** Time ticks labelled for the span shown (the window, or a zoom into it). */
function timeAxis(frame: Frame): uPlot.Axis {
  return {
    ...AXIS,
    font: FONT,
    space: 60,
    values: (u, splits) => {
      const { min = frame.start, max = frame.stop } = u.scales.x ?? {};
      return splits.map((v) => formatTick(v, max - min));
    },
  };
}

/** A value axis: its unit on each tick, or the units as the axis label when it holds several. */
function valueAxis(scale: string, units: string[], side: 1 | 3): uPlot.Axis {
  const unit = units.length === 1 ? (units[0] ?? '') : '';
  const label = units.filter(Boolean).join(' · ');
  return {
    ...AXIS,
    font: FONT,
    labelFont: FONT,
    scale,
    side,
    size: axisSize,
    ...(units.length > 1 && label ? { label, labelSize: 18 } : {}),
    grid: side === 3 ? AXIS.grid : { show: false },
    values: (_u, splits) => formatAxisValues(splits, unit),
  };
}

/** Fits the values with a little margin instead of uPlot's default that starts at zero. */
const fitRange: uPlot.Range.Function = (_u, min, max) =>
  min === null || max === null ? [0, 1] : uPlot.rangeNum(min, max, 0.1, true);

function base(frame: Frame, height: number, layout: ChartLayout, time: string): uPlot.Options {
  return {
    width: 600,
    height,
    ms: 1,
    tzDate: (ts) => uPlot.tzDate(new Date(ts), TIME_ZONE),
    // The x scale is set, not auto-ranged: it spans the window; a drag zooms, a double click resets.
    scales: {
      x: { time: true, auto: false, min: frame.start, max: frame.stop },
      y: { range: fitRange },
      y2: { range: fitRange },
    },
    series: [
      { label: time, value: (_u, v) => (v === null ? '–' : formatDateTime(v)) },
      ...layout.series,
    ],
    bands: layout.bands,
    cursor: {
      sync: { key: CURSOR_SYNC_KEY },
      drag: { x: true, y: false },
      bind: {
        dblclick: (u) => () => {
          u.setScale('x', { min: frame.start, max: frame.stop });
          return null;
        },
      },
    },
    legend: { live: true },
    axes: [timeAxis(frame)],
  };
}

/** Value formatter of each series' legend cell, with its own unit. */
function withUnits(layout: ChartLayout): uPlot.Series[] {
  return layout.series.map((s, i) => ({
    ...s,
    value: (_u: uPlot, v: number | null) =>
      v === null ? '–' : formatValue(v, layout.seriesUnits[i] ?? ''),
  }));
}

/** Options of the numeric chart: first unit on the left axis, second on the right. */
export function numericOptions(
  frame: Frame,
  height: number,
  layout: ChartLayout,
  time: string,
): uPlot.Options {
  const { y, y2 } = layout.axisUnits;
  const series = withUnits(layout);
  const options = base(frame, height, { ...layout, series }, time);
  options.axes = [
    timeAxis(frame),
    valueAxis('y', y, 3),
    ...(y2.length ? [valueAxis('y2', y2, 1)] : []),
  ];
  return options;
}

/** Options of the boolean chart: a step axis from -0.5 to 1.5 with ticks at 0 and 1. */
export function booleanOptions(
  frame: Frame,
  height: number,
  layout: ChartLayout,
  time: string,
): uPlot.Options {
  const series = withUnits(layout);
  const options = base(frame, height, { ...layout, series }, time);
  options.scales = { ...options.scales, b: { range: [-0.5, 1.5] } };
  options.axes = [
    timeAxis(frame),
    { ...AXIS, font: FONT, scale: 'b', size: 40, splits: () => [0, 1], values: ['0', '1'] },
  ];
  return options;
}

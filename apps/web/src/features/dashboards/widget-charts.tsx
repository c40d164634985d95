import { useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { WidgetSeriesData } from '@atrium/contracts/dashboards';
import { formatDateTime } from '../../lib/dates';
import { dateTimeFormat } from '../../lib/locale';
import { formatNumber } from './widget-data';

const TIME_ZONE = 'Europe/Paris';
const FONT = '12px Inter, "Segoe UI", Roboto, Arial, sans-serif';
const AXIS = { stroke: '#5b6778', grid: { stroke: '#e9edf3', width: 1 }, ticks: { show: false } };
/** The chart colours of spec document 2 §9 (as the graph dialog's). */
const COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2'];
export const seriesColor = (i: number) => COLORS[i % COLORS.length]!;
const alpha = (color: string, a: number) =>
  `${color}${Math.round(a * 255)
    .toString(16)
    .padStart(2, '0')}`;

const DAY = 24 * 3_600_000;
/** Time ticks in Paris time: hours within two days, then day/month, then month/year. */
export function timeTick(ms: number, spanMs: number, period?: 'day' | 'month'): string {
  if (period === 'month' || spanMs > 120 * DAY)
    return dateTimeFormat({ timeZone: TIME_ZONE, month: '2-digit', year: 'numeric' }).format(ms);
  if (period === 'day' || spanMs > 2 * DAY)
    return dateTimeFormat({ timeZone: TIME_ZONE, day: '2-digit', month: '2-digit' }).format(ms);
  return dateTimeFormat({
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

/** Series on the union of their x values (uPlot's columns), null where a series has none. */
export function alignPoints(
  lists: readonly (readonly { x: number; y: number }[])[],
): uPlot.AlignedData {
  const xs = [...new Set(lists.flatMap((l) => l.map((p) => p.x)))].sort((a, b) => a - b);
  const index = new Map(xs.map((x, i) => [x, i]));
  const ys = lists.map((list) => {
    const y = new Array<number | null>(xs.length).fill(null);
    for (const p of list) y[index.get(p.x)!] = p.y;
    return y;
  });
  return [xs, ...ys];
}

interface ChartProps {
  series: readonly WidgetSeriesData[];
  start: number;
  stop: number;
  height: number;
  style: 'line' | 'area' | 'bar';
  /** Bars: the period of a bar (ticks as days or months). */
  period?: 'day' | 'month';
  label: string;
  timeLabel: string;
}

function optionsOf(p: ChartProps, width: number): uPlot.Options {
  const units = [...new Set(p.series.map((s) => s.unit))];
  const bars = p.style === 'bar' ? uPlot.paths.bars!({ size: [0.7, 48] }) : undefined;
  const valueAxis = (scale: string, unit: string, side: 1 | 3): uPlot.Axis => ({
    ...AXIS,
    font: FONT,
    scale,
    side,
    size: (_u, values) =>
      Math.max(40, Math.max(0, ...(values ?? []).map((v) => v.length)) * 7 + 14),
    grid: side === 3 ? AXIS.grid : { show: false },
    values: (_u, splits) => splits.map((v) => formatNumber(v, 2, unit)),
  });
  const fit: uPlot.Range.Function = (_u, min, max) =>
    p.style === 'bar'
      ? [0, max > 0 ? max * 1.1 : 1]
      : min === null || max === null
        ? [0, 1]
        : uPlot.rangeNum(min, max, 0.1, true);
  return {
    width,
    height: p.height,
    ms: 1,
    tzDate: (ts) => uPlot.tzDate(new Date(ts), TIME_ZONE),
    scales: {
      x:
        p.style === 'bar' ? { time: true } : { time: true, auto: false, min: p.start, max: p.stop },
      y: { range: fit },
      y2: { range: fit },
    },
    series: [
      { label: p.timeLabel, value: (_u, v) => (v === null ? '–' : formatDateTime(v)) },
      ...p.series.map((s, i): uPlot.Series => {
        const color = seriesColor(i);
        return {
          label: s.name,
          stroke: color,
          width: bars ? 1 : 2,
          spanGaps: true,
          scale: units.indexOf(s.unit) === 1 ? 'y2' : 'y',
          points: { show: false },
          value: (_u, v) => (v === null ? '–' : formatNumber(v, 2, s.unit)),
          ...(bars ? { paths: bars, fill: alpha(color, 0.75) } : {}),
          ...(p.style === 'area' ? { fill: alpha(color, 0.15) } : {}),
        };
      }),
    ],
    legend: { show: p.series.length > 1, live: false },
    cursor: { drag: { x: false, y: false } },
    axes: [
      {
        ...AXIS,
        font: FONT,
        space: 60,
        values: (u, splits) => {
          const { min = p.start, max = p.stop } = u.scales.x ?? {};
          return splits.map((v) => timeTick(v, max - min, p.period));
        },
      },
      valueAxis('y', units[0] ?? '', 3),
      ...(units.length > 1 ? [valueAxis('y2', units[1] ?? '', 1)] : []),
    ],
  };
}

/**
 * A widget's line, area or bar chart (uPlot, the graph dialog's library), filling its box's
 * width. New points redraw it; a new shape (series, style, size) rebuilds it.
 */
export function WidgetChart(props: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const data = useMemo(() => alignPoints(props.series.map((s) => s.points)), [props.series]);
  const latest = useRef(data);
  latest.current = data;
  const shape = JSON.stringify([
    props.series.map((s) => [s.name, s.unit]),
    props.style,
    props.height,
    props.start,
    props.stop,
    props.period,
    props.timeLabel,
  ]);
  const latestProps = useRef(props);
  latestProps.current = props;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const plot = new uPlot(
      optionsOf(latestProps.current, el.clientWidth || 300),
      latest.current,
      el,
    );
    chart.current = plot;
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0)
        plot.setSize({ width: el.clientWidth, height: latestProps.current.height });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [shape]);

  useEffect(() => {
    const plot = chart.current;
    if (plot && plot.data !== data) plot.setData(data);
  }, [data]);

  return (
    <Box
      ref={box}
      role="img"
      aria-label={props.label}
      sx={{
        width: '100%',
        '& .uplot': { fontFamily: 'inherit', width: '100% !important' },
        '& .u-legend': { fontSize: 12, textAlign: 'left', mt: 0.25 },
        '& .u-legend .u-series': { px: 0.5 },
        '& .u-legend .u-series:first-of-type': { display: 'none' },
      }}
    />
  );
}

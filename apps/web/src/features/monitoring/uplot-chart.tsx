import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { BAND_EDGE_CLASS } from './chart-modes';

/** The x range the options set (the graph window). */
function frameOf(options: uPlot.Options): { min: number; max: number } | null {
  const { min, max } = options.scales?.x ?? {};
  return typeof min === 'number' && typeof max === 'number' ? { min, max } : null;
}

interface Props {
  options: uPlot.Options;
  data: uPlot.AlignedData;
  /** Accessible name of the chart canvas. */
  label: string;
}

/**
 * A uPlot chart filling its container's width. New options rebuild the chart;
 * new data only redraws it (the live refresh keeps the cursor and legend).
 */
export function UPlotChart({ options, data, label }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latest = useRef(data);
  latest.current = data;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const plot = new uPlot({ ...options, width: el.clientWidth || 600 }, latest.current, el);
    const frame = frameOf(options);
    if (frame) plot.setScale('x', frame);
    chart.current = plot;
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0) plot.setSize({ width: el.clientWidth, height: options.height });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [options]);

  useEffect(() => {
    const plot = chart.current;
    if (!plot || plot.data === data) return;
    // Keep a zoom (drag on the chart) across the live refresh; otherwise show the whole window.
    const frame = frameOf(options);
    const { min, max } = plot.scales.x ?? {};
    plot.setData(data);
    if (min !== undefined && max !== undefined) plot.setScale('x', { min, max });
    else if (frame) plot.setScale('x', frame);
  }, [data, options]);

  return (
    <Box
      ref={box}
      role="img"
      aria-label={label}
      sx={{
        width: '100%',
        '& .uplot': { fontFamily: 'inherit', width: '100% !important' },
        '& .u-legend': { fontSize: 13, textAlign: 'left', mt: 0.5 },
        '& .u-legend .u-series': { px: 0.75 },
        '& .u-legend .u-series th': { fontWeight: 500, color: 'text.secondary' },
        [`& .u-legend .${BAND_EDGE_CLASS}`]: { display: 'none' },
        '& .u-select': { background: 'rgba(31,95,174,0.1)' },
      }}
    />
  );
}

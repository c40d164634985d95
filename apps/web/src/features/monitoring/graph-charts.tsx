import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { booleanLayout, numericLayout, type ChartLine, type ChartMode } from './chart-modes';
import { booleanOptions, numericOptions } from './chart-options';
import { seriesLabel } from './graph-selection';
import type { GraphWindow } from './graph-window';
import { UPlotChart } from './uplot-chart';
import { bandKey, type GraphView } from './use-graph-view';

interface Props {
  view: GraphView;
  window: GraphWindow;
  mode: ChartMode;
  empty: boolean;
}

/** The numeric chart, and below it the boolean step chart when booleans are selected. */
export function GraphCharts({ view, window: w, mode, empty }: Props) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width:600px)');
  const voltage = t('monitoring.graph.voltage');
  const frame = useMemo(() => ({ start: w.start, stop: w.stop }), [w.start, w.stop]);

  const numeric = useMemo(() => {
    const lines: ChartLine[] = view.numeric.map((s) => {
      const band = view.bands.get(bandKey(s));
      return {
        label: seriesLabel(s, voltage),
        unit: s.unit,
        points: s.list,
        ...(band ? { band: { min: band.min.list, max: band.max.list } } : {}),
      };
    });
    return numericLayout(mode, lines, t('monitoring.graph.meanOfSelection'));
  }, [view.numeric, view.bands, mode, voltage, t]);

  const booleans = useMemo(() => {
    const lines = view.boolean.map((s) => ({
      label: seriesLabel(s, voltage),
      unit: '',
      points: s.list,
    }));
    return booleanLayout(lines, view.numeric.length);
  }, [view.boolean, view.numeric.length, voltage]);

  // Options change with the set of series, not with each live refresh of the points.
  const numericKey = numeric.series.map((s) => `${s.scale}|${s.class ?? ''}`).join();
  const seriesKey = [...view.numeric, ...view.boolean].map(bandKey).join();
  const booleanKey = `${booleans.series.length}|${seriesKey}`;
  const height = narrow ? 240 : 320;
  /* eslint-disable react-hooks/exhaustive-deps */
  const numericOpts = useMemo(
    () => numericOptions(frame, height, numeric, t('monitoring.graph.time')),
    [frame, height, numericKey, seriesKey, JSON.stringify(numeric.axisUnits), mode],
  );
  const booleanOpts = useMemo(
    () =>
      booleanOptions(
        frame,
        Math.max(150, 70 + 24 * booleans.series.length),
        booleans,
        t('monitoring.graph.time'),
      ),
    [frame, booleanKey],
  );
  /* eslint-enable react-hooks/exhaustive-deps */

  const placeholder = (text: string) => (
    <Box
      sx={{
        height,
        display: 'grid',
        placeItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 2,
        color: 'text.secondary',
        px: 2,
        textAlign: 'center',
      }}
    >
      {text}
    </Box>
  );
  if (empty) return placeholder(t('noAddress'));
  const nothing = numeric.series.length === 0 && booleans.series.length === 0;
  return (
    <Box sx={{ position: 'relative' }}>
      <LinearProgress
        aria-label={t('app.loading')}
        sx={{
          position: 'absolute',
          top: -6,
          left: 0,
          right: 0,
          height: 2,
          opacity: view.fetching ? 1 : 0,
        }}
      />
      {view.problem && (
        <Alert severity={view.problem.severity} sx={{ mb: 1 }}>
          {t(view.problem.key)}
        </Alert>
      )}
      {view.noData && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('noData')}
        </Alert>
      )}
      {nothing && placeholder(view.loading ? t('app.loading') : '')}
      {numeric.series.length > 0 && (
        <UPlotChart
          options={numericOpts}
          data={numeric.data}
          label={t('monitoring.graph.numericChart')}
        />
      )}
      {booleans.series.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="caption" color="text.secondary">
            {t('monitoring.graph.booleanChart')}
          </Typography>
          <UPlotChart
            options={booleanOpts}
            data={booleans.data}
            label={t('monitoring.graph.booleanChart')}
          />
        </Box>
      )}
    </Box>
  );
}

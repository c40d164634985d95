import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WidgetData, WidgetInput, WidgetSeriesData } from '@atrium/contracts/dashboards';
import { formatDateTime } from '../../lib/dates';
import { WidgetChart } from './widget-charts';
import { formatNumber, gaugeRatio, isOn } from './widget-data';

interface Props {
  widget: WidgetInput;
  /** The widget's data, or undefined while loading. */
  data: WidgetData | undefined;
  start: number;
  stop: number;
  /** Height available for the body, in pixels. */
  height: number;
}

const unitOf = (widget: { unit?: string | undefined }, s: WidgetSeriesData | undefined) =>
  widget.unit?.trim() || s?.unit || '';

function NoValue() {
  const { t } = useTranslation();
  return (
    <Typography color="text.secondary" sx={{ m: 'auto' }}>
      {t('dashboards.noValue')}
    </Typography>
  );
}

function LastTime({ t: at }: { t: number }) {
  return (
    <Typography variant="caption" color="text.secondary">
      {formatDateTime(at)}
    </Typography>
  );
}

/** Gauge: a half circle from min to max, the value in its middle. */
function Gauge({
  value,
  min,
  max,
  text,
}: {
  value: number;
  min: number;
  max: number;
  text: string;
}) {
  const ratio = gaugeRatio(value, min, max);
  const angle = Math.PI * (1 - ratio);
  const x = 50 + 40 * Math.cos(angle);
  const y = 50 - 40 * Math.sin(angle);
  return (
    <Box component="svg" viewBox="0 0 100 58" sx={{ width: '100%', maxHeight: '100%' }}>
      <path d="M10 50 A40 40 0 0 1 90 50" fill="none" stroke="#e3e8ef" strokeWidth="9" />
      {ratio > 0 && (
        <path
          d={`M10 50 A40 40 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)}`}
          fill="none"
          stroke="#1f5fae"
          strokeWidth="9"
        />
      )}
      <text x="50" y="47" textAnchor="middle" fontSize="11" fontWeight="600" fill="#1c2430">
        {text}
      </text>
      <text x="10" y="57" textAnchor="middle" fontSize="5" fill="#5b6778">
        {formatNumber(min, 1)}
      </text>
      <text x="90" y="57" textAnchor="middle" fontSize="5" fill="#5b6778">
        {formatNumber(max, 1)}
      </text>
    </Box>
  );
}

/** A widget's content from its settings and its data (no card, no title). */
export function WidgetView({ widget, data, start, stop, height }: Props) {
  const { t } = useTranslation();
  if (!data) return null;
  const first = data.series[0];
  switch (widget.kind) {
    case 'line':
    case 'bar': {
      if (data.series.every((s) => s.points.length === 0)) return <NoValue />;
      return (
        <WidgetChart
          series={data.series}
          start={start}
          stop={stop}
          height={Math.max(80, height - (data.series.length > 1 ? 30 : 4))}
          style={widget.kind === 'bar' ? 'bar' : (widget.style ?? 'line')}
          period={widget.kind === 'bar' ? (widget.period ?? 'day') : undefined}
          label={widget.title || t(`dashboards.kinds.${widget.kind}`)}
          timeLabel={t('dashboards.time')}
        />
      );
    }
    case 'gauge': {
      if (!first?.last) return <NoValue />;
      const unit = unitOf(widget, first);
      return (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', height: 1 }}>
          <Gauge
            value={first.last.v}
            min={widget.min}
            max={widget.max}
            text={formatNumber(first.last.v, 1, unit)}
          />
          <LastTime t={first.last.t} />
        </Box>
      );
    }
    case 'value': {
      if (!first?.last) return <NoValue />;
      return (
        <Box sx={{ m: 'auto', textAlign: 'center' }}>
          <Typography
            component="p"
            data-testid="widget-value"
            sx={{ fontSize: { xs: 30, sm: 36 }, fontWeight: 600, lineHeight: 1.2 }}
          >
            {formatNumber(first.last.v, widget.decimals ?? 1, unitOf(widget, first))}
          </Typography>
          <LastTime t={first.last.t} />
        </Box>
      );
    }
    case 'state': {
      if (!first?.last) return <NoValue />;
      const on = isOn(first.last.v);
      const label = on
        ? widget.onLabel?.trim() || t('dashboards.on')
        : widget.offLabel?.trim() || t('dashboards.off');
      return (
        <Box sx={{ m: 'auto', textAlign: 'center' }}>
          <Chip
            label={label}
            color={on ? 'success' : 'default'}
            data-testid="widget-state"
            sx={{ fontSize: 18, height: 40, px: 1.5, mb: 0.5 }}
          />
          <br />
          <LastTime t={first.last.t} />
        </Box>
      );
    }
    case 'table':
      return (
        <Box sx={{ overflow: 'auto', height: 1 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboards.table.series')}</TableCell>
                <TableCell align="right">{t('dashboards.table.last')}</TableCell>
                <TableCell align="right">{t('dashboards.table.min')}</TableCell>
                <TableCell align="right">{t('dashboards.table.max')}</TableCell>
                <TableCell align="right">{t('dashboards.table.mean')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.series.map((s) => {
                const f = (v: number | undefined) =>
                  v === undefined ? '–' : formatNumber(v, s.unit === '°C' ? 2 : 1, s.unit);
                return (
                  <TableRow key={`${s.mac}|${s.address}`}>
                    <TableCell>{s.name}</TableCell>
                    <TableCell align="right">{f(s.last?.v)}</TableCell>
                    <TableCell align="right">{f(s.stats?.min)}</TableCell>
                    <TableCell align="right">{f(s.stats?.max)}</TableCell>
                    <TableCell align="right">{f(s.stats?.mean)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      );
  }
}

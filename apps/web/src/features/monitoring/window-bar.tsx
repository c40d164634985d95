import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import { useTranslation } from 'react-i18next';
import { formatDateMinute } from '../../lib/dates';
import { DayField } from './day-field';
import {
  changeMode,
  shiftWindow,
  windowOf,
  type GraphMode,
  type GraphWindow,
} from './graph-window';
import { formatDay, parisDayOf } from './paris-calendar';

const MODES: readonly { value: GraphMode; labelKey: string }[] = [
  { value: 'day', labelKey: 'monitoring.graph.modes.day' },
  { value: 'month', labelKey: 'monitoring.graph.modes.month' },
  { value: 'period', labelKey: 'monitoring.graph.modes.period' },
];

interface Props {
  value: GraphWindow;
  onChange: (w: GraphWindow) => void;
  live: boolean;
}

/** Day, month or period; previous/next by the window's own length; DD/MM/YYYY fields. */
export function WindowBar({ value: w, onChange, live }: Props) {
  const { t } = useTranslation();
  // A period runs through 23:59 of its last day (spec §2); day and month end at the next 00:00.
  const end = w.mode === 'period' ? w.stop - 60_000 : w.stop;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={w.mode}
        onChange={(_, mode: GraphMode | null) => mode && onChange(changeMode(w, mode))}
        aria-label={t('monitoring.graph.windowMode')}
      >
        {MODES.map((m) => (
          <ToggleButton key={m.value} value={m.value} sx={{ px: 1.5 }}>
            {t(m.labelKey)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Tooltip title={t('monitoring.graph.previous')}>
          <IconButton
            aria-label={t('monitoring.graph.previous')}
            onClick={() => onChange(shiftWindow(w, -1))}
          >
            <ChevronLeftIcon />
          </IconButton>
        </Tooltip>
        {w.mode === 'period' ? (
          <>
            <DayField
              key={`from-${formatDay(w.from)}`}
              label={t('monitoring.graph.from')}
              value={w.from}
              onChange={(day) => onChange(windowOf('period', day, w.to))}
            />
            <DayField
              key={`to-${formatDay(w.to)}`}
              label={t('monitoring.graph.to')}
              value={w.to}
              onChange={(day) => onChange(windowOf('period', w.from, day))}
            />
          </>
        ) : (
          <DayField
            key={`${w.mode}-${formatDay(w.from)}`}
            label={t(w.mode === 'day' ? 'monitoring.graph.day' : 'monitoring.graph.month')}
            value={w.from}
            onChange={(day) => onChange(windowOf(w.mode, day))}
          />
        )}
        <Tooltip title={t('monitoring.graph.next')}>
          <IconButton
            aria-label={t('monitoring.graph.next')}
            onClick={() => onChange(shiftWindow(w, 1))}
          >
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Button size="small" onClick={() => onChange(windowOf(w.mode, parisDayOf(Date.now())))}>
        {t('monitoring.graph.today')}
      </Button>
      <Typography variant="body2" color="text.secondary" data-testid="graph-range">
        {t('monitoring.graph.range', {
          from: formatDateMinute(w.start),
          to: formatDateMinute(end),
        })}
      </Typography>
      {live && (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          icon={<FiberManualRecordIcon sx={{ fontSize: 12 }} />}
          label={t('monitoring.graph.live')}
        />
      )}
    </Box>
  );
}

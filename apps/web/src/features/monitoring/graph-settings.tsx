import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import type { Aggregation, Precision } from '@atrium/contracts/graph';
import type { ChartMode } from './chart-modes';

export const PRECISION_OPTIONS: readonly { value: Precision; labelKey: string }[] = [
  { value: 'auto', labelKey: 'monitoring.graph.precisions.auto' },
  { value: '1s', labelKey: 'monitoring.graph.precisions.1s' },
  { value: '1m', labelKey: 'monitoring.graph.precisions.1m' },
  { value: '1h', labelKey: 'monitoring.graph.precisions.1h' },
  { value: '1d', labelKey: 'monitoring.graph.precisions.1d' },
  { value: '1w', labelKey: 'monitoring.graph.precisions.1w' },
];

const AGGREGATION_OPTIONS: readonly { value: Aggregation; labelKey: string }[] = [
  { value: 'mean', labelKey: 'monitoring.graph.aggregations.mean' },
  { value: 'max', labelKey: 'monitoring.graph.aggregations.max' },
  { value: 'min', labelKey: 'monitoring.graph.aggregations.min' },
];

const MODE_OPTIONS: readonly { value: ChartMode; labelKey: string }[] = [
  { value: 'average', labelKey: 'monitoring.graph.chartModes.average' },
  { value: 'curve', labelKey: 'monitoring.graph.chartModes.curve' },
  { value: 'performance', labelKey: 'monitoring.graph.chartModes.performance' },
];

export interface GraphSettingsValue {
  precision: Precision;
  aggregation: Aggregation;
  mode: ChartMode;
}

interface Props {
  value: GraphSettingsValue;
  onChange: (value: GraphSettingsValue) => void;
  onExport: () => void;
  exporting: boolean;
}

/** Precision, aggregation, chart mode and the CSV export. */
export function GraphSettings({ value, onChange, onExport, exporting }: Props) {
  const { t } = useTranslation();
  const select = <K extends 'precision' | 'aggregation'>(
    key: K,
    label: string,
    options: readonly { value: GraphSettingsValue[K]; labelKey: string }[],
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value[key]}
      onChange={(e) => {
        const picked = options.find((o) => o.value === e.target.value);
        if (picked) onChange({ ...value, [key]: picked.value });
      }}
      sx={{ width: 150, flex: '0 0 auto' }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {t(o.labelKey)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      {select('precision', t('monitoring.graph.precision'), PRECISION_OPTIONS)}
      {select('aggregation', t('monitoring.graph.aggregation'), AGGREGATION_OPTIONS)}
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={value.mode}
        onChange={(_, mode: ChartMode | null) => mode && onChange({ ...value, mode })}
        aria-label={t('monitoring.graph.chartMode')}
      >
        {MODE_OPTIONS.map((m) => (
          <ToggleButton key={m.value} value={m.value} sx={{ px: 1.5 }}>
            {t(m.labelKey)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ flex: '1 1 0' }} />
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={onExport}
        disabled={exporting}
      >
        {t('monitoring.graph.export')}
      </Button>
    </Box>
  );
}

import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { RELATIVE_RANGES, type DashboardRange } from '@atrium/contracts/dashboards';
import { formatDateTime } from '../../lib/dates';

/** The dashboard's time range: the last 24 h, 7 days, 30 days or year (a saved fixed period stays). */
export function RangeSelect({
  value,
  onChange,
  disabled,
}: {
  value: DashboardRange;
  onChange: (range: DashboardRange) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('dashboards.range')}
      value={value.kind}
      disabled={disabled}
      sx={{ minWidth: 170 }}
      onChange={(e) => {
        const kind = e.target.value;
        if (kind !== 'custom') onChange({ kind: kind as (typeof RELATIVE_RANGES)[number] });
      }}
    >
      {RELATIVE_RANGES.map((r) => (
        <MenuItem key={r} value={r}>
          {t(`dashboards.ranges.${r}`)}
        </MenuItem>
      ))}
      {value.kind === 'custom' && (
        <MenuItem value="custom">
          {t('dashboards.ranges.custom', {
            from: formatDateTime(value.start),
            to: formatDateTime(value.stop),
          })}
        </MenuItem>
      )}
    </TextField>
  );
}

import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { QuietHours } from '@atrium/contracts/alerts';
import { useTranslation } from 'react-i18next';

interface Props {
  value: QuietHours;
  onChange: (value: QuietHours) => void;
  disabled: boolean;
  /** Message key when the hours are not HH:MM. */
  error?: string;
}

/** A channel's quiet hours, Paris time; alerts meanwhile go out when they end. */
export function QuietHoursFields({ value, onChange, disabled, error }: Props) {
  const { t } = useTranslation();
  const time = (key: 'start' | 'end', label: string) => (
    <TextField
      size="small"
      label={label}
      value={value[key]}
      disabled={disabled || !value.enabled}
      error={!!error}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      // Text, not type="time": the browser would show 12-hour clocks in some locales.
      placeholder="HH:MM"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
      sx={{ width: 110 }}
    />
  );
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <FormControlLabel
          sx={{ mr: 1, flexBasis: { xs: '100%', sm: 'auto' } }}
          control={
            <Switch
              size="small"
              checked={value.enabled}
              disabled={disabled}
              onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
            />
          }
          label={t('notifications.quietHours.label')}
        />
        {time('start', t('notifications.quietHours.start'))}
        {time('end', t('notifications.quietHours.end'))}
      </Box>
      <FormHelperText error={!!error}>
        {error ? t(error) : t('notifications.quietHours.hint')}
      </FormHelperText>
    </Box>
  );
}

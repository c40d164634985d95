import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  OFFLINE_DELAY_MAX_S,
  OFFLINE_DELAY_MIN_S,
  type AlertSettings,
} from '@atrium/contracts/alerts';
import type { GatewaySummary } from '@atrium/contracts/project';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { notify } from '../../ui/snackbar';
import { SubmitButton } from '../../ui/submit-button';
import { alertsApi } from './api/alerts-api';
import { readSettings, settingsForm, type SettingsForm } from './settings-form';
import { StaleRulesEditor } from './stale-rules-editor';

interface Props {
  projectId: string;
  settings: AlertSettings;
  gateways: readonly GatewaySummary[];
}

function Part({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}

/** Offline delay, bus load watchdog and silent-address watchdog, saved together. */
export function SettingsEditor({ projectId, settings, gateways }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<SettingsForm>(() => settingsForm(settings));
  const read = readSettings(form);
  const errors = read.ok ? {} : read.errors;
  const saving = useMutation({
    mutationFn: (s: AlertSettings) => alertsApi.saveSettings(projectId, s),
    onSuccess: (saved) => {
      queryClient.setQueryData(QUERY_KEYS.alertSettings(projectId), saved);
      notify.success('changeSuccess');
    },
    onError: (error) => notify.apiError(error),
  });
  const busload = form.busload;
  const number = (
    label: string,
    value: string,
    onChange: (v: string) => void,
    path: string,
    unit: string,
    helper?: string,
  ) => (
    <TextField
      size="small"
      label={label}
      value={value}
      disabled={path.startsWith('busload.') && !busload.enabled}
      onChange={(e) => onChange(e.target.value)}
      error={!!errors[path]}
      helperText={helper}
      slotProps={{
        htmlInput: { inputMode: 'numeric' },
        input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
      }}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Part title={t('alerts.settings.offline.title')} hint={t('alerts.settings.offline.hint')}>
        {number(
          t('alerts.settings.offline.delay'),
          form.offlineDelaySeconds,
          (offlineDelaySeconds) => setForm({ ...form, offlineDelaySeconds }),
          'offlineDelaySeconds',
          's',
          t('alerts.settings.offline.range', {
            min: OFFLINE_DELAY_MIN_S,
            max: OFFLINE_DELAY_MAX_S,
          }),
        )}
      </Part>
      <Part title={t('alerts.settings.busload.title')} hint={t('alerts.settings.busload.hint')}>
        <FormControlLabel
          control={
            <Switch
              checked={busload.enabled}
              onChange={(e) =>
                setForm({ ...form, busload: { ...busload, enabled: e.target.checked } })
              }
            />
          }
          label={t('alerts.settings.busload.enabled')}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
          {number(
            t('alerts.settings.busload.percent'),
            busload.percent,
            (percent) => setForm({ ...form, busload: { ...busload, percent } }),
            'busload.percent',
            '%',
          )}
          {number(
            t('alerts.settings.busload.minutes'),
            busload.minutes,
            (minutes) => setForm({ ...form, busload: { ...busload, minutes } }),
            'busload.minutes',
            'min',
          )}
        </Box>
      </Part>
      <Part title={t('alerts.settings.stale.title')} hint={t('alerts.settings.stale.hint')}>
        <StaleRulesEditor
          rows={form.stale}
          onChange={(stale) => setForm({ ...form, stale })}
          gateways={gateways}
          errors={errors}
        />
      </Part>
      <Box sx={{ justifySelf: 'end' }}>
        <SubmitButton
          size="medium"
          pending={saving.isPending}
          disabled={!read.ok}
          onClick={() => read.ok && saving.mutate(read.settings)}
        >
          {t('dialog.save')}
        </SubmitButton>
      </Box>
    </Box>
  );
}

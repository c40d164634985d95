import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../lib/api/invalidate';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { notify } from '../../ui/snackbar';
import { DialogHeader } from '../../ui/dialog-header';
import { monitoringApi, type VoltageSettings } from './api/monitoring-api';
import {
  canSaveVoltage,
  voltageBody,
  voltageErrors,
  voltageForm,
  type VoltageForm,
} from './voltage-rules';
import { SubmitButton } from '../../ui/submit-button';

interface Props {
  project: { _id: string; name: string };
  voltage: VoltageSettings;
  onClose: () => void;
}

/** Voltage monitoring dialog (spec document 2 §2, §5): alert below a minimum or above a maximum. */
export function VoltageDialog({ project, voltage, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<VoltageForm>(() => voltageForm(voltage));
  const errors = voltageErrors(form);
  const canSave = canSaveVoltage(form);
  const saving = useMutation({
    mutationFn: (body: VoltageSettings) => monitoringApi.voltage(project._id, body),
    onSuccess: () => {
      notify.success('changeSuccess');
      onClose();
    },
    onError: (error) => notify.apiError(error),
    onSettled: () =>
      void invalidate(
        queryClient,
        QUERY_KEYS.monitoring,
        QUERY_KEYS.project(project._id),
        QUERY_KEYS.projects,
      ),
  });
  const busy = saving.isPending;
  const save = () => saving.mutate(voltageBody(form));

  const field = (key: 'minimum' | 'maximum', label: string) => (
    <TextField
      size="small"
      label={label}
      value={form[key]}
      disabled={!form.activate}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      error={!!errors[key]}
      helperText={errors[key] ? t(errors[key]) : t('monitoring.voltage.rangeHint')}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { endAdornment: <InputAdornment position="end">V</InputAdornment> },
      }}
    />
  );

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby="voltage-dialog-title"
      slotProps={{ paper: { sx: { width: 480, maxWidth: '95vw' } } }}
    >
      <DialogHeader
        id="voltage-dialog-title"
        title={t('monitoring.voltage.title')}
        subtitle={project.name}
        onClose={onClose}
      />
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('monitoring.voltage.hint')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={form.activate}
              onChange={(e) => setForm({ ...form, activate: e.target.checked })}
            />
          }
          label={t('monitoring.voltage.activate')}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {field('minimum', t('monitoring.voltage.minimum'))}
          {field('maximum', t('monitoring.voltage.maximum'))}
        </Box>
        {errors.form && <Alert severity="error">{t(errors.form)}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {t('dialog.cancel')}
        </Button>
        <Tooltip title={canSave ? '' : t(errors.form ?? 'monitoring.voltage.range')}>
          <span>
            <SubmitButton size="medium" pending={busy} disabled={!canSave} onClick={save}>
              {t('dialog.save')}
            </SubmitButton>
          </span>
        </Tooltip>
      </DialogActions>
    </Dialog>
  );
}

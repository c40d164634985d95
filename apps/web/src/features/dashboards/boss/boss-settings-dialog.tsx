import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_LIMITS,
  seriesRefKey,
  type BossDashboard,
  type DashboardSeriesItem,
  type SeriesRef,
} from '@atrium/contracts/dashboards';
import { DialogHeader } from '../../../ui/dialog-header';
import { notify } from '../../../ui/snackbar';
import { dashboardsApi } from '../../../lib/api/dashboards-api';

function SeriesField({
  label,
  helper,
  series,
  value,
  max,
  onChange,
}: {
  label: string;
  helper: string;
  series: readonly DashboardSeriesItem[];
  value: SeriesRef[];
  max: number;
  onChange: (refs: SeriesRef[]) => void;
}) {
  const byKey = new Map(series.map((s) => [s.key, s]));
  const picked = value
    .map((r) => byKey.get(seriesRefKey(r)))
    .filter((s): s is DashboardSeriesItem => s !== undefined);
  return (
    <Autocomplete
      multiple
      options={series}
      value={picked}
      groupBy={(s) => s.gatewayName}
      getOptionLabel={(s) => `${s.name}${s.unit ? ` (${s.unit})` : ''}`}
      isOptionEqualToValue={(a, b) => a.key === b.key}
      getOptionDisabled={(s) => picked.length >= max && !picked.some((p) => p.key === s.key)}
      onChange={(_e, next) => onChange(next.slice(0, max).map((s) => s.ref))}
      renderInput={(params) => <TextField {...params} label={label} helperText={helper} />}
    />
  );
}

/** The installer's choice of the boss dashboard's key values and energy counters. */
export function BossSettingsDialog({
  projectId,
  dashboard,
  series,
  onClose,
  onSaved,
}: {
  projectId: string;
  dashboard: BossDashboard;
  series: readonly DashboardSeriesItem[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [keyValues, setKeyValues] = useState<SeriesRef[]>(dashboard.keyValues);
  const [energy, setEnergy] = useState<SeriesRef[]>(dashboard.energy);
  const save = useMutation({
    mutationFn: () => dashboardsApi.bossUpdate(projectId, { keyValues, energy }),
    onSuccess: () => {
      notify.success('dashboardSaved', { duration: 3000 });
      onSaved();
      onClose();
    },
    onError: (e) => notify.apiError(e, {}, { duration: 3000 }),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="boss-settings-title">
      <DialogHeader id="boss-settings-title" title={t('boss.settings')} onClose={onClose} />
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SeriesField
            label={t('boss.keyValues')}
            helper={t('boss.keyValuesHint', { count: DASHBOARD_LIMITS.keyValuesMax })}
            series={series}
            value={keyValues}
            max={DASHBOARD_LIMITS.keyValuesMax}
            onChange={setKeyValues}
          />
          <SeriesField
            label={t('boss.energyCounters')}
            helper={t('boss.energyHint')}
            series={series.filter((s) => !s.isBool)}
            value={energy}
            max={DASHBOARD_LIMITS.energySeriesMax}
            onChange={setEnergy}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.cancel')}</Button>
        <Button variant="contained" loading={save.isPending} onClick={() => save.mutate()}>
          {t('dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

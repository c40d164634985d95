import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_LIMITS,
  dashboardNameSchema,
  type DashboardListReply,
  type DashboardRange,
} from '@atrium/contracts/dashboards';
import { apiErrorCode } from '../../../lib/api/error-key';
import { SubmitButton } from '../../../ui/submit-button';
import { notify } from '../../../ui/snackbar';
import { dashboardsApi, dashboardsQuery } from '../../../lib/api/dashboards-api';
import { RangeSelect } from '../range-select';

/** A new dashboard: its title and time range; the widgets are added in the editor. */
export function CreateForm({
  projectId,
  list,
}: {
  projectId: string;
  list: DashboardListReply | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [range, setRange] = useState<DashboardRange>({ kind: '24h' });
  const [invalid, setInvalid] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      dashboardsApi.create(projectId, { name: name.trim(), form: { range, widgets: [] } }),
    onSuccess: async (dashboard) => {
      notify.success('dashboardSaved', { duration: 3000 });
      await client.invalidateQueries({ queryKey: dashboardsQuery(projectId).queryKey });
      void navigate(
        `/chartnx-generator/${encodeURIComponent(projectId)}/${encodeURIComponent(dashboard._id)}`,
      );
    },
    onError: (e) =>
      notify.error(apiErrorCode(e) === 'chartnxLimit' ? 'chartnxLimit' : 'dashboards.createError', {
        duration: 3000,
      }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!dashboardNameSchema.safeParse(name).success) {
      setInvalid(true);
      return;
    }
    create.mutate();
  };
  const full = list !== undefined && !list.canCreate;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('dashboards.createTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('dashboards.createHint')}
      </Typography>
      {full ? (
        <Alert severity="info">{t('chartnxLimit')}</Alert>
      ) : (
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            size="small"
            label={t('dashboards.name')}
            value={name}
            required
            error={invalid}
            helperText={invalid ? t('invalidName') : ' '}
            onChange={(e) => {
              setName(e.target.value);
              setInvalid(false);
            }}
            slotProps={{ htmlInput: { maxLength: DASHBOARD_LIMITS.nameMax } }}
            sx={{ flex: 1 }}
          />
          <RangeSelect value={range} onChange={setRange} />
          <SubmitButton pending={create.isPending} size="medium">
            {t('dashboards.create')}
          </SubmitButton>
        </Stack>
      )}
    </Paper>
  );
}

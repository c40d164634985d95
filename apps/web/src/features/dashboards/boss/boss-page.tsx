import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SettingsIcon from '@mui/icons-material/Tune';
import ShareIcon from '@mui/icons-material/Share';
import { useTranslation } from 'react-i18next';
import type { BossDataReply } from '@atrium/contracts/dashboards';
import { apiErrorCode } from '../../../lib/api/error-key';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { projectQuery } from '../../../lib/api/project-query';
import { PageHeader } from '../../../ui/page-header';
import { notify } from '../../../ui/snackbar';
import { dashboardsApi, seriesQuery } from '../../../lib/api/dashboards-api';
import { BossView } from '../boss-view';
import { ShareDialog } from '../share-dialog';
import { useLiveValues } from '../use-live-values';
import { applySeriesValues, latestOf } from '../widget-data';
import { BossSettingsDialog } from './boss-settings-dialog';

const BOSS_REFRESH_MS = 30_000;

/**
 * The boss dashboard (`/bossnx/login?bossnxId={projectId}`, document 1 §2): the project's
 * overview for its owner; created on first visit with the project's name, set up and shared
 * by the installer.
 */
export function BossPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const projectId = params.get('bossnxId') ?? '';
  const client = useQueryClient();
  const project = useQuery(projectQuery(projectId));
  const canEdit = project.data !== undefined && project.data.role !== 'viewer';
  const bossKey = QUERY_KEYS.boss(projectId);
  const boss = useQuery({
    queryKey: bossKey,
    queryFn: ({ signal }) => dashboardsApi.boss(projectId, signal),
    retry: false,
    enabled: projectId !== '',
  });
  const code = boss.isError ? apiErrorCode(boss.error) : undefined;
  const data = useQuery({
    queryKey: QUERY_KEYS.bossData(projectId),
    queryFn: ({ signal }) => dashboardsApi.bossData(projectId, signal),
    enabled: boss.isSuccess,
    refetchInterval: BOSS_REFRESH_MS,
  });
  const [live, setLive] = useState<BossDataReply | undefined>(undefined);
  useEffect(() => setLive(data.data), [data.data]);
  const dashboardId = boss.data?.dashboard._id;
  useLiveValues(
    dashboardId
      ? { watch: { type: 'bossnx', project: projectId, dashboardID: dashboardId } }
      : null,
    (event) =>
      setLive((d) =>
        d ? { ...d, keyValues: applySeriesValues(d.keyValues, latestOf(event), false) } : d,
      ),
  );
  const series = useQuery({ ...seriesQuery(projectId), enabled: canEdit && boss.isSuccess });
  const [settings, setSettings] = useState(false);
  const [sharing, setSharing] = useState(false);
  const create = useMutation({
    mutationFn: () => dashboardsApi.bossCreate(projectId, project.data?.name ?? ''),
    onSuccess: async () => {
      notify.success('boss.created', { duration: 3000 });
      await client.invalidateQueries({ queryKey: bossKey });
    },
    onError: () => notify.error('boss.createError', { duration: 3000 }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: QUERY_KEYS.boss(projectId) });

  return (
    <>
      <PageHeader
        title={boss.data?.dashboard.projectName ?? project.data?.name ?? t('boss.title')}
        subtitle={t('boss.title')}
        backTo={{
          to: `/projects/${encodeURIComponent(projectId)}`,
          label: t('dashboards.backToProject'),
        }}
        actions={
          boss.data &&
          canEdit && (
            <Stack direction="row" spacing={1}>
              <Button
                variant="outlined"
                startIcon={<SettingsIcon />}
                onClick={() => setSettings(true)}
              >
                {t('boss.settings')}
              </Button>
              <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => setSharing(true)}>
                {t('dashboards.share.button')}
              </Button>
            </Stack>
          )
        }
      />
      {boss.isPending && projectId !== '' && <Skeleton variant="rounded" height={240} />}
      {code === 'bossnxNotLicensed' && <Alert severity="warning">{t('bossnxNotLicensed')}</Alert>}
      {boss.isError && code !== 'bossnxNotLicensed' && code !== 'dashboardNotFound' && (
        <Alert severity="error">{t('boss.loadError')}</Alert>
      )}
      {code === 'dashboardNotFound' && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography sx={{ mb: 2 }}>{t('boss.none')}</Typography>
          {canEdit && (
            <Button variant="contained" loading={create.isPending} onClick={() => create.mutate()}>
              {t('boss.create', { name: project.data?.name ?? '' })}
            </Button>
          )}
        </Paper>
      )}
      {boss.isSuccess && !live && !data.isError && <Skeleton variant="rounded" height={240} />}
      {data.isError && <Alert severity="error">{t('boss.loadError')}</Alert>}
      {live && <BossView data={live} />}
      {settings && boss.data && (
        <BossSettingsDialog
          projectId={projectId}
          dashboard={boss.data.dashboard}
          series={series.data ?? []}
          onClose={() => setSettings(false)}
          onSaved={() => void refresh()}
        />
      )}
      {sharing && boss.data && (
        <ShareDialog
          type="bossnx"
          projectId={projectId}
          dashboardId={boss.data.dashboard._id}
          shares={boss.data.dashboard.shares}
          invalidate={[bossKey]}
          onClose={() => setSharing(false)}
        />
      )}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import type { GatewaySummary } from '@atrium/contracts/project';
import { useTranslation } from 'react-i18next';
import { alertSettingsQuery } from './api/alerts-api';
import { SettingsEditor } from './settings-editor';

interface Props {
  projectId: string;
  gateways: readonly GatewaySummary[];
}

/** The offline delay and the watchdog, once the stored settings are in. */
export function AlertSettingsSection({ projectId, gateways }: Props) {
  const { t } = useTranslation();
  const query = useQuery(alertSettingsQuery(projectId));
  if (query.isError) return <Alert severity="error">{t('dataNotLoaded')}</Alert>;
  // The form starts from what the server holds now, not from an older cached copy.
  if (query.isPending || (query.isFetching && !query.isFetchedAfterMount))
    return <Skeleton variant="rounded" height={320} />;
  return <SettingsEditor projectId={projectId} settings={query.data} gateways={gateways} />;
}

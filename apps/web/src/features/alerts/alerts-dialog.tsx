import { useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../lib/api/invalidate';
import { projectQuery } from '../../lib/api/project-query';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { canEditProject } from '../../lib/session/permissions';
import { useSession } from '../../lib/session/use-session';
import { NO_ALERT_FILTERS, type AlertFilters } from './alert-filters';
import { AlertHistory } from './alert-history';
import { AlertSettingsSection } from './alert-settings-section';
import { alertHistoryQuery } from './api/alerts-api';
import { DialogHeader } from '../../ui/dialog-header';
import { MuteSection } from './mute-section';
import { useAlertEvents } from './use-alert-events';

interface Props {
  project: { _id: string; name: string };
  onClose: () => void;
}

type TabName = 'history' | 'mute' | 'settings';

/**
 * A project's alerts (issue 14): the history, live; and for those who may change the project,
 * muting and the watchdog settings. Viewers read the history only.
 */
export function AlertsDialog({ project, onClose }: Props) {
  const { t } = useTranslation();
  const user = useSession();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width:600px)');
  // Also what joins the project's room, where the alerts' socket events arrive.
  const projectInfo = useQuery(projectQuery(project._id));
  const [filters, setFilters] = useState<AlertFilters>(NO_ALERT_FILTERS);
  const [tab, setTab] = useState<TabName>('history');
  const history = useInfiniteQuery(alertHistoryQuery(project._id, filters));
  useAlertEvents(project._id, () => {
    void invalidate(queryClient, QUERY_KEYS.projectAlerts(project._id), QUERY_KEYS.openAlerts);
  });
  const data = projectInfo.data;
  const canEdit = !!user && !!data && canEditProject(user.rank, data.role);
  const gateways = data?.gateways ?? [];
  const mutes = history.data?.pages[0]?.mutes;
  const shown = canEdit ? tab : 'history';

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby="alerts-dialog-title"
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 820, maxWidth: '95vw' } } }}
    >
      <DialogHeader
        id="alerts-dialog-title"
        title={t('alerts.title')}
        subtitle={project.name}
        onClose={onClose}
      />
      {canEdit && (
        <Tabs
          value={shown}
          onChange={(_, value: TabName) => setTab(value)}
          variant="fullWidth"
          sx={{ px: { xs: 0, sm: 3 }, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="history" label={t('alerts.tabs.history')} />
          <Tab
            value="mute"
            label={
              <Badge color="warning" badgeContent={mutes?.length ?? 0} sx={{ pr: 1.5 }}>
                {t('alerts.tabs.mute')}
              </Badge>
            }
          />
          <Tab value="settings" label={t('alerts.tabs.settings')} />
        </Tabs>
      )}
      <DialogContent sx={{ minHeight: 360, pt: '20px !important' }}>
        {shown === 'history' && (
          <AlertHistory
            query={history}
            filters={filters}
            onFilters={setFilters}
            gateways={gateways}
          />
        )}
        {shown === 'mute' && (
          <MuteSection projectId={project._id} mutes={mutes} gateways={gateways} />
        )}
        {shown === 'settings' && (
          <AlertSettingsSection projectId={project._id} gateways={gateways} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <Button variant="contained" onClick={onClose}>
          {t('dialog.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

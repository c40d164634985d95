import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import Skeleton from '@mui/material/Skeleton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { projectQuery } from '../../lib/api/project-query';
import { canEditProject } from '../../lib/session/permissions';
import { useSession } from '../../lib/session/use-session';
import { alertSummaryQuery } from './api/alerts-api';
import { DialogHeader } from '../../ui/dialog-header';
import { NotificationsForm } from './notifications-form';

interface Props {
  project: { _id: string; name: string };
  onClose: () => void;
}

/**
 * Project notifications (document 2 §2 dialog 9, §5): e-mail and Pushover, the events each
 * sends, quiet hours, and a warning when the server stopped sending on a channel.
 */
export function NotificationsDialog({ project, onClose }: Props) {
  const { t } = useTranslation();
  const user = useSession();
  const fullScreen = useMediaQuery('(max-width:600px)');
  const query = useQuery(projectQuery(project._id));
  // The channels' problems come with the alert history; without them the dialog still works.
  const summary = useQuery(alertSummaryQuery(project._id));
  // The form starts from what the server holds now, not from an older cached copy.
  const data = query.isFetchedAfterMount || !query.isFetching ? query.data : undefined;
  const readOnly = !user || !data || !canEditProject(user.rank, data.role);

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby="notifications-dialog-title"
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 640, maxWidth: '95vw' } } }}
    >
      <DialogHeader
        id="notifications-dialog-title"
        title={t('notifications.title')}
        subtitle={project.name}
        onClose={onClose}
      />
      {!data && !query.isError && <Skeleton variant="rounded" height={420} sx={{ m: 3 }} />}
      {query.isError && (
        <Alert severity="error" sx={{ m: 3 }}>
          {t('dataNotLoaded')}
        </Alert>
      )}
      {data && (
        <NotificationsForm
          projectId={project._id}
          notification={data.notification}
          problems={summary.data?.problems}
          readOnly={readOnly}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeartOutlined';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOffOutlined';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { useTranslation } from 'react-i18next';
import type { ProjectItem } from '@atrium/contracts/project';
import { projectLabel } from './project-filters';
import { ProjectRowMenu } from './project-row-menu';
import {
  AlertsButton,
  ConnectionIndicator,
  OnlineIndicator,
  RowIconButton,
} from './project-status';
import type { ProjectsTableProps } from './projects-table';

/** The focused row's outline (the table's own hover colour is too faint for it). */
const FOCUS_RING = {
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
} as const;

type Props = Omit<ProjectsTableProps, 'projects'> & { project: ProjectItem; narrow: boolean };

/** One project: a viewer-role project is never opened and its edit buttons are disabled. */
export function ProjectRow(props: Props) {
  const { t } = useTranslation();
  const { project, narrow, viewerRank, canDelete, openAlerts, onOpen, onDialog, onAction } = props;
  const viewer = project.role === 'viewer';
  const notifying = project.features.includes('notification');
  return (
    <TableRow
      hover={!viewer}
      onClick={viewer ? undefined : () => onOpen(project)}
      // The keyboard opens it too: the row takes the focus, Enter opens (not Enter on its buttons).
      tabIndex={viewer ? undefined : 0}
      onKeyDown={
        viewer
          ? undefined
          : (e) => {
              if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(project);
            }
      }
      sx={{ cursor: viewer ? 'default' : 'pointer', ...FOCUS_RING }}
      data-testid={`project-row-${project._id}`}
    >
      <TableCell sx={{ maxWidth: 320 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {projectLabel(project)}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {t('projects.gatewayCount', { count: project.gateways.length })}
        </Typography>
      </TableCell>
      <TableCell>
        <OnlineIndicator project={project} compact={narrow} />
      </TableCell>
      {!narrow && (
        <TableCell align="center">
          <ConnectionIndicator connected={project.connection} />
        </TableCell>
      )}
      {!narrow && (
        <TableCell align="center">
          <RowIconButton
            label={t('projects.dialogs.graphs')}
            icon={<ShowChartIcon fontSize="small" />}
            onClick={() => onDialog('graphs', project)}
          />
        </TableCell>
      )}
      {!viewerRank && (
        <TableCell align="center">
          <RowIconButton
            label={t('projects.dialogs.monitoring')}
            icon={<MonitorHeartIcon fontSize="small" />}
            disabled={viewer}
            onClick={() => onDialog('monitoring', project)}
          />
        </TableCell>
      )}
      <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
        <RowIconButton
          label={t(notifying ? 'projects.notificationsOn' : 'projects.notificationsOff')}
          icon={
            notifying ? (
              <NotificationsActiveIcon fontSize="small" color="primary" />
            ) : (
              <NotificationsOffIcon fontSize="small" />
            )
          }
          disabled={viewer}
          onClick={() => onDialog('notifications', project)}
        />
        {/* Viewers too: the alert history is read-only for them. */}
        <AlertsButton
          count={openAlerts[project._id] ?? 0}
          onClick={() => onDialog('alerts', project)}
        />
      </TableCell>
      {!viewerRank && (
        <TableCell align="right">
          <ProjectRowMenu
            projectName={project.name}
            disabled={viewer}
            canDelete={canDelete}
            onAction={(action) => onAction(action, project)}
          />
        </TableCell>
      )}
    </TableRow>
  );
}

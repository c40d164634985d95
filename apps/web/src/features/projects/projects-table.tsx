import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeartOutlined';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOffOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import WifiIcon from '@mui/icons-material/Wifi';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@atrium/contracts/limits';
import type { ProjectItem } from '@atrium/contracts/project';
import { VISUALLY_HIDDEN } from '../../ui/visually-hidden';
import { projectLabel } from './project-filters';
import type { ProjectMenuAction } from './project-menu-actions';
import { ProjectRowMenu } from './project-row-menu';
import { ConnectionIndicator, OnlineIndicator, RowIconButton } from './project-status';

interface Props {
  projects: ProjectItem[];
  /** Viewer rank: no options or monitoring column (spec §2). */
  viewerRank: boolean;
  canDelete: boolean;
  onOpen: (project: ProjectItem) => void;
  onDialog: (kind: 'graphs' | 'monitoring' | 'notifications', project: ProjectItem) => void;
  onAction: (action: ProjectMenuAction, project: ProjectItem) => void;
}

const PAGE_SIZES = [25, 50, 100];

/** A header that keeps only an icon on narrow screens (its text stays for screen readers). */
function ColumnHead(props: {
  label: string;
  icon?: ReactNode;
  narrow: boolean;
  align?: 'left' | 'center' | 'right';
}) {
  const align = props.align ?? 'center';
  if (!props.narrow) return <TableCell align={align}>{props.label}</TableCell>;
  return (
    <TableCell align={align} sx={{ color: 'text.secondary', lineHeight: 0 }}>
      {props.icon && (
        <Tooltip title={props.label}>
          <Box component="span" sx={{ display: 'inline-flex', '& svg': { fontSize: 18 } }}>
            {props.icon}
          </Box>
        </Tooltip>
      )}
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {props.label}
      </Box>
    </TableCell>
  );
}

/** name, online, connection, graphs, monitoring, notification, options; narrow screens drop two. */
export function ProjectsTable({
  projects,
  viewerRank,
  canDelete,
  onOpen,
  onDialog,
  onAction,
}: Props) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(`(max-width:${LIMITS.mobileBreakpointPx}px)`);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const lastPage = Math.max(0, Math.ceil(projects.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const shown = projects.slice(current * pageSize, (current + 1) * pageSize);

  return (
    <>
      <TableContainer>
        <Table
          size={narrow ? 'small' : 'medium'}
          aria-label={t('projects.tableLabel')}
          sx={{ '& td, & th': { px: narrow ? 1 : 2 }, '& th': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={narrow ? { width: '100%' } : undefined}>
                {t('projects.columns.name')}
              </TableCell>
              <ColumnHead
                label={t('projects.columns.online')}
                icon={<WifiIcon />}
                narrow={narrow}
                align="left"
              />
              {!narrow && <TableCell align="center">{t('projects.columns.connection')}</TableCell>}
              {!narrow && <TableCell align="center">{t('projects.columns.graphs')}</TableCell>}
              {!viewerRank && (
                <ColumnHead
                  label={t('projects.columns.monitoring')}
                  icon={<MonitorHeartIcon />}
                  narrow={narrow}
                />
              )}
              <ColumnHead
                label={t('projects.columns.notification')}
                icon={<NotificationsIcon />}
                narrow={narrow}
              />
              {!viewerRank && (
                <ColumnHead label={t('projects.columns.options')} narrow={narrow} align="right" />
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((project) => {
              const viewer = project.role === 'viewer';
              const notifying = project.features.includes('notification');
              return (
                <TableRow
                  key={project._id}
                  hover={!viewer}
                  onClick={viewer ? undefined : () => onOpen(project)}
                  sx={{ cursor: viewer ? 'default' : 'pointer' }}
                  data-testid={`project-row-${project._id}`}
                >
                  <TableCell sx={{ maxWidth: 320 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {projectLabel(project)}
                    </Typography>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ whiteSpace: 'nowrap' }}
                    >
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
                  <TableCell align="center">
                    <RowIconButton
                      label={t(
                        notifying ? 'projects.notificationsOn' : 'projects.notificationsOff',
                      )}
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
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {projects.length > PAGE_SIZES[0]! && (
        <TablePagination
          component="div"
          count={projects.length}
          page={current}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('table.displayedRows', { from, to, total: count })
          }
        />
      )}
    </>
  );
}

import { useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeartOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import WifiIcon from '@mui/icons-material/Wifi';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@atrium/contracts/limits';
import type { ProjectItem } from '@atrium/contracts/project';
import type { ProjectMenuAction } from './project-menu-actions';
import { ColumnHead } from './column-head';
import { ProjectRow } from './project-row';

export interface ProjectsTableProps {
  projects: ProjectItem[];
  /** Viewer rank: no options or monitoring column (spec §2). */
  viewerRank: boolean;
  canDelete: boolean;
  /** Open alerts per project id (the red badge of the alerts button). */
  openAlerts: Readonly<Record<string, number>>;
  onOpen: (project: ProjectItem) => void;
  onDialog: (
    kind: 'graphs' | 'monitoring' | 'notifications' | 'alerts',
    project: ProjectItem,
  ) => void;
  onAction: (action: ProjectMenuAction, project: ProjectItem) => void;
}

const PAGE_SIZES = [25, 50, 100];

/** name, online, connection, graphs, monitoring, notification, options; narrow screens drop two. */
export function ProjectsTable({
  projects,
  viewerRank,
  canDelete,
  openAlerts,
  onOpen,
  onDialog,
  onAction,
}: ProjectsTableProps) {
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
            {shown.map((project) => (
              <ProjectRow
                key={project._id}
                project={project}
                narrow={narrow}
                viewerRank={viewerRank}
                canDelete={canDelete}
                openAlerts={openAlerts}
                onOpen={onOpen}
                onDialog={onDialog}
                onAction={onAction}
              />
            ))}
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

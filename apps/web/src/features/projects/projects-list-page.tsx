import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import { useTranslation } from 'react-i18next';
import type { ProjectItem } from '@atrium/contracts/project';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { selectProject, showProjectTable } from '../../lib/display-mode';
import { canAddProject, canDeleteProject } from '../../lib/session/permissions';
import { useSession } from '../../lib/session/use-session';
import { PageHeader } from '../../ui/page-header';
import { AdminArea } from './admin-area';
import { useProjectDialogs } from './project-dialogs';
import { filterProjects, filtersFromQuery, sortProjects } from './project-filters';
import type { ProjectDialogSlots } from './project-slots';
import { ProjectsFilterBar } from './projects-filter-bar';
import { projectsQuery } from './api/projects-api';
import { ProjectsTable } from './projects-table';
import { runProjectAction } from './run-project-action';
import { useProjectActions } from './use-project-actions';
import { useAccountsDialog } from './accounts/use-accounts-dialog';
import { useOpenAlerts } from './use-open-alerts';

/** /projects/list — display mode 0 (spec §2 Projects list). */
export function ProjectsListPage({ slots }: { slots: ProjectDialogSlots }) {
  const { t } = useTranslation();
  const user = useSession();
  const navigate = useNavigate();
  const query = useQuery(projectsQuery());
  const openAlerts = useOpenAlerts();
  const queryClient = useQueryClient();
  const actions = useProjectActions();
  const dialogs = useProjectDialogs(slots);
  const accounts = useAccountsDialog();
  const [searchParams] = useSearchParams();
  // A link may ask for filters (the fleet home's counts); the filter bar changes them after.
  const [filters, setFilters] = useState(() => filtersFromQuery(searchParams));
  const all = query.data;
  const rows = useMemo(() => sortProjects(filterProjects(all ?? [], filters)), [all, filters]);

  useEffect(showProjectTable, []);
  if (!user) return null;

  const open = (project: ProjectItem) => {
    selectProject(project._id);
    void navigate(`/projects/${encodeURIComponent(project._id)}`);
  };

  return (
    <>
      <PageHeader
        title={t('projects.title')}
        subtitle={all ? t('projects.count', { count: all.length }) : undefined}
        actions={
          <AdminArea
            user={user}
            onAddProject={() => void actions.create()}
            onManageAccounts={accounts.open}
            onOpen={dialogs.open}
          />
        }
      />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <ProjectsFilterBar
          filters={filters}
          onChange={setFilters}
          onRefresh={() => {
            void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.openAlerts });
            return query.refetch({ throwOnError: true });
          }}
        />
        <Divider />
        {query.isFetching && (
          <LinearProgress aria-label={t('app.loading')} sx={{ height: 2, mb: '-2px' }} />
        )}
        {query.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('dataNotLoaded')}
          </Alert>
        )}
        {all && rows.length > 0 && (
          <ProjectsTable
            projects={rows}
            viewerRank={user.rank === 'viewer'}
            canDelete={canDeleteProject(user.rank)}
            openAlerts={openAlerts}
            onOpen={open}
            onDialog={(kind, project) => dialogs.open({ kind, project })}
            onAction={(action, project) =>
              runProjectAction(action, project, { actions, openDialog: dialogs.open })
            }
          />
        )}
        {all && rows.length === 0 && (
          <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
            <FolderIcon sx={{ fontSize: 40, mb: 1, color: 'text.disabled' }} />
            <Typography>
              {all.length === 0 ? t('projects.empty') : t('projects.noMatch')}
            </Typography>
            {all.length === 0 && canAddProject(user.rank) && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t('projects.emptyHint')}
              </Typography>
            )}
          </Box>
        )}
        {!all && query.isPending && <Box sx={{ height: 200 }} />}
      </Paper>
      {dialogs.element}
      {accounts.element}
    </>
  );
}

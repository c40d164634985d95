import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import AddIcon from '@mui/icons-material/Add';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeartOutlined';
import AlertsIcon from '@mui/icons-material/ReportProblemOutlined';
import { useTranslation } from 'react-i18next';
import { PARTNER_DOMAIN } from '../../config/env';
import { projectQuery } from '../../lib/api/project-query';
import { formatDateTime } from '../../lib/dates';
import { selectProject } from '../../lib/display-mode';
import {
  canDeleteProject,
  canEditProject,
  canOpenBoss,
  canOpenCharts,
  isAdmin,
} from '../../lib/session/permissions';
import { useSession } from '../../lib/session/use-session';
import { PageHeader } from '../../ui/page-header';
import { BossButton, ChartsMenu } from './dashboard-buttons';
import { useProjectDialogs } from './project-dialogs';
import { projectLabel } from './project-filters';
import { ProjectOptionsMenu } from './project-options-menu';
import type { ProjectPageSlots } from './project-slots';
import { runProjectAction } from './run-project-action';
import { useProjectActions } from './use-project-actions';

/** /projects/:projectID — display mode 1: the gateways of a project (spec §2). */
export function ProjectPage({ slots }: { slots: ProjectPageSlots }) {
  const { GatewaysPanel, AddGatewayDialog } = slots;
  const { t } = useTranslation();
  const user = useSession();
  const navigate = useNavigate();
  const { projectID = '' } = useParams();
  const query = useQuery(projectQuery(projectID));
  const actions = useProjectActions();
  const dialogs = useProjectDialogs(slots);
  const [adding, setAdding] = useState(false);
  const project = query.data;

  useEffect(() => selectProject(projectID), [projectID]);
  // The links of alert mails and pushes: `?graph={address or voltage}&at={ms}` opens the
  // graph on that day, `?alerts` the alert history.
  const [search, setSearch] = useSearchParams();
  const openDialog = dialogs.open;
  useEffect(() => {
    if (!project) return;
    const graph = search.get('graph');
    if (graph) {
      const at = Number(search.get('at'));
      openDialog({
        kind: 'graphs',
        project,
        focus: { measurement: graph, at: Number.isFinite(at) && at > 0 ? at : Date.now() },
      });
    } else if (search.has('alerts')) {
      openDialog({ kind: 'alerts', project });
    } else {
      return;
    }
    setSearch(
      (s) => {
        for (const key of ['graph', 'at', 'alerts']) s.delete(key);
        return s;
      },
      { replace: true },
    );
  }, [project, search, setSearch, openDialog]);
  if (!user) return null;

  const canEdit = !!project && canEditProject(user.rank, project.role);
  const onAction = (action: Parameters<typeof runProjectAction>[0]) =>
    project &&
    runProjectAction(action, project, {
      actions,
      openDialog: dialogs.open,
      onDeleted: () => void navigate('/projects/list', { replace: true }),
    });

  return (
    <>
      <PageHeader
        title={project ? projectLabel(project) : t('breadcrumb.gateways')}
        subtitle={
          project
            ? `${t('projects.gatewayCount', { count: project.gateways.length })} · ${t(
                'projectPage.createdAt',
                { date: formatDateTime(project.createdAt) },
              )}`
            : undefined
        }
        back
        actions={
          canEdit && (
            <ProjectOptionsMenu canDelete={canDeleteProject(user.rank)} onAction={onAction} />
          )
        }
      />
      {query.isError && <Alert severity="error">{t('projectPage.notFound')}</Alert>}
      {query.isPending && <Skeleton variant="rounded" height={240} />}
      {project && (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
            {canEdit && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                {t('projectPage.addGateway')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<MonitorHeartIcon />}
              disabled={project.role === 'viewer'}
              onClick={() => dialogs.open({ kind: 'monitoring', project })}
            >
              {t('projects.dialogs.monitoring')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<AlertsIcon />}
              onClick={() => dialogs.open({ kind: 'alerts', project })}
            >
              {t('projects.dialogs.alerts')}
            </Button>
            {canOpenBoss(user, project.licences, PARTNER_DOMAIN) && (
              <BossButton projectId={project._id} projectName={project.name} />
            )}
            {canOpenCharts(user, project.licences, PARTNER_DOMAIN) && (
              <ChartsMenu projectId={project._id} canEdit={canEdit} />
            )}
          </Box>
          <GatewaysPanel projectId={project._id} canEdit={canEdit} isAdmin={isAdmin(user.rank)} />
        </>
      )}
      {adding && <AddGatewayDialog projectId={projectID} onClose={() => setAdding(false)} />}
      {dialogs.element}
    </>
  );
}

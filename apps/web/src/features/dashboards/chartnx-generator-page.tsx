import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { projectQuery } from '../../lib/api/project-query';
import { PageHeader } from '../../ui/page-header';
import { dashboardsQuery } from '../../lib/api/dashboards-api';
import { CreateForm } from './generator/create-form';
import { DashboardEditor } from './generator/dashboard-editor';
import { DashboardList } from './generator/dashboard-list';

/**
 * Chart generator (issue 20): the project's dashboards beside a new one's form, or the
 * dashboard `dashboardID` on its grid of widgets.
 */
export function ChartnxGeneratorPage() {
  const { t } = useTranslation();
  const { projectID = '', dashboardID } = useParams();
  const project = useQuery(projectQuery(projectID));
  const list = useQuery(dashboardsQuery(projectID));
  const canEdit = project.data !== undefined && project.data.role !== 'viewer';
  return (
    <>
      <PageHeader
        title={
          dashboardID ? t('pages.chartnx.modificationTitle') : t('pages.chartnx.creationTitle')
        }
        subtitle={project.data?.name}
        backTo={{
          to: `/projects/${encodeURIComponent(projectID)}`,
          label: t('dashboards.backToProject'),
        }}
      />
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('dashboards.loadError')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '260px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <DashboardList projectId={projectID} reply={list.data} current={dashboardID} />
        <Box sx={{ minWidth: 0 }}>
          {dashboardID ? (
            project.data && (
              <DashboardEditor
                key={dashboardID}
                projectId={projectID}
                dashboardId={dashboardID}
                canEdit={canEdit}
              />
            )
          ) : canEdit ? (
            <CreateForm projectId={projectID} list={list.data} />
          ) : (
            project.data && <Alert severity="info">{t('dashboards.readOnly')}</Alert>
          )}
        </Box>
      </Box>
    </>
  );
}

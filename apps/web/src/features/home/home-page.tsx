import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '../../lib/session/permissions';
import { useSession } from '../../lib/session/use-session';
import { PageHeader } from '../../ui/page-header';
import { fleetSummaryQuery } from './api/fleet-api';
import { AttentionList } from './attention-list';
import { FleetKpis } from './fleet-kpis';
import { HomeEmpty } from './home-empty';
import { RecentEvents } from './recent-events';
import { TypeBreakdown } from './type-breakdown';

/** /home — the fleet home after sign-in (issue 16, decision 0023). */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSession();
  const query = useQuery(fleetSummaryQuery());
  const summary = query.data;
  const admin = user ? isAdmin(user.rank) : false;
  const projects = summary ? t('projects.count', { count: summary.projects }) : '';
  return (
    <>
      <PageHeader
        title={t('home.title')}
        subtitle={
          summary ? t(admin ? 'home.subtitleAdmin' : 'home.subtitle', { projects }) : undefined
        }
        actions={
          <Button
            component={RouterLink}
            to="/projects/list"
            variant="outlined"
            startIcon={<FolderIcon />}
          >
            {t('home.allProjects')}
          </Button>
        }
      />
      {query.isPending && <LinearProgress aria-label={t('home.title')} />}
      {query.isError && <Alert severity="error">{t('dataNotLoaded')}</Alert>}
      {/* Without a gateway, the counts are all zero: the next step is what matters. */}
      {summary && summary.gateways.total === 0 && <HomeEmpty noProject={summary.projects === 0} />}
      {summary && summary.gateways.total > 0 && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <FleetKpis gateways={summary.gateways} admin={admin} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              alignItems: 'start',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
            }}
          >
            <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <AttentionList projects={summary.attention} />
              <RecentEvents />
            </Box>
            <TypeBreakdown types={summary.gateways.byType} />
          </Box>
        </Box>
      )}
    </>
  );
}

import { useCallback, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header';
import { activityQuery } from './api/activity-api';
import { hasFilters, NO_FILTERS, type ActivityFilterState } from './activity-filters';
import { ActivityFiltersBar } from './activity-filters-bar';
import { ActivityTable } from './activity-table';
import { useActivityExport } from './use-activity-export';

/** /activity: the team activity log, for managers, supervisors and administrators (issue 16). */
export function ActivityPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ActivityFilterState>(NO_FILTERS);
  const onFilters = useCallback((next: ActivityFilterState) => setFilters(next), []);
  const query = useInfiniteQuery(activityQuery(filters));
  const exporter = useActivityExport();
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <PageHeader
        title={t('activity.title')}
        subtitle={t('activity.subtitle')}
        back
        actions={
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            loading={exporter.isPending}
            onClick={() => exporter.mutate(filters)}
          >
            {t('activity.export')}
          </Button>
        }
      />
      <ActivityFiltersBar filters={filters} onChange={onFilters} />
      {query.isPending && <Skeleton variant="rounded" height={320} />}
      {query.isError && <Alert severity="error">{t('dataNotLoaded')}</Alert>}
      {query.data && entries.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
          {t(hasFilters(filters) ? 'activity.noMatch' : 'activity.empty')}
        </Typography>
      )}
      {entries.length > 0 && <ActivityTable entries={entries} />}
      {query.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('activity.loadMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

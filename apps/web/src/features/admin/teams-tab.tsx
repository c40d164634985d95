import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { AdminTeam } from '@atrium/contracts/admin';
import { formatDateTime } from '../../lib/dates';
import { numberFormat } from '../../lib/locale';
import { SearchField } from '../../ui/search-field';
import { adminTeamsQuery } from './api/admin-api';
import { PagedTable, type Column } from '../../ui/paged-table';
import { useListState } from '../../lib/use-list-state';

/** Every team, with its users, projects and gateways counted. */
export function TeamsTab() {
  const { t } = useTranslation();
  const list = useListState();
  const query = useQuery(adminTeamsQuery(list.params));
  const n = numberFormat();
  const columns: Column<AdminTeam>[] = [
    { key: 'name', label: t('admin.teams.name'), cell: (r) => r.name },
    { key: 'users', label: t('admin.teams.users'), cell: (r) => n.format(r.users), numeric: true },
    {
      key: 'projects',
      label: t('admin.teams.projects'),
      cell: (r) => n.format(r.projects),
      numeric: true,
    },
    {
      key: 'gateways',
      label: t('admin.teams.gateways'),
      cell: (r) => n.format(r.gateways),
      numeric: true,
    },
    {
      key: 'created',
      label: t('admin.teams.created'),
      cell: (r) => formatDateTime(r.createdAt),
      wide: true,
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex' }}>
        <SearchField
          label={t('admin.teams.search')}
          value={list.search}
          onChange={list.setSearch}
        />
      </Box>
      <PagedTable
        label={t('admin.tabs.teams')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(r) => r.id}
        total={query.data?.total ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPage={list.onPage}
        loading={query.isPending}
        fetching={query.isFetching}
        error={query.isError}
      />
    </Box>
  );
}

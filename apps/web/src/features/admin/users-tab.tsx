import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@atrium/contracts/admin';
import { formatDateTime } from '../../lib/dates';
import { SearchField } from '../../ui/search-field';
import { adminUsersQuery } from './api/admin-api';
import { PagedTable, type Column } from '../../ui/paged-table';
import { useListState } from '../../lib/use-list-state';

/** Every account, with its team, rank and state. */
export function UsersTab() {
  const { t } = useTranslation();
  const list = useListState();
  const query = useQuery(adminUsersQuery(list.params));
  const columns: Column<AdminUser>[] = [
    { key: 'email', label: t('admin.users.email'), cell: (u) => u.email },
    { key: 'name', label: t('admin.users.name'), cell: (u) => u.name, wide: true },
    { key: 'rank', label: t('admin.users.rank'), cell: (u) => t(`rank.${u.rank}`) },
    { key: 'team', label: t('admin.users.team'), cell: (u) => u.teamName ?? '—' },
    {
      key: 'state',
      label: t('admin.users.state'),
      cell: (u) =>
        u.locked ? (
          <Chip size="small" color="error" variant="outlined" label={t('admin.users.locked')} />
        ) : u.emailVerified ? (
          t('admin.users.active')
        ) : (
          <Chip size="small" variant="outlined" label={t('admin.users.unverified')} />
        ),
    },
    {
      key: 'created',
      label: t('admin.users.created'),
      cell: (u) => formatDateTime(u.createdAt),
      wide: true,
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex' }}>
        <SearchField
          label={t('admin.users.search')}
          value={list.search}
          onChange={list.setSearch}
        />
      </Box>
      <PagedTable
        label={t('admin.tabs.users')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(u) => u.id}
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

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { AdminGateway } from '@atrium/contracts/admin';
import { GATEWAY_TYPES } from '@atrium/contracts/limits';
import { formatDateTime } from '../../lib/dates';
import { SearchField } from '../../ui/search-field';
import { SelectFilter } from '../../ui/select-filter';
import { StatusDot } from '../../ui/status-dot';
import { adminGatewaysQuery, type GatewayListParams } from './api/admin-api';
import { PagedTable, type Column } from '../../ui/paged-table';
import { useListState } from '../../lib/use-list-state';

const enc = encodeURIComponent;

/** Every gateway of the fleet, paged by the server, searched and filtered. */
export function GatewaysTab() {
  const { t } = useTranslation();
  const list = useListState();
  const [type, setType] = useState<GatewayListParams['type']>('');
  const [online, setOnline] = useState<GatewayListParams['online']>('');
  const query = useQuery(adminGatewaysQuery({ ...list.params, type, online }));
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  const columns: Column<AdminGateway>[] = [
    {
      key: 'name',
      label: t('admin.gateways.name'),
      cell: (g) => (
        <>
          {g.projectId ? (
            <Link component={RouterLink} to={`/projects/${enc(g.projectId)}/gateway/${enc(g.id)}`}>
              {g.name}
            </Link>
          ) : (
            g.name
          )}
          {narrow && (
            <Typography variant="caption" color="text.secondary" component="div">
              {g.mac} · {t(`gatewayType.${g.type}`)}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'mac',
      label: t('admin.gateways.mac'),
      cell: (g) => (
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {g.mac}
        </Box>
      ),
      wide: true,
    },
    {
      key: 'type',
      label: t('admin.gateways.type'),
      cell: (g) => t(`gatewayType.${g.type}`),
      wide: true,
    },
    { key: 'version', label: t('admin.gateways.version'), cell: (g) => g.version ?? '—' },
    {
      key: 'online',
      label: t('admin.gateways.state'),
      cell: (g) => (
        <StatusDot
          color={g.online ? 'success' : 'disabled'}
          label={t(g.online ? 'admin.online' : 'admin.offline')}
        />
      ),
    },
    {
      key: 'owner',
      label: t('admin.gateways.owner'),
      cell: (g) =>
        g.waiting ? (
          <Typography variant="body2" color="text.secondary">
            {t('admin.gateways.waiting')}
          </Typography>
        ) : (
          [g.teamName, g.projectName].filter(Boolean).join(' · ')
        ),
    },
    {
      key: 'sn',
      label: t('admin.gateways.sn'),
      cell: (g) => g.sn,
      wide: true,
    },
    {
      key: 'lastOnline',
      label: t('admin.gateways.lastOnline'),
      cell: (g) => (g.lastOnline ? formatDateTime(g.lastOnline) : '—'),
      wide: true,
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <SearchField
          label={t('admin.gateways.search')}
          value={list.search}
          onChange={list.setSearch}
        />
        <SelectFilter
          label={t('admin.gateways.type')}
          value={type}
          allLabel={t('admin.all')}
          options={GATEWAY_TYPES.map((g) => ({ value: g, label: t(`gatewayType.${g}`) }))}
          onChange={(v) => {
            setType(v);
            list.resetPage();
          }}
        />
        <SelectFilter
          label={t('admin.gateways.state')}
          value={online}
          allLabel={t('admin.all')}
          options={[
            { value: 'true', label: t('admin.online') },
            { value: 'false', label: t('admin.offline') },
          ]}
          onChange={(v) => {
            setOnline(v);
            list.resetPage();
          }}
        />
      </Box>
      <PagedTable
        label={t('admin.tabs.gateways')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(g) => g.id}
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

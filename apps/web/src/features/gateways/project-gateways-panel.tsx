import { useMemo, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import RouterIcon from '@mui/icons-material/RouterOutlined';
import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@atrium/contracts/gateway';
import { latestVersionsQuery } from '../../lib/api/latest-versions-query';
import { projectGatewaysQuery } from '../../lib/api/project-gateways-query';
import { selectGateway } from '../../lib/display-mode';
import { GatewayFilterBar } from './gateway-filter-bar';
import { filterGateways, NO_GATEWAY_FILTERS, onlineCount } from './gateway-filters';
import { readSort, saveSort, sortGateways, type GatewaySort } from './gateway-sort';
import { GatewayTable } from './gateway-table';
import { useGatewayActions } from './use-gateway-actions';

interface Props {
  projectId: string;
  /** Owner role and not the viewer rank: shows the options column. */
  canEdit: boolean;
  isAdmin: boolean;
  /** A row's monitoring button: the monitoring feature's, given by src/app. */
  MonitoringButton: ComponentType<{ gateway: GatewayItem }>;
}

/** The gateway table of a project with its filters (spec §2, "Project gateway table"). */
export function ProjectGatewaysPanel({ projectId, canEdit, isAdmin, MonitoringButton }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(projectGatewaysQuery(projectId));
  const latest = useQuery(latestVersionsQuery());
  const actions = useGatewayActions(projectId);
  const [filters, setFilters] = useState(NO_GATEWAY_FILTERS);
  const [sort, setSort] = useState<GatewaySort>(readSort);
  const all = query.data;
  const rows = useMemo(
    () => sortGateways(filterGateways(all ?? [], filters), sort),
    [all, filters, sort],
  );

  const open = (gw: GatewayItem) => {
    selectGateway(projectId, gw.mac);
    void navigate(`/projects/${encodeURIComponent(projectId)}/gateway/${gw.mac}`);
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <GatewayFilterBar
        filters={filters}
        onChange={setFilters}
        online={onlineCount(all ?? [])}
        onRefresh={() => query.refetch({ throwOnError: true })}
      />
      <Divider />
      {query.isFetching && <LinearProgress sx={{ height: 2, mb: '-2px' }} />}
      {query.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {t('dataNotLoaded')}
        </Alert>
      )}
      {all && rows.length > 0 && (
        <GatewayTable
          gateways={rows}
          latest={latest.data}
          sort={sort}
          onSort={(next) => {
            setSort(next);
            saveSort(next);
          }}
          onOpen={open}
          actions={canEdit ? actions : null}
          isAdmin={isAdmin}
          MonitoringButton={MonitoringButton}
        />
      )}
      {all && rows.length === 0 && (
        <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
          <RouterIcon sx={{ fontSize: 40, mb: 1, color: 'text.disabled' }} />
          <Typography>{all.length === 0 ? t('gateways.empty') : t('gateways.noMatch')}</Typography>
          {all.length === 0 && canEdit && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('gateways.emptyHint')}
            </Typography>
          )}
        </Box>
      )}
      {!all && query.isPending && <Box sx={{ height: 160 }} />}
    </Paper>
  );
}

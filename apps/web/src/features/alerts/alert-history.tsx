import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ALERT_KINDS, type AlertsReply } from '@atrium/contracts/alerts';
import type { GatewaySummary } from '@atrium/contracts/project';
import { useTranslation } from 'react-i18next';
import { ALERT_STATES, joinPages, type AlertFilters } from './alert-filters';
import { ALERT_KIND_LABELS } from './alert-format';
import { AlertRow } from './alert-row';

const STATE_LABELS = {
  open: { labelKey: 'alerts.state.open' },
  cleared: { labelKey: 'alerts.state.cleared' },
} as const;

/** The value of "all" in the filter menus. */
const ALL = '';

interface Props {
  query: UseInfiniteQueryResult<InfiniteData<AlertsReply>>;
  filters: AlertFilters;
  onFilters: (filters: AlertFilters) => void;
  gateways: readonly GatewaySummary[];
}

/** The alert history: filters by gateway, kind and state, newest first, a page at a time. */
export function AlertHistory({ query, filters, onFilters, gateways }: Props) {
  const { t } = useTranslation();
  const alerts = query.data ? joinPages(query.data.pages) : [];
  const open = query.data?.pages[0]?.open;
  const select = (
    label: string,
    value: string,
    onChange: (v: string) => void,
    all: string,
    items: [string, string][],
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value={ALL}>{all}</MenuItem>
      {items.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 1fr)) auto' },
          gap: 1.5,
          alignItems: 'center',
        }}
      >
        {select(
          t('alerts.filters.gateway'),
          filters.mac ?? ALL,
          (mac) => onFilters({ ...filters, mac: mac || null }),
          t('alerts.filters.allGateways'),
          gateways.map((g) => [g.mac, g.name]),
        )}
        {select(
          t('alerts.filters.kind'),
          filters.kind ?? ALL,
          (kind) => onFilters({ ...filters, kind: ALERT_KINDS.find((k) => k === kind) ?? null }),
          t('alerts.filters.allKinds'),
          ALERT_KINDS.map((k) => [k, t(ALERT_KIND_LABELS[k].messageKey)]),
        )}
        {select(
          t('alerts.filters.state'),
          filters.state ?? ALL,
          (state) =>
            onFilters({ ...filters, state: ALERT_STATES.find((s) => s === state) ?? null }),
          t('alerts.filters.allStates'),
          ALERT_STATES.map((s) => [s, t(STATE_LABELS[s].labelKey)]),
        )}
        {open !== undefined && (
          <Typography
            variant="body2"
            color={open > 0 ? 'error' : 'text.secondary'}
            sx={{ justifySelf: 'end', textAlign: 'right' }}
          >
            {t('alerts.openCount', { count: open })}
          </Typography>
        )}
      </Box>
      {query.isPending && <Skeleton variant="rounded" height={240} />}
      {query.isError && <Alert severity="error">{t('dataNotLoaded')}</Alert>}
      {query.data && alerts.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
          {t('alerts.empty')}
        </Typography>
      )}
      {alerts.length > 0 && (
        <Paper variant="outlined">
          <List
            disablePadding
            aria-label={t('alerts.listLabel')}
            sx={{ '& > li:last-of-type': { borderBottom: 0 } }}
          >
            {alerts.map((alert) => (
              <AlertRow key={alert._id} alert={alert} />
            ))}
          </List>
        </Paper>
      )}
      {query.hasNextPage && (
        <Button
          sx={{ justifySelf: 'center' }}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('alerts.loadMore')}
        </Button>
      )}
    </Box>
  );
}

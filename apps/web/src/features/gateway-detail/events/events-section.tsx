import { useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  GATEWAY_EVENT_KINDS,
  type GatewayEvent,
  type GatewayEventKind,
  type GatewayUptime,
} from '@atrium/contracts/gateway-events';
import { useTranslation } from 'react-i18next';
import { EVENT_KIND_LABELS, formatUptime } from './event-format';
import { EventRow } from './event-row';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { gatewayEventsQuery, gatewayUptimeQuery, prependEvent } from '../api/gateway-events';
import { useGatewayEventStream } from './use-gateway-event-stream';

const WINDOWS = [
  { key: 'h24', labelKey: 'gatewayEvents.uptime.h24' },
  { key: 'd7', labelKey: 'gatewayEvents.uptime.d7' },
  { key: 'd30', labelKey: 'gatewayEvents.uptime.d30' },
] as const satisfies readonly { key: keyof GatewayUptime; labelKey: string }[];

/** The value of "every kind" in the filter. */
const ALL = '';

/** Uptime over 24 h, 7 and 30 days, as chips. */
function UptimeChips({ mac }: { mac: string }) {
  const { t } = useTranslation();
  const uptime = useQuery(gatewayUptimeQuery(mac));
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
      role="group"
      aria-label={t('gatewayEvents.uptime.title')}
    >
      <Typography variant="body2" color="text.secondary">
        {t('gatewayEvents.uptime.title')}
      </Typography>
      {WINDOWS.map((w) =>
        uptime.isPending ? (
          <Skeleton key={w.key} variant="rounded" width={96} height={24} />
        ) : (
          <Chip
            key={w.key}
            size="small"
            variant="outlined"
            data-testid={`uptime-${w.key}`}
            label={`${t(w.labelKey)} · ${formatUptime(uptime.data?.[w.key] ?? null)}`}
          />
        ),
      )}
    </Box>
  );
}

/**
 * The gateway's history (decision 0021): uptime chips, a kind filter, the facts newest first,
 * a page at a time; new facts arrive live (socket event gateway:event) and go first.
 */
export function EventsSection({ mac }: { mac: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [kind, setKind] = useState<GatewayEventKind | null>(null);
  const query = useInfiniteQuery(gatewayEventsQuery(mac, kind));
  const events = query.data?.pages.flatMap((p) => p.events) ?? [];

  useGatewayEventStream(mac, (event: GatewayEvent) => {
    for (const k of [null, ...GATEWAY_EVENT_KINDS])
      client.setQueryData(gatewayEventsQuery(mac, k).queryKey, (data) =>
        prependEvent(data, event, k),
      );
    if (event.kind === 'online' || event.kind === 'offline')
      void client.invalidateQueries({ queryKey: QUERY_KEYS.gatewayUptime(mac) });
  });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <UptimeChips mac={mac} />
        <TextField
          select
          size="small"
          label={t('gatewayEvents.filter')}
          value={kind ?? ALL}
          onChange={(e) => setKind(GATEWAY_EVENT_KINDS.find((k) => k === e.target.value) ?? null)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 240 } }}
        >
          <MenuItem value={ALL}>{t('gatewayEvents.allKinds')}</MenuItem>
          {GATEWAY_EVENT_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(EVENT_KIND_LABELS[k])}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {query.isPending && <Skeleton variant="rounded" height={160} />}
      {query.isError && <Alert severity="error">{t('dataNotLoaded')}</Alert>}
      {query.data && events.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
          {t('gatewayEvents.empty')}
        </Typography>
      )}
      {events.length > 0 && (
        <Paper variant="outlined">
          <List
            disablePadding
            aria-label={t('gatewayEvents.listLabel')}
            sx={{ '& > li:last-of-type': { borderBottom: 0 } }}
          >
            {events.map((event) => (
              <EventRow key={event.id} event={event} />
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
          {t('gatewayEvents.loadMore')}
        </Button>
      )}
    </Box>
  );
}

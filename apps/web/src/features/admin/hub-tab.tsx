import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { HubStats } from '@atrium/contracts/hub';
import { formatDateTime } from '../../lib/dates';
import { numberFormat } from '../../lib/locale';
import { HUB_POLL_MS, hubStatsQuery } from './api/admin-api';

const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

/** Messages per second between two readings of the cumulative counters. */
export function ratePerSecond(
  before: { at: number; accepted: number } | null,
  now: { at: number; accepted: number },
): number | null {
  if (!before || now.at <= before.at || now.accepted < before.accepted) return null;
  return ((now.accepted - before.accepted) * 1000) / (now.at - before.at);
}

function useRate(stats: HubStats | undefined, at: number) {
  const previous = useRef<{ at: number; accepted: number } | null>(null);
  const [rate, setRate] = useState<number | null>(null);
  useEffect(() => {
    if (!stats) return;
    const now = { at, accepted: sum(stats.accepted) };
    setRate(ratePerSecond(previous.current, now));
    previous.current = now;
  }, [stats, at]);
  return rate;
}

function Counters({ title, counts }: { title: string; counts: Record<string, number> }) {
  const { t } = useTranslation();
  const n = numberFormat();
  const entries = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('admin.hub.nothing')}
        </Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.hub.reason')}</TableCell>
              <TableCell align="right">{t('admin.hub.count')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map(([k, v]) => (
              <TableRow key={k}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{k}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {n.format(v)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/** The hub's counters, asked again every HUB_POLL_MS: connected gateways, rate, queues. */
export function HubTab() {
  const { t } = useTranslation();
  const query = useQuery(hubStatsQuery());
  const rate = useRate(query.data, query.dataUpdatedAt);
  const n = numberFormat();
  const one = numberFormat({ maximumFractionDigits: 1 });
  if (query.isError) return <Alert severity="error">{t('dataNotLoaded')}</Alert>;
  if (!query.data) return <Skeleton variant="rounded" height={240} />;
  const s = query.data;
  const figures: (readonly [string, string])[] = [
    [t('admin.hub.connected'), n.format(s.connected)],
    [t('admin.hub.rate'), rate === null ? '—' : one.format(rate)],
    [t('admin.hub.pending'), n.format(s.pendingCommands)],
    [t('admin.hub.dropped'), n.format(sum(s.dropped))],
    // The backlog: points not yet written, and (embedded broker) messages awaiting their commit.
    [t('admin.hub.unwritten'), n.format(s.store.queuedPoints + s.store.waitingForRoom)],
  ];
  if (s.overload) {
    const label = s.overload.paused ? 'admin.hub.inFlightPaused' : 'admin.hub.inFlight';
    figures.push([t(label), n.format(s.overload.inFlight)]);
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {t('admin.hub.updated', {
          at: formatDateTime(query.dataUpdatedAt),
          seconds: HUB_POLL_MS / 1000,
          transport: s.transport,
        })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
        }}
      >
        {figures.map(([label, value]) => (
          <Paper key={label} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {value}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
        }}
      >
        <Counters title={t('admin.hub.acceptedBy')} counts={s.accepted} />
        <Counters title={t('admin.hub.droppedBy')} counts={s.dropped} />
        <Counters title={t('admin.hub.disconnectedBy')} counts={s.disconnected} />
      </Box>
    </Box>
  );
}

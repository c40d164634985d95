import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminFleetType } from '@atrium/contracts/admin';
import { numberFormat } from '../../lib/locale';
import { fleetStatsQuery } from './api/admin-api';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Paper>
  );
}

/** One type: its online share and each version's share, the reference version marked. */
function TypeCard({ type }: { type: AdminFleetType }) {
  const { t } = useTranslation();
  const n = numberFormat();
  const pct = numberFormat({ style: 'percent', maximumFractionDigits: 0 });
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start' }}>
      <Typography variant="h6" component="h3">
        {t(`gatewayType.${type.type}`)}
      </Typography>
      <Typography variant="body2">
        {t('admin.fleet.onlineOf', { online: n.format(type.online), total: n.format(type.total) })}
      </Typography>
      {type.reference && (
        <Typography variant="body2" color="text.secondary">
          {t('admin.fleet.reference', { version: type.reference })}
        </Typography>
      )}
      {type.total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('admin.fleet.none')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('admin.fleet.versionsOf', { type: t(`gatewayType.${type.type}`) })}
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
        >
          {type.versions.map((v) => (
            <Box component="li" key={v.version ?? ''}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2">
                  {v.version ?? t('admin.fleet.unknownVersion')}
                  {v.version === type.reference ? ` · ${t('admin.fleet.isReference')}` : ''}
                </Typography>
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {n.format(v.total)} ({pct.format(v.total / type.total)})
                </Typography>
              </Box>
              <LinearProgress
                variant="determinate"
                value={(100 * v.total) / type.total}
                aria-hidden
                sx={{ height: 6, borderRadius: 1 }}
              />
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** Online counts and version distribution per gateway type, across the fleet. */
export function FleetTab() {
  const { t } = useTranslation();
  const query = useQuery(fleetStatsQuery());
  const n = numberFormat();
  if (query.isError) return <Alert severity="error">{t('dataNotLoaded')}</Alert>;
  if (!query.data) return <Skeleton variant="rounded" height={320} />;
  const s = query.data;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
        }}
      >
        <Figure label={t('admin.fleet.gateways')} value={n.format(s.total)} />
        <Figure label={t('admin.fleet.online')} value={n.format(s.online)} />
        <Figure label={t('admin.fleet.waiting')} value={n.format(s.waiting)} />
        <Figure label={t('admin.fleet.teams')} value={n.format(s.teams)} />
        <Figure label={t('admin.fleet.users')} value={n.format(s.users)} />
      </Box>
      <Typography variant="h6" component="h2">
        {t('admin.fleet.byType')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
        }}
      >
        {s.types.map((type) => (
          <TypeCard key={type.type} type={type} />
        ))}
      </Box>
    </Box>
  );
}

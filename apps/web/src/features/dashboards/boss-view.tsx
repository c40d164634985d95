import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BossDataReply } from '@atrium/contracts/dashboards';
import { formatDateTime } from '../../lib/dates';
import { StatusDot } from '../../ui/status-dot';
import { formatNumber } from './widget-data';

function Tile({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const Big = ({ children, testId }: { children: React.ReactNode; testId?: string }) => (
  <Typography
    component="p"
    data-testid={testId}
    sx={{ fontSize: 32, fontWeight: 600, lineHeight: 1.2 }}
  >
    {children}
  </Typography>
);

/**
 * The boss dashboard's overview (issue 20): gateways online, alerts of the last 24 h, the key
 * values the installer chose, and the energy of today and this month (Paris).
 */
export function BossView({ data }: { data: BossDataReply }) {
  const { t } = useTranslation();
  const energy = (v: number | null) =>
    v === null ? '–' : formatNumber(v, v < 100 ? 1 : 0, data.energy.unit);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      <Tile title={t('boss.gateways')}>
        <Big testId="boss-online">
          {t('boss.online', { online: data.gateways.online, total: data.gateways.total })}
        </Big>
        <List dense disablePadding>
          {data.gateways.list.map((g) => (
            <ListItem key={g.mac} disableGutters>
              <StatusDot
                color={g.online ? 'success' : 'error'}
                label={t(g.online ? 'boss.gatewayOnline' : 'boss.gatewayOffline')}
                compact
              />
              <ListItemText primary={g.name} sx={{ ml: 1, my: 0 }} />
            </ListItem>
          ))}
        </List>
      </Tile>
      <Tile title={t('boss.alerts')}>
        <Big testId="boss-alerts">{formatNumber(data.alerts.count, 0)}</Big>
        {data.alerts.items.length === 0 ? (
          <Typography color="text.secondary">{t('boss.noAlert')}</Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 220, overflow: 'auto' }}>
            {data.alerts.items.slice(0, 10).map((a) => (
              <ListItem key={a._id} disableGutters>
                <ListItemText
                  primary={a.message}
                  secondary={formatDateTime(a.at)}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Tile>
      <Tile title={t('boss.energyToday')}>
        <Big testId="boss-energy-today">{energy(data.energy.today)}</Big>
      </Tile>
      <Tile title={t('boss.energyMonth')}>
        <Big testId="boss-energy-month">{energy(data.energy.month)}</Big>
      </Tile>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('boss.keyValues')}
        </Typography>
        {data.keyValues.length === 0 ? (
          <Typography color="text.secondary">{t('boss.noKeyValue')}</Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
            }}
          >
            {data.keyValues.map((s) => (
              <Tile key={`${s.mac}|${s.address}`} title={s.name}>
                <Big testId="boss-key-value">
                  {s.last
                    ? s.isBool
                      ? t(s.last.v !== 0 ? 'dashboards.on' : 'dashboards.off')
                      : formatNumber(s.last.v, s.unit === '°C' ? 2 : 1, s.unit)
                    : '–'}
                </Big>
                {s.last && (
                  <Typography variant="caption" color="text.secondary">
                    {formatDateTime(s.last.t)}
                  </Typography>
                )}
              </Tile>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}

import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import NotificationsIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { useTranslation } from 'react-i18next';
import type { FleetAttention } from '@atrium/contracts/fleet';
import { formatDateTime } from '../../lib/dates';
import { Section } from './section';

interface Reason {
  key: string;
  label: string;
  icon: ReactElement;
  color: 'error' | 'warning';
}

function useReasons() {
  const { t } = useTranslation();
  return (p: FleetAttention): Reason[] => {
    const reasons: Reason[] = [];
    if (p.offline > 0)
      reasons.push({
        key: 'offline',
        label: t('home.attention.offline', { count: p.offline }),
        icon: <CloudOffIcon />,
        color: 'error',
      });
    if (p.failedUpdates > 0)
      reasons.push({
        key: 'failedUpdates',
        label: t('home.attention.failedUpdates', { count: p.failedUpdates }),
        icon: <ErrorIcon />,
        color: 'error',
      });
    if (p.activeAlerts > 0)
      reasons.push({
        key: 'alerts',
        label:
          p.openAlerts > 0
            ? `${t('home.attention.alerts', { count: p.activeAlerts })} · ${t('home.attention.open', { count: p.openAlerts })}`
            : t('home.attention.alerts', { count: p.activeAlerts }),
        icon: <NotificationsIcon />,
        color: 'warning',
      });
    return reasons;
  };
}

/** The projects that need a look, most urgent first, each with its reasons as text chips. */
export function AttentionList({ projects }: { projects: FleetAttention[] }) {
  const { t } = useTranslation();
  const reasonsOf = useReasons();
  return (
    <Section id="home-attention" title={t('home.attention.title')} hint={t('home.attention.hint')}>
      {projects.length === 0 ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', p: 2 }}>
          <CheckCircleIcon color="success" aria-hidden />
          <Typography>{t('home.attention.allClear')}</Typography>
        </Box>
      ) : (
        <List disablePadding>
          {projects.map((p) => (
            <ListItem key={p.projectId} disablePadding divider>
              <ListItemButton
                component={RouterLink}
                to={`/projects/${encodeURIComponent(p.projectId)}`}
                data-testid="attention-row"
                sx={{ display: 'block', py: 1.25 }}
              >
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {p.projectName}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.75 }}>
                  {reasonsOf(p).map((r) => (
                    <Chip
                      key={r.key}
                      size="small"
                      variant="outlined"
                      color={r.color}
                      icon={r.icon}
                      label={r.label}
                    />
                  ))}
                  {p.lastAlertAt !== undefined && (
                    <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                      {t('home.attention.lastAlert', { date: formatDateTime(p.lastAlertAt) })}
                    </Typography>
                  )}
                </Box>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}

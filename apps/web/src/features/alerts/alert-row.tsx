import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import BoltIcon from '@mui/icons-material/BoltOutlined';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import NotificationsPausedIcon from '@mui/icons-material/NotificationsPausedOutlined';
import RuleIcon from '@mui/icons-material/RuleOutlined';
import SpeedIcon from '@mui/icons-material/Speed';
import TimerOffIcon from '@mui/icons-material/TimerOffOutlined';
import type { Alert, AlertKind } from '@atrium/contracts/alerts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { alertState } from './alert-filters';
import {
  ALERT_KIND_LABELS,
  alertCondition,
  alertSubject,
  alertValue,
  gatewayLabel,
} from './alert-format';

export const ALERT_KIND_ICONS: Record<AlertKind, ReactNode> = {
  threshold: <RuleIcon fontSize="small" />,
  voltage: <BoltIcon fontSize="small" />,
  status: <CloudOffIcon fontSize="small" />,
  stale: <TimerOffIcon fontSize="small" />,
  busload: <SpeedIcon fontSize="small" />,
};

const STATE_CHIPS = {
  open: { labelKey: 'alerts.state.open', color: 'error' },
  cleared: { labelKey: 'alerts.state.cleared', color: 'success' },
} as const;

/** One alert: kind, state, gateway, what it watched, the value and the times (Paris time). */
export function AlertRow({ alert }: { alert: Alert }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const state = STATE_CHIPS[alertState(alert)];
  const subject = alertSubject(alert);
  const value = alertValue(alert, locale);
  const condition = alertCondition(alert, locale);
  const cleared = alertValue({ ...alert, value: alert.clearValue }, locale);
  const measure = [
    value && t('alerts.row.value', { value }),
    condition && t(condition.messageKey, condition.values),
  ].filter(Boolean);
  return (
    <ListItem divider alignItems="flex-start" sx={{ gap: 1.5 }} data-testid="alert-row">
      <Avatar
        sx={{
          width: 32,
          height: 32,
          mt: 0.5,
          bgcolor: alert.clearedAt === null ? 'error.light' : 'action.selected',
          color: alert.clearedAt === null ? 'error.contrastText' : 'text.secondary',
        }}
      >
        {ALERT_KIND_ICONS[alert.kind]}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {t(ALERT_KIND_LABELS[alert.kind].messageKey)}
          </Typography>
          <Chip size="small" color={state.color} label={t(state.labelKey)} />
          {alert.muted && (
            <Chip
              size="small"
              variant="outlined"
              icon={<NotificationsPausedIcon />}
              label={t('alerts.row.muted')}
            />
          )}
        </Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {[gatewayLabel(alert), subject].filter(Boolean).join(' · ')}
        </Typography>
        {measure.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {measure.join(' · ')}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="div">
          {t('alerts.row.raised', { date: formatDateTime(alert.raisedAt) })}
          {alert.clearedAt !== null &&
            ` · ${t('alerts.row.cleared', { date: formatDateTime(alert.clearedAt) })}`}
          {alert.clearedAt !== null && cleared && ` (${cleared})`}
        </Typography>
      </Box>
    </ListItem>
  );
}

import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import CloudDoneIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import TerminalIcon from '@mui/icons-material/Terminal';
import type { GatewayEvent, GatewayEventKind } from '@atrium/contracts/gateway-events';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { EVENT_KIND_LABELS, eventDetail, UPDATE_RESULT_LABELS } from './event-format';

export const EVENT_KIND_ICONS: Record<GatewayEventKind, ReactNode> = {
  online: <CloudDoneIcon fontSize="small" />,
  offline: <CloudOffIcon fontSize="small" />,
  reboot: <RestartAltIcon fontSize="small" />,
  update: <SystemUpdateAltIcon fontSize="small" />,
  config: <SettingsIcon fontSize="small" />,
  password: <KeyIcon fontSize="small" />,
  command: <TerminalIcon fontSize="small" />,
};

const RESULT_COLORS = { started: 'info', done: 'success', failed: 'error' } as const;

/** One fact: icon and kind, the update's result, details, when (Paris time) and who. */
export function EventRow({ event }: { event: GatewayEvent }) {
  const { t } = useTranslation();
  const result = event.kind === 'update' ? event.data.result : undefined;
  const failed = result === 'failed' || Boolean(event.data.error);
  const offline = event.kind === 'offline';
  return (
    <ListItem divider alignItems="flex-start" sx={{ gap: 1.5 }} data-testid="gateway-event">
      <Avatar
        sx={{
          width: 32,
          height: 32,
          mt: 0.25,
          bgcolor: failed || offline ? 'error.light' : 'action.selected',
          color: failed || offline ? 'error.contrastText' : 'text.secondary',
        }}
      >
        {EVENT_KIND_ICONS[event.kind]}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{t(EVENT_KIND_LABELS[event.kind])}</Typography>
          {result && (
            <Chip
              size="small"
              variant="outlined"
              color={RESULT_COLORS[result]}
              label={t(UPDATE_RESULT_LABELS[result])}
            />
          )}
        </Box>
        {eventDetail(event, t).map((line) => (
          <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))}
        <Typography variant="caption" color="text.secondary" component="div">
          {formatDateTime(event.at)}
          {event.user && ` · ${t('gatewayEvents.by', { user: event.user })}`}
        </Typography>
      </Box>
    </ListItem>
  );
}

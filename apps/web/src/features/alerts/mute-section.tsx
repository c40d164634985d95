import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MUTE_CHOICES_MINUTES, type AlertsReply } from '@atrium/contracts/alerts';
import { formatMac } from '@atrium/contracts/gateway';
import type { GatewaySummary } from '@atrium/contracts/project';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../lib/api/invalidate';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { formatDateTime } from '../../lib/dates';
import { notify } from '../../ui/snackbar';
import { alertsApi } from './api/alerts-api';

type Mute = AlertsReply['mutes'][number];

/** The whole project in the target menu. */
const PROJECT = '';

interface Props {
  projectId: string;
  mutes: readonly Mute[] | undefined;
  gateways: readonly GatewaySummary[];
}

/** Mute the project or one gateway for 1, 4 or 24 hours; the active mutes, each undoable. */
export function MuteSection({ projectId, mutes, gateways }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState(PROJECT);
  const done = {
    onSuccess: () => notify.success('changeSuccess'),
    onError: (error: unknown) => notify.apiError(error),
    onSettled: () => invalidate(queryClient, QUERY_KEYS.projectAlerts(projectId)),
  };
  const mute = useMutation({
    mutationFn: (minutes: number) =>
      alertsApi.mute(projectId, target === PROJECT ? { minutes } : { gateway: target, minutes }),
    ...done,
  });
  const unmute = useMutation({
    mutationFn: (muteId: string) => alertsApi.unmute(projectId, muteId),
    ...done,
  });
  const names = new Map(gateways.map((g) => [g.mac, g.name]));
  const targetOf = (m: Mute) =>
    m.gateway === null ? t('alerts.mute.project') : (names.get(m.gateway) ?? formatMac(m.gateway));
  const busy = mute.isPending || unmute.isPending;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('alerts.mute.hint')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('alerts.mute.target')}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 260 } }}
        >
          <MenuItem value={PROJECT}>{t('alerts.mute.project')}</MenuItem>
          {gateways.map((g) => (
            <MenuItem key={g.mac} value={g.mac}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
        {MUTE_CHOICES_MINUTES.map((minutes) => (
          <Button
            key={minutes}
            variant="outlined"
            disabled={busy}
            onClick={() => mute.mutate(minutes)}
          >
            {t('alerts.mute.forHours', { hours: minutes / 60 })}
          </Button>
        ))}
      </Box>
      <Typography sx={{ fontWeight: 600 }}>{t('alerts.mute.active')}</Typography>
      {mutes && mutes.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('alerts.mute.none')}
        </Typography>
      )}
      {mutes && mutes.length > 0 && (
        <Paper variant="outlined">
          <List
            disablePadding
            aria-label={t('alerts.mute.active')}
            sx={{ '& > li:last-of-type': { borderBottom: 0 } }}
          >
            {mutes.map((m) => (
              <ListItem
                key={m._id}
                divider
                secondaryAction={
                  <Button size="small" disabled={busy} onClick={() => unmute.mutate(m._id)}>
                    {t('alerts.mute.unmute')}
                  </Button>
                }
              >
                <ListItemText
                  primary={targetOf(m)}
                  secondary={t('alerts.mute.until', { date: formatDateTime(m.until) })}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}

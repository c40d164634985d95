import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_EVENT_KEYS, type QuietHours } from '@atrium/contracts/alerts';
import { useTranslation } from 'react-i18next';
import { QuietHoursFields } from './quiet-hours-fields';

type Events = Record<(typeof NOTIFICATION_EVENT_KEYS)[number], boolean>;

const EVENT_LABELS = {
  status: { labelKey: 'notifications.events.status' },
  voltage: { labelKey: 'notifications.events.voltage' },
  thresholds: { labelKey: 'notifications.events.thresholds' },
} as const;

interface Props {
  id: string;
  icon: ReactNode;
  title: string;
  enabled: boolean;
  onEnabled: (enabled: boolean) => void;
  events: Events;
  onEvents: (events: Events) => void;
  quietHours: QuietHours;
  onQuietHours: (value: QuietHours) => void;
  /** Message keys: the channel's (mailBody, pushoverFieldEmpty) and its quiet hours'. */
  error?: string;
  quietError?: string;
  readOnly: boolean;
  /** A warning that the channel stopped sending. */
  problem?: ReactNode;
  /** The channel's own fields (addresses, keys). */
  children: ReactNode;
}

/** One channel: its switch, its fields, the events it sends and its quiet hours. */
export function ChannelSection(props: Props) {
  const { t } = useTranslation();
  const { id, events, readOnly } = props;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} data-testid={id}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }}>{props.icon}</Box>
        <Typography id={`${id}-title`} sx={{ fontWeight: 600, flex: 1 }}>
          {props.title}
        </Typography>
        <Switch
          checked={props.enabled}
          disabled={readOnly}
          onChange={(e) => props.onEnabled(e.target.checked)}
          slotProps={{ input: { 'aria-labelledby': `${id}-title` } }}
        />
      </Box>
      {props.problem}
      {props.children}
      {props.error && <FormHelperText error>{t(props.error)}</FormHelperText>}
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('notifications.events.title')}
        </Typography>
        <FormGroup row>
          {NOTIFICATION_EVENT_KEYS.map((key) => (
            <FormControlLabel
              key={key}
              label={t(EVENT_LABELS[key].labelKey)}
              control={
                <Checkbox
                  size="small"
                  // Thresholds are shown disabled (document 2 §3), and checked: the rules a
                  // user wrote are always sent once the channel is on (decision 0018).
                  checked={key === 'thresholds' || events[key]}
                  disabled={readOnly || key === 'thresholds'}
                  onChange={(e) => props.onEvents({ ...events, [key]: e.target.checked })}
                />
              }
            />
          ))}
        </FormGroup>
        <Typography variant="caption" color="text.secondary">
          {t('notifications.events.thresholdsAlways')}
        </Typography>
      </Box>
      <QuietHoursFields
        value={props.quietHours}
        onChange={props.onQuietHours}
        disabled={readOnly}
        error={props.quietError}
      />
    </Paper>
  );
}

import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { durationParts } from '../model/info-format';
import { useNow } from './use-now';

interface Props {
  online: boolean;
  /** The last connect (online) or the last disconnect (offline), epoch ms. */
  since: number | null;
}

/** How long the gateway has been online or offline; the instant in a tooltip (Paris time). */
export function SinceValue({ online, since }: Props) {
  const { t } = useTranslation();
  const now = useNow(15_000);
  if (since === null) return <Typography variant="body2">—</Typography>;
  const { days, hours, minutes } = durationParts(since, now);
  const parts = [
    days > 0 && t('gatewayDetail.duration.days', { count: days }),
    (days > 0 || hours > 0) && t('gatewayDetail.duration.hours', { count: hours }),
    days === 0 && t('gatewayDetail.duration.minutes', { count: minutes }),
  ].filter(Boolean);
  const instant = formatDateTime(since);
  const tooltip = online
    ? t('gatewayDetail.info.lastConnect', { date: instant })
    : t('gatewayDetail.info.lastDisconnect', { date: instant });
  return (
    <Tooltip title={tooltip}>
      <Typography
        variant="body2"
        component="span"
        tabIndex={0}
        aria-label={`${parts.join(' ')} (${tooltip})`}
        sx={{ borderBottom: '1px dotted', borderColor: 'text.disabled', cursor: 'help' }}
      >
        {parts.join(' ')}
      </Typography>
    </Tooltip>
  );
}

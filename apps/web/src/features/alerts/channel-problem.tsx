import Alert from '@mui/material/Alert';
import type { NotificationChannel } from '@atrium/contracts/alerts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';

const PROBLEM_MESSAGES: Record<NotificationChannel, { messageKey: string }> = {
  email: { messageKey: 'notifications.problem.email' },
  pushover: { messageKey: 'notifications.problem.pushover' },
};

interface Props {
  channel: NotificationChannel;
  problem: { at: number; reason: string } | null | undefined;
}

/** The server stopped sending on this channel (Pushover refused the keys…) until a save. */
export function ChannelProblem({ channel, problem }: Props) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <Alert severity="warning" data-testid={`${channel}-problem`}>
      {t(PROBLEM_MESSAGES[channel].messageKey, { date: formatDateTime(problem.at) })}
      {problem.reason && (
        <>
          <br />
          {t('notifications.problem.reason', { reason: problem.reason })}
        </>
      )}
    </Alert>
  );
}

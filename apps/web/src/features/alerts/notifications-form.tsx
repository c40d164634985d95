import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import MailIcon from '@mui/icons-material/MailOutline';
import PhoneIcon from '@mui/icons-material/PhoneIphone';
import { PUSHOVER_FIELD_MAX, type AlertsReply } from '@atrium/contracts/alerts';
import type { Notification } from '@atrium/contracts/project';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../lib/api/invalidate';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { notify } from '../../ui/snackbar';
import { SubmitButton } from '../../ui/submit-button';
import { alertsApi } from './api/alerts-api';
import { ChannelProblem } from './channel-problem';
import { ChannelSection } from './channel-section';
import {
  blocksSave,
  notificationBodyOf,
  notificationErrors,
  notificationForm,
  notificationLanguage,
  type NotificationForm,
} from './notification-form';

interface Props {
  projectId: string;
  notification: Notification;
  problems: AlertsReply['problems'] | undefined;
  readOnly: boolean;
  onClose: () => void;
}

/** The two channels' fields and the save button of the notifications dialog. */
export function NotificationsForm({ projectId, notification, problems, readOnly, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<NotificationForm>(() => notificationForm(notification));
  const errors = notificationErrors(form);
  const saving = useMutation({
    mutationFn: () =>
      alertsApi.saveNotification(
        projectId,
        notificationBodyOf(form, notificationLanguage(i18n.language)),
      ),
    onSuccess: ({ notification: saved }) => {
      queryClient.setQueryData(QUERY_KEYS.project(projectId), (old) =>
        old ? { ...old, notification: saved } : old,
      );
      notify.success('changeSuccess');
      onClose();
    },
    onError: (error) => notify.apiError(error),
    onSettled: () =>
      invalidate(
        queryClient,
        QUERY_KEYS.project(projectId),
        QUERY_KEYS.projects,
        QUERY_KEYS.projectAlerts(projectId),
      ),
  });
  const save = () => {
    if (errors.pushover) return notify.error(errors.pushover);
    saving.mutate();
  };
  const { email, pushover } = form;
  const setEmail = (change: Partial<NotificationForm['email']>) =>
    setForm({ ...form, email: { ...email, ...change } });
  const setPushover = (change: Partial<NotificationForm['pushover']>) =>
    setForm({ ...form, pushover: { ...pushover, ...change } });
  const field = (
    label: string,
    value: string,
    onChange: (v: string) => void,
    error: boolean,
    maxLength = 254,
  ) => (
    <TextField
      size="small"
      label={label}
      value={value}
      error={error}
      disabled={readOnly}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
  const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 };
  const blocked = blocksSave(errors);

  return (
    <>
      <DialogContent dividers sx={{ display: 'grid', gap: 2, bgcolor: 'background.default' }}>
        <ChannelSection
          id="email-channel"
          icon={<MailIcon />}
          title={t('notifications.email.title')}
          enabled={email.enabled}
          onEnabled={(enabled) => setEmail({ enabled })}
          events={email.events}
          onEvents={(events) => setEmail({ events })}
          quietHours={email.quietHours}
          onQuietHours={(quietHours) => setEmail({ quietHours })}
          error={errors.email}
          quietError={errors.emailQuietHours}
          readOnly={readOnly}
          problem={<ChannelProblem channel="email" problem={problems?.email} />}
        >
          <Box sx={twoColumns}>
            {field(
              t('notifications.email.first'),
              email.mails[0],
              (v) => setEmail({ mails: [v, email.mails[1]] }),
              !!errors.email,
            )}
            {field(
              t('notifications.email.second'),
              email.mails[1],
              (v) => setEmail({ mails: [email.mails[0], v] }),
              !!errors.email,
            )}
          </Box>
        </ChannelSection>
        <ChannelSection
          id="pushover-channel"
          icon={<PhoneIcon />}
          title={t('notifications.pushover.title')}
          enabled={pushover.enabled}
          onEnabled={(enabled) => setPushover({ enabled })}
          events={pushover.events}
          onEvents={(events) => setPushover({ events })}
          quietHours={pushover.quietHours}
          onQuietHours={(quietHours) => setPushover({ quietHours })}
          error={errors.pushover}
          quietError={errors.pushoverQuietHours}
          readOnly={readOnly}
          problem={<ChannelProblem channel="pushover" problem={problems?.pushover} />}
        >
          <Box sx={twoColumns}>
            {field(
              t('notifications.pushover.user'),
              pushover.user,
              (user) => setPushover({ user }),
              !!errors.pushover && !pushover.user.trim(),
              PUSHOVER_FIELD_MAX,
            )}
            {field(
              t('notifications.pushover.token'),
              pushover.token,
              (token) => setPushover({ token }),
              !!errors.pushover && !pushover.token.trim(),
              PUSHOVER_FIELD_MAX,
            )}
          </Box>
        </ChannelSection>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={saving.isPending}>
          {t('dialog.cancel')}
        </Button>
        <Tooltip title={blocked ? t(errors.email ?? 'invalidForm') : ''}>
          <span>
            <SubmitButton
              size="medium"
              pending={saving.isPending}
              disabled={readOnly || blocked}
              onClick={save}
            >
              {t('dialog.save')}
            </SubmitButton>
          </span>
        </Tooltip>
      </DialogActions>
    </>
  );
}

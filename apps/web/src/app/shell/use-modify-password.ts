import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { forgotBody } from '@atrium/contracts/user';
import { api } from '../../lib/api/client';
import { useSession } from '../../lib/session/use-session';
import { useConfirm } from '../../ui/dialogs/dialog-context';
import { notify } from '../../ui/snackbar';

/** Settings menu "modify password": confirm, then a reset mail to the user (spec §8). */
export function useModifyPassword(): () => Promise<void> {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const user = useSession();
  const sending = useMutation({
    mutationFn: (body: { email: string }) => api.post('/api/user/password/forgot', body),
    onSuccess: (_, { email }) =>
      notify.success('modifyPassword.sent', { values: { email }, duration: 5000 }),
    onError: () => notify.error(),
  });

  return async () => {
    if (!user) return;
    const body = forgotBody.parse({ email: user.email });
    await confirm({
      title: t('modifyPassword.title'),
      message: t('modifyPassword.message', {
        email: body.email,
        interpolation: { escapeValue: true },
      }),
      confirmLabel: t('modifyPassword.send'),
      // A failure rejects: the confirmation reports it (confirm() resolves false).
      onConfirm: () => sending.mutateAsync(body),
    });
  };
}

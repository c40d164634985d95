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
      onConfirm: async () => {
        try {
          await api.post('/api/user/password/forgot', body);
          notify.success('modifyPassword.sent', { values: { email: body.email }, duration: 5000 });
        } catch (error) {
          notify.error();
          throw error;
        }
      },
    });
  };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Favorite } from '@atrium/contracts/graph';
import { ApiError } from '../../lib/api/api-error';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { escapeHtml } from '../../lib/html';
import { useConfirm, usePrompt } from '../../ui/dialogs/dialog-context';
import { notify } from '../../ui/snackbar';
import { graphApi } from './api/graph-api';

/** Save (with overwrite confirmation) and remove graph favorites (spec document 2 §2, §5). */
export function useFavoriteActions(projectId: string, favorites: readonly Favorite[]) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const prompt = usePrompt();
  const queryClient = useQueryClient();
  // Both replies carry the whole list: it replaces the cached one.
  const store = (list: Favorite[]) =>
    queryClient.setQueryData(QUERY_KEYS.favorites(projectId), list);
  const adding = useMutation({
    mutationFn: ({ favorite, overwrite }: { favorite: Favorite; overwrite: boolean }) =>
      graphApi.addFavorite(projectId, favorite, overwrite),
    onSuccess: (list) => {
      store(list);
      notify.success('monitoring.favorites.saved');
    },
    onError: (error) => notify.apiError(error),
  });
  const removing = useMutation({
    mutationFn: (name: string) => graphApi.removeFavorite(projectId, name),
    onSuccess: (list) => {
      store(list);
      notify.success('monitoring.favorites.removed');
    },
    onError: (error) => {
      // Spec §8: a failed removal shows the error code.
      const code = error instanceof ApiError ? String(error.code ?? error.status) : 'error';
      notify.error('monitoring.favorites.removeFailed', { values: { code } });
    },
  });

  const save = async (list: string[], display: string) => {
    if (list.length === 0) return notify.error('noAddressSelected');
    const typed = await prompt({
      title: t('monitoring.favorites.saveTitle'),
      label: t('monitoring.favorites.name'),
      message: display,
      confirmLabel: t('dialog.save'),
    });
    if (typed === null) return;
    const name = typed.trim();
    if (!name) return notify.error('nameNotChosen');
    const exists = favorites.some((f) => f.name === name);
    const overwrite =
      exists &&
      (await confirm({
        title: t('monitoring.favorites.overwriteTitle'),
        message: t('monitoring.favorites.overwriteMessage', { name: escapeHtml(name) }),
        confirmLabel: t('monitoring.favorites.overwrite'),
      }));
    if (exists && !overwrite) return;
    adding.mutate({ favorite: { name, list, display }, overwrite });
  };

  const remove = async (name: string) => {
    const ok = await confirm({
      title: t('monitoring.favorites.removeTitle'),
      message: t('monitoring.favorites.removeMessage', { name: escapeHtml(name) }),
      confirmLabel: t('monitoring.favorites.remove'),
    });
    if (ok) removing.mutate(name);
  };

  return { save, remove };
}

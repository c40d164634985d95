import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@atrium/contracts/gateway';
import type { UpdateBranch } from '@atrium/contracts/gateway-protocol';
import { ApiError } from '../../lib/api/api-error';
import { invalidate } from '../../lib/api/invalidate';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { escapeHtml } from '../../lib/html';
import { useConfirm, usePrompt } from '../../ui/dialogs/dialog-context';
import { notify } from '../../ui/snackbar';
import { gatewaysApi } from './api/gateways-api';
import { notifyHubError } from './hub-error';

type Gateway = Pick<GatewayItem, 'mac' | 'name'>;

/** The calls behind the row menu, each with the messages of spec §8 and a table refresh. */
function useGatewayMutations(projectId: string) {
  const queryClient = useQueryClient();
  const refresh = () => invalidate(queryClient, QUERY_KEYS.gateways, QUERY_KEYS.projects);
  return {
    init: useMutation({
      mutationFn: gatewaysApi.init,
      onSuccess: () => {
        notify.success('initMessage', { duration: 3000 });
        return refresh();
      },
      onError: () => notify.error('initError'),
    }),
    update: useMutation({
      mutationFn: ({ mac, branch }: { mac: string; branch: UpdateBranch }) =>
        gatewaysApi.update(mac, branch),
      onSuccess: () => {
        notify.success('updateCommandSent', { duration: 3000 });
        return refresh();
      },
      onError: notifyHubError,
    }),
    rename: useMutation({
      mutationFn: ({ mac, name }: { mac: string; name: string }) => gatewaysApi.rename(mac, name),
      onSuccess: () => {
        notify.success('changeSuccess');
        return refresh();
      },
      // A refusal shows on the rename prompt's field (see rename below).
    }),
    unlink: useMutation({
      mutationFn: (mac: string) => gatewaysApi.unlink(projectId, [mac]),
      onSuccess: () => notify.success('gatewayRemoved'),
      onError: () => notify.error('gatewayNotRemoved'),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: gatewaysApi.remove,
      onSuccess: () => notify.success('success'),
      onError: () => notify.error(),
      onSettled: refresh,
    }),
  };
}

/** The row-menu actions of the gateway table (spec §2), with the messages of spec §8. */
export function useGatewayActions(projectId: string) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const prompt = usePrompt();
  const calls = useGatewayMutations(projectId);

  /** Update and delete need the exact name typed (spec §5), else invalidName on the field. */
  const typedName = async (gw: Gateway, title: string) => {
    const text = await prompt({
      title,
      message: t('gatewayActions.typeName', { name: gw.name }),
      label: t('gatewayActions.nameLabel'),
      placeholder: gw.name,
      submit: (typed) => (typed === gw.name.trim() ? null : 'invalidName'),
    });
    return text !== null;
  };

  return {
    init: async (gw: Gateway) => {
      const ok = await confirm({
        title: t('gatewayActions.init'),
        message: t('gatewayActions.initConfirm', { name: escapeHtml(gw.name) }),
      });
      if (ok) calls.init.mutate(gw.mac);
    },

    update: async (gw: Gateway) => {
      if (await typedName(gw, t('gatewayActions.update'))) {
        calls.update.mutate({ mac: gw.mac, branch: 'MAIN' });
      }
    },

    betaUpdate: async (gw: Gateway) => {
      const ok = await confirm({
        title: t('gatewayActions.betaUpdate'),
        message: t('gatewayActions.betaConfirm', { name: escapeHtml(gw.name) }),
      });
      if (ok) calls.update.mutate({ mac: gw.mac, branch: 'beta' });
    },

    rename: async (gw: Gateway) => {
      await prompt({
        title: t('gatewayActions.rename'),
        label: t('gatewayActions.newName'),
        initialValue: gw.name,
        submit: (name) =>
          name === gw.name
            ? null
            : calls.rename.mutateAsync({ mac: gw.mac, name }).then(
                () => null,
                () => 'invalidRename',
              ),
      });
    },

    /** Share: another account (any team) reads the gateway; its e-mail is lowercased. */
    share: async (gw: Gateway) => {
      await prompt({
        title: t('gatewayActions.share'),
        message: t('gatewayActions.shareHint', { name: gw.name }),
        label: t('gatewayActions.shareEmail'),
        confirmLabel: t('gatewayActions.shareConfirm'),
        submit: async (text) => {
          const email = text.trim().toLowerCase();
          if (!email) return 'emailEmpty';
          try {
            await gatewaysApi.share(gw.mac, email);
          } catch (error) {
            if (error instanceof ApiError && error.status === 400) return 'invalidEmail';
            if (error instanceof ApiError && error.code === 'userNotFound') return 'userNotFound';
            throw error;
          }
          notify.success('gatewayActions.shared');
          return null;
        },
      });
    },

    removeFromProject: async (gw: Gateway) => {
      const ok = await confirm({
        title: t('gatewayActions.removeFromProject'),
        message: t('gatewayActions.removeConfirm', { name: escapeHtml(gw.name) }),
      });
      if (ok) calls.unlink.mutate(gw.mac);
    },

    remove: async (gw: Gateway) => {
      if (await typedName(gw, t('gatewayActions.delete'))) {
        calls.remove.mutate(gw.mac);
      }
    },
  };
}

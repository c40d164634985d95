import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@atrium/contracts/gateway';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { escapeHtml } from '../../lib/html';
import { useConfirm, usePrompt } from '../../ui/dialogs/dialog-context';
import { notify } from '../../ui/snackbar';
import type { UpdateBranch } from '@atrium/contracts/gateway-protocol';
import { gatewaysApi } from './gateways-api';
import { notifyHubError } from './hub-error';

type Gateway = Pick<GatewayItem, 'mac' | 'name'>;

/** The row-menu actions of the gateway table (spec §2), with the messages of spec §8. */
export function useGatewayActions(projectId: string) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const prompt = usePrompt();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.gateways }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.projects }),
    ]);

  /** Update and delete need the exact name typed (spec §5), else invalidName. */
  const typedName = async (gw: Gateway, title: string) => {
    const text = await prompt({
      title,
      message: t('gatewayActions.typeName', { name: gw.name }),
      label: t('gatewayActions.nameLabel'),
      placeholder: gw.name,
    });
    if (text === null) return false;
    if (text !== gw.name.trim()) {
      notify.error('invalidName');
      return false;
    }
    return true;
  };

  const sendUpdate = async (gw: Gateway, branch: UpdateBranch) => {
    try {
      await gatewaysApi.update(gw.mac, branch);
      notify.success('updateCommandSent', { duration: 3000 });
      await refresh();
    } catch (error) {
      notifyHubError(error);
    }
  };

  return {
    init: async (gw: Gateway) => {
      const ok = await confirm({
        title: t('gatewayActions.init'),
        message: t('gatewayActions.initConfirm', { name: escapeHtml(gw.name) }),
      });
      if (!ok) return;
      try {
        await gatewaysApi.init(gw.mac);
        notify.success('initMessage', { duration: 3000 });
        await refresh();
      } catch {
        notify.error('initError');
      }
    },

    update: async (gw: Gateway) => {
      if (await typedName(gw, t('gatewayActions.update'))) await sendUpdate(gw, 'MAIN');
    },

    betaUpdate: async (gw: Gateway) => {
      const ok = await confirm({
        title: t('gatewayActions.betaUpdate'),
        message: t('gatewayActions.betaConfirm', { name: escapeHtml(gw.name) }),
      });
      if (ok) await sendUpdate(gw, 'beta');
    },

    rename: async (gw: Gateway) => {
      const name = await prompt({
        title: t('gatewayActions.rename'),
        label: t('gatewayActions.newName'),
        initialValue: gw.name,
      });
      if (name === null || name === gw.name) return;
      try {
        await gatewaysApi.rename(gw.mac, name);
        notify.success('changeSuccess');
        await refresh();
      } catch {
        notify.error('invalidRename');
      }
    },

    removeFromProject: async (gw: Gateway) => {
      const ok = await confirm({
        title: t('gatewayActions.removeFromProject'),
        message: t('gatewayActions.removeConfirm', { name: escapeHtml(gw.name) }),
      });
      if (!ok) return;
      try {
        await gatewaysApi.unlink(projectId, [gw.mac]);
        notify.success('gatewayRemoved');
      } catch {
        notify.error('gatewayNotRemoved');
      }
      await refresh();
    },

    remove: async (gw: Gateway) => {
      if (!(await typedName(gw, t('gatewayActions.delete')))) return;
      try {
        await gatewaysApi.remove(gw.mac);
        notify.success('success');
      } catch {
        notify.error();
      }
      await refresh();
    },
  };
}

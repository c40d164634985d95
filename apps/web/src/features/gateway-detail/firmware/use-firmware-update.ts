import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@atrium/contracts/gateway';
import type { UpdateBranch } from '@atrium/contracts/gateway-protocol';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { escapeHtml } from '../../../lib/html';
import { clearUpdateFailure, reportUpdateFailure } from '../../../lib/realtime/update-failures';
import { useConfirm, usePrompt } from '../../../ui/dialogs/dialog-context';
import { notify } from '../../../ui/snackbar';
import { commandErrorKey } from '../../../lib/api/command-error';
import { gatewayCommands } from '../api/gateway-commands';

type Gateway = Pick<GatewayItem, 'mac' | 'name'>;

/**
 * Starting a firmware update from the detail screen. Progress then comes from
 * the gateway (socket events, or the 5 s poll); a refusal shows the gateway's
 * own reason (firmwareChecksumMismatch…).
 */
export function useFirmwareUpdate(gw: Gateway, queryId: string) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const prompt = usePrompt();
  const queryClient = useQueryClient();

  // The server records the step a moment after it answers: set it here rather than refetch.
  // Progress that already arrived (socket) is kept.
  const setStep = (step: 'updating' | null) =>
    queryClient.setQueryData<GatewayItem>(QUERY_KEYS.gateway(queryId), (old) =>
      old && (step === null || old.step === null) ? { ...old, step } : old,
    );

  const updating = useMutation({
    mutationFn: (branch: UpdateBranch) => gatewayCommands.update(gw.mac, branch),
    onMutate: () => clearUpdateFailure(gw.mac),
    onSuccess: async (reply) => {
      if (reply.message === 'updateQueued') {
        notify.info('updateQueued', { duration: 5000 });
        await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.gateway(queryId) });
      } else {
        notify.success('updateCommandSent', { duration: 3000 });
        setStep('updating');
      }
    },
    // The `gateway:update` event may report the same failure: it is shown once.
    onError: (error) => {
      reportUpdateFailure(gw.mac, commandErrorKey(error));
      setStep(null);
    },
  });
  const send = (branch: UpdateBranch) => updating.mutateAsync(branch).catch(() => undefined);

  return {
    /** Main branch: the exact name must be typed (spec §5), else invalidName on the field. */
    update: async () => {
      const text = await prompt({
        title: t('gatewayDetail.firmware.update'),
        message: t('gatewayDetail.firmware.typeName', { name: gw.name }),
        label: t('gatewayDetail.firmware.nameLabel'),
        placeholder: gw.name,
        submit: (typed) => (typed === gw.name.trim() ? null : 'invalidName'),
      });
      if (text === null) return;
      await send('MAIN');
    },
    /** Beta branch (administrators). */
    betaUpdate: async () => {
      const ok = await confirm({
        title: t('gatewayDetail.firmware.betaUpdate'),
        message: t('gatewayDetail.firmware.betaConfirm', { name: escapeHtml(gw.name) }),
      });
      if (ok) await send('beta');
    },
    /** The pool dialog's offer (upgradeYourGateway): true when the user accepted. */
    offer: async () => {
      const ok = await confirm({
        title: t('gatewayDetail.firmware.update'),
        message: t('upgradeYourGateway'),
      });
      if (ok) await send('MAIN');
      return ok;
    },
  };
}

import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { skippedAddress } from '@atrium/contracts/monitoring';
import { invalidate } from '../../lib/api/invalidate';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { escapeHtml } from '../../lib/html';
import { useConfirm } from '../../ui/dialogs/dialog-context';
import { notify } from '../../ui/snackbar';
import { monitoringApi } from './api/monitoring-api';
import { etsFileProblem, etsUploadErrorKey, isKnxproj, PASSWORD_ERRORS } from './ets-file-rules';

/** Upload (206 = success with skipped entries) and delete (then offer a reset) of the ETS file. */
export function useEtsActions(projectId: string) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [skipped, setSkipped] = useState<z.infer<typeof skippedAddress>[]>([]);
  const refresh = () =>
    void invalidate(queryClient, QUERY_KEYS.monitoring, QUERY_KEYS.project(projectId));

  // The key of a refusal about the .knxproj password, shown on the password field.
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const uploading = useMutation({
    mutationFn: ({ file, password }: { file: File; password?: string }) =>
      monitoringApi.uploadEts(projectId, file, password),
    onSuccess: (reply) => {
      setSkipped(reply.skipped);
      setPasswordError(null);
      notify.success('monitoring.ets.uploaded', { values: { count: reply.infos.count } });
    },
    onError: (error) => {
      const key = etsUploadErrorKey(error);
      const onField = (PASSWORD_ERRORS as readonly string[]).includes(key);
      setPasswordError(onField ? key : null);
      // A password problem is said on the password field itself, where it is fixed.
      if (!onField) notify.error(key);
    },
    onSettled: refresh,
  });
  const resetting = useMutation({
    mutationFn: () => monitoringApi.resetMonitored(projectId),
    onSuccess: () => notify.success('monitoring.ets.resetDone'),
    onError: (error) => notify.apiError(error),
  });
  const deleting = useMutation({
    mutationFn: () => monitoringApi.deleteEts(projectId),
    onSuccess: async (reply) => {
      setSkipped([]);
      notify.success('monitoring.ets.deleted');
      if (reply.monitored > 0) await offerReset(reply.monitored);
    },
    onError: (error) => notify.apiError(error),
    onSettled: refresh,
  });

  const offerReset = async (monitored: number) => {
    const reset = await confirm({
      title: t('monitoring.ets.resetTitle'),
      message: t('monitoring.ets.resetMessage', { count: monitored }),
      confirmLabel: t('monitoring.ets.reset'),
      cancelLabel: t('monitoring.ets.keep'),
    });
    if (reset) await resetting.mutateAsync().catch(() => undefined);
  };

  /** True when the file was taken; `password` only for a protected .knxproj, never kept. */
  const upload = async (file: File, password?: string): Promise<boolean> => {
    const problem = etsFileProblem(file);
    if (problem) {
      notify.error(problem);
      return false;
    }
    const sent = isKnxproj(file.name) && password ? { file, password } : { file };
    return uploading.mutateAsync(sent).then(
      () => true,
      () => false,
    );
  };

  const remove = async (name: string) => {
    const ok = await confirm({
      title: t('monitoring.ets.deleteTitle'),
      message: t('monitoring.ets.deleteMessage', { name: escapeHtml(name) }),
      confirmLabel: t('monitoring.ets.delete'),
    });
    if (ok) deleting.mutate();
  };

  const busy = uploading.isPending || deleting.isPending;
  const clearPasswordError = () => setPasswordError(null);
  return { upload, remove, busy, skipped, passwordError, clearPasswordError };
}

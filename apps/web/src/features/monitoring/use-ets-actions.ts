import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { skippedAddress } from '@atrium/contracts/monitoring';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { escapeHtml } from '../../lib/html';
import { useConfirm } from '../../ui/dialogs/dialog-context';
import { notify } from '../../ui/snackbar';
import { etsFileProblem, etsUploadErrorKey } from './ets-file-rules';
import { monitoringApi } from './monitoring-api';
import { MONITORING_KEYS } from './monitoring-keys';

/** Upload (206 = success with skipped entries) and delete (then offer a reset) of the ETS file. */
export function useEtsActions(projectId: string) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [skipped, setSkipped] = useState<z.infer<typeof skippedAddress>[]>([]);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MONITORING_KEYS.all }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.project(projectId) }),
    ]);

  const upload = async (file: File): Promise<boolean> => {
    const problem = etsFileProblem(file);
    if (problem) {
      notify.error(problem);
      return false;
    }
    setBusy(true);
    try {
      const reply = await monitoringApi.uploadEts(projectId, file);
      setSkipped(reply.skipped);
      notify.success('monitoring.ets.uploaded', { values: { count: reply.infos.count } });
      return true;
    } catch (error) {
      notify.error(etsUploadErrorKey(error));
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const offerReset = async (monitored: number) => {
    const reset = await confirm({
      title: t('monitoring.ets.resetTitle'),
      message: t('monitoring.ets.resetMessage', { count: monitored }),
      confirmLabel: t('monitoring.ets.reset'),
      cancelLabel: t('monitoring.ets.keep'),
    });
    if (!reset) return;
    try {
      await monitoringApi.resetMonitored(projectId);
      notify.success('monitoring.ets.resetDone');
    } catch (error) {
      notify.apiError(error);
    }
  };

  const remove = async (name: string) => {
    const ok = await confirm({
      title: t('monitoring.ets.deleteTitle'),
      message: t('monitoring.ets.deleteMessage', { name: escapeHtml(name) }),
      confirmLabel: t('monitoring.ets.delete'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const reply = await monitoringApi.deleteEts(projectId);
      setSkipped([]);
      notify.success('monitoring.ets.deleted');
      if (reply.monitored > 0) await offerReset(reply.monitored);
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return { upload, remove, busy, skipped };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ThresholdInput } from '@atrium/contracts/alerts';
import { invalidate } from '../../lib/api/invalidate';
import { QUERY_KEYS } from '../../lib/api/query-keys';
import { notify } from '../../ui/snackbar';
import { monitoringApi, thresholdsQuery } from './api/monitoring-api';

/** The threshold errors that read differently here than on the graph screens. */
const MESSAGES = { invalidDPT: 'monitoring.thresholds.dptUnsupported' } as const;

/**
 * Sends the project's whole threshold list; the reply replaces the dialog's list at once,
 * and the project (its summary in the monitoring dialog) is read again.
 */
export function useSaveThresholds(projectId: string) {
  const queryClient = useQueryClient();
  const key = thresholdsQuery(projectId).queryKey;
  return useMutation({
    mutationFn: (list: ThresholdInput[]) => monitoringApi.setThresholds(projectId, list),
    onSuccess: (thresholds) => {
      queryClient.setQueryData(key, (old) => old && { ...old, thresholds });
      notify.success('changeSuccess');
    },
    onError: (error) => notify.apiError(error, MESSAGES),
    onSettled: () =>
      void invalidate(queryClient, key, QUERY_KEYS.project(projectId), QUERY_KEYS.projects),
  });
}

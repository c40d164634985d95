import { useMutation } from '@tanstack/react-query';
import { notify } from '../../ui/snackbar';
import { activityApi } from './api/activity-api';
import type { ActivityFilterState } from './activity-filters';

/**
 * Hands the CSV to the browser as a file download. Reading the reply as text dropped the
 * server's byte-order mark; it goes back in, or spreadsheets misread the accents.
 */
function downloadCsv(text: string, name: string) {
  const csv = text.startsWith('\uFEFF') ? text : `\uFEFF${text}`;
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Export CSV": the log with the filters shown, as activity-yyyy-mm-dd.csv. */
export function useActivityExport() {
  return useMutation({
    mutationFn: (filters: ActivityFilterState) => activityApi.exportCsv(filters),
    onSuccess: (csv) => downloadCsv(csv, `activity-${new Date().toISOString().slice(0, 10)}.csv`),
    onError: (error) => notify.apiError(error),
  });
}

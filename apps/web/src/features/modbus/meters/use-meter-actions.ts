import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModbusMeter } from '@atrium/contracts/modbus';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { notify } from '../../../ui/snackbar';
import { modbusApi, notifyUnsent } from '../api/modbus-api';
import { PROCESS_ERROR_MS } from '../form-rules';
import { meterBodyOf, type MeterForm } from '../meter-form';

const processError = () => notify.error('errorDuringProcess', { duration: PROCESS_ERROR_MS });

/** Saving, deleting and switching meters (document 3 §4, §8). */
export function useMeterActions(projectId: string, onSaved: () => void) {
  const client = useQueryClient();
  const key = QUERY_KEYS.modbusMeters(projectId);
  const setMeters = (change: (meters: ModbusMeter[]) => ModbusMeter[]) =>
    client.setQueryData<ModbusMeter[]>(key, (old) => (old ? change(old) : old));
  const refresh = () => client.invalidateQueries({ queryKey: key });

  const save = useMutation({
    mutationFn: (form: MeterForm) => modbusApi.saveMeter(projectId, meterBodyOf(form)),
    onSuccess: (reply, form) => {
      const { meter } = reply;
      const added = !form.id;
      setMeters((meters) =>
        added ? [...meters, meter] : meters.map((m) => (m.id === meter.id ? meter : m)),
      );
      if (added) notify.success('meterAdded', { values: { name: meter.name } });
      else notify.success('meterUpdated', { values: { name: meter.name } });
      notifyUnsent(reply);
      onSaved();
    },
    onError: processError,
    onSettled: refresh,
  });

  // Takes effect at once; the previous state comes back when the server refuses (§4).
  const toggle = useMutation({
    mutationFn: (meter: ModbusMeter) =>
      modbusApi.saveMeter(projectId, { ...meter, enabled: !meter.enabled }),
    onMutate: (meter) =>
      setMeters((meters) =>
        meters.map((m) => (m.id === meter.id ? { ...m, enabled: !meter.enabled } : m)),
      ),
    onSuccess: notifyUnsent,
    onError: (_error, meter) => {
      setMeters((meters) =>
        meters.map((m) => (m.id === meter.id ? { ...m, enabled: meter.enabled } : m)),
      );
      processError();
    },
  });

  const remove = useMutation({
    mutationFn: (meter: ModbusMeter) => modbusApi.deleteMeter(projectId, meter.id),
    onSuccess: (reply, meter) => {
      setMeters((meters) => meters.filter((m) => m.id !== meter.id));
      notify.success('meterDeleted', { values: { name: meter.name } });
      notifyUnsent(reply);
      // Its values now sit under 'No Meter'.
      void client.invalidateQueries({ queryKey: QUERY_KEYS.modbusValues(projectId) });
    },
    onError: processError,
    onSettled: refresh,
  });

  return { save, toggle, remove };
}

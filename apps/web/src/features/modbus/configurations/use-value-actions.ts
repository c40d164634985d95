import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModbusValue } from '@atrium/contracts/modbus';
import { QUERY_KEYS } from '../../../lib/api/query-keys';
import { notify } from '../../../ui/snackbar';
import { modbusApi, notifyUnsent } from '../api/modbus-api';
import { PROCESS_ERROR_MS } from '../form-rules';
import { parseValueForm, type ValueForm } from '../value-form';

const processError = () => notify.error('errorDuringProcess', { duration: PROCESS_ERROR_MS });

/** Saving and deleting configurations (document 3 §4, §8). */
export function useValueActions(projectId: string, onSaved: () => void) {
  const client = useQueryClient();
  const key = QUERY_KEYS.modbusValues(projectId);
  const setValues = (change: (values: ModbusValue[]) => ModbusValue[]) =>
    client.setQueryData<ModbusValue[]>(key, (old) => (old ? change(old) : old));
  const refresh = () => client.invalidateQueries({ queryKey: key });

  const save = useMutation({
    mutationFn: async (form: ValueForm) => {
      const { body } = parseValueForm(form);
      if (!body) throw new Error('invalid form');
      return modbusApi.saveValue(projectId, body);
    },
    onSuccess: (reply, form) => {
      const { value } = reply;
      const added = !form.id;
      // A value moved to another meter moves to that meter's group (document 3 §4).
      setValues((values) =>
        added ? [...values, value] : values.map((v) => (v.id === value.id ? value : v)),
      );
      if (added) notify.success('configurationAdded', { values: { name: value.name } });
      else notify.success('configurationUpdated', { values: { name: value.name } });
      notifyUnsent(reply);
      onSaved();
    },
    onError: processError,
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (value: ModbusValue) => modbusApi.deleteValue(projectId, value.id),
    onSuccess: (reply, value) => {
      setValues((values) => values.filter((v) => v.id !== value.id));
      notify.success('configurationDeleted', { values: { name: value.name } });
      notifyUnsent(reply);
    },
    onError: processError,
    onSettled: refresh,
  });

  return { save, remove };
}

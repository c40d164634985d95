import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  MODBUS_FORM_DATA_TYPES,
  MODBUS_MAX_WORDS,
  MODBUS_UNIT_MAX,
  type ModbusMeter,
} from '@atrium/contracts/modbus';
import { FormPanel } from '../form-panel';
import type { FormMode } from '../form-rules';
import { NameField } from '../name-field';
import { DataTypeSelect, FunctionCodeSelect, SwapCheckboxes } from '../read-fields';
import {
  parseValueForm,
  VALUE_FIELD_LABELS,
  VALUE_FIELDS,
  withDataType,
  type ValueField,
  type ValueForm,
} from '../value-form';
import { ValueLiveTest } from './value-live-test';

interface Props {
  mode: FormMode;
  initial: ValueForm;
  meters: readonly ModbusMeter[];
  pending: boolean;
  onSave: (form: ValueForm) => void;
  onClose: () => void;
}

const TITLES: Record<FormMode, { titleKey: string }> = {
  create: { titleKey: 'modbus.value.createTitle' },
  edit: { titleKey: 'modbus.value.editTitle' },
  duplicate: { titleKey: 'modbus.value.duplicateTitle' },
};

const numeric = { htmlInput: { inputMode: 'numeric' as const, maxLength: 5 } };

/** The configuration form (document 3 §3, §5), with its live test. */
export function ValueFormPanel({ mode, initial, meters, pending, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [typed, setForm] = useState(initial);
  // A new value goes to the first meter, even when the meters came late.
  const form = { ...typed, meterId: typed.meterId || (meters[0]?.id ?? '') };
  const [shown, setShown] = useState<Partial<Record<ValueField, string>>>({});
  const meter = meters.find((m) => m.id === form.meterId);

  const save = () => {
    const { errors } = parseValueForm(form);
    setShown(errors ?? {});
    if (!errors) {
      // Document 3 §5: refused, and only logged, when the meter has no gateway.
      if (!meter?.gatewayMac) console.warn("Couldn't find Gateway MAC");
      else onSave(form);
      return [];
    }
    return VALUE_FIELDS.filter((f) => errors[f]).map((f) => t(VALUE_FIELD_LABELS[f].labelKey));
  };
  const set = (change: Partial<ValueForm>) => setForm({ ...form, ...change });
  const field = (name: ValueField, required = true) => ({
    label: t(VALUE_FIELD_LABELS[name].labelKey),
    error: !!shown[name],
    helperText: shown[name] ? t(shown[name], { max: MODBUS_MAX_WORDS }) : undefined,
    size: 'small' as const,
    required,
  });
  const pair = { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 };

  return (
    <FormPanel
      id="value-form-title"
      mode={mode}
      titles={TITLES}
      name={initial.name}
      pending={pending}
      onSubmit={save}
      onClose={onClose}
    >
      <NameField {...field('name')} value={form.name} onChange={(name) => set({ name })} />
      <TextField
        {...field('meterId')}
        select
        value={meter ? form.meterId : ''}
        onChange={(e) => set({ meterId: e.target.value })}
      >
        {meters.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={pair}>
        <TextField
          {...field('registerAddress')}
          value={form.registerAddress}
          onChange={(e) => set({ registerAddress: e.target.value })}
          slotProps={numeric}
        />
        <TextField
          {...field('wordLength')}
          value={form.wordLength}
          onChange={(e) => set({ wordLength: e.target.value })}
          slotProps={numeric}
        />
      </Box>
      <FunctionCodeSelect
        {...field('functionCode')}
        value={form.functionCode}
        onPick={(code) => set({ functionCode: code })}
      />
      <Box sx={pair}>
        <TextField
          {...field('unitID')}
          value={form.unitID}
          onChange={(e) => set({ unitID: e.target.value })}
          slotProps={numeric}
        />
        <TextField
          {...field('scaleFactor')}
          value={form.scaleFactor}
          onChange={(e) => set({ scaleFactor: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 24 } }}
        />
      </Box>
      <Box sx={pair}>
        <DataTypeSelect
          {...field('dataType')}
          types={MODBUS_FORM_DATA_TYPES}
          value={form.dataType}
          onPick={(type) => setForm(withDataType(form, type))}
        />
        <TextField
          {...field('unit', false)}
          value={form.unit}
          placeholder={t('modbus.value.unitHint')}
          onChange={(e) => set({ unit: e.target.value })}
          slotProps={{ htmlInput: { maxLength: MODBUS_UNIT_MAX } }}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <SwapCheckboxes swapBytes={form.swapBytes} swapWords={form.swapWords} onChange={set} />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-start' }}>
        <ValueLiveTest meter={meter} form={form} />
      </Box>
    </FormPanel>
  );
}

import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MODBUS_LIMITS } from '@atrium/contracts/modbus';
import { FormPanel } from '../form-panel';
import type { FormMode } from '../form-rules';
import { NameField } from '../name-field';
import {
  METER_FIELD_LABELS,
  METER_FIELDS,
  meterErrors,
  type MeterField,
  type MeterForm,
} from '../meter-form';

export interface GatewayOption {
  mac: string;
  name: string;
}

interface Props {
  mode: FormMode;
  initial: MeterForm;
  gateways: readonly GatewayOption[];
  pending: boolean;
  onSave: (form: MeterForm) => void;
  onClose: () => void;
}

const TITLES: Record<FormMode, { titleKey: string }> = {
  create: { titleKey: 'modbus.meter.createTitle' },
  edit: { titleKey: 'modbus.meter.editTitle' },
  duplicate: { titleKey: 'modbus.meter.duplicateTitle' },
};

/** The meter form (document 3 §3, §5); a refused save lists the incorrect fields. */
export function MeterFormPanel({ mode, initial, gateways, pending, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [typed, setForm] = useState(initial);
  // A new meter goes to the first data-saving gateway, even when the list came late.
  const form = { ...typed, gatewayMac: typed.gatewayMac || (gateways[0]?.mac ?? '') };
  const [shown, setShown] = useState<Partial<Record<MeterField, string>>>({});

  const save = () => {
    const errors = meterErrors(form);
    setShown(errors);
    const wrong = METER_FIELDS.filter((f) => errors[f]);
    if (wrong.length === 0) onSave(form);
    return wrong.map((f) => t(METER_FIELD_LABELS[f].labelKey));
  };
  const set = (change: Partial<MeterForm>) => setForm({ ...form, ...change });
  const field = (name: MeterField) => ({
    label: t(METER_FIELD_LABELS[name].labelKey),
    error: !!shown[name],
    helperText: shown[name] ? t(shown[name]) : undefined,
    size: 'small' as const,
    required: name !== 'interval',
  });

  return (
    <FormPanel
      id="meter-form-title"
      mode={mode}
      titles={TITLES}
      name={initial.name}
      pending={pending}
      onSubmit={save}
      onClose={onClose}
    >
      <NameField {...field('name')} value={form.name} onChange={(name) => set({ name })} />
      <TextField
        {...field('gatewayMac')}
        select
        value={gateways.some((g) => g.mac === form.gatewayMac) ? form.gatewayMac : ''}
        onChange={(e) => set({ gatewayMac: e.target.value })}
        helperText={
          shown.gatewayMac
            ? t(shown.gatewayMac)
            : gateways.length === 0
              ? t('modbus.meter.noGateway')
              : undefined
        }
      >
        {gateways.map((g) => (
          <MenuItem key={g.mac} value={g.mac}>
            {g.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field('ip')}
        value={form.ip}
        placeholder="192.168.1.20"
        onChange={(e) => set({ ip: e.target.value })}
        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 15 } }}
      />
      <TextField
        {...field('port')}
        value={form.port}
        onChange={(e) => set({ port: e.target.value })}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
      />
      <TextField
        {...field('interval')}
        value={form.interval}
        onChange={(e) => set({ interval: e.target.value })}
        helperText={
          shown.interval
            ? t(shown.interval, {
                min: MODBUS_LIMITS.minIntervalSeconds,
                max: MODBUS_LIMITS.maxIntervalSeconds,
              })
            : t('modbus.meter.intervalHint')
        }
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 4 },
          input: {
            endAdornment: (
              <InputAdornment position="end">{t('modbus.meter.seconds')}</InputAdornment>
            ),
          },
        }}
      />
      <FormControlLabel
        control={
          <Switch checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        }
        label={t('modbus.meter.enabled')}
      />
    </FormPanel>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { THRESHOLD_NAME_MAX, thresholdTypesAt } from '@atrium/contracts/alerts';
import type { EtsAddress } from '@atrium/contracts/monitoring';
import type { GatewaySummary } from '@atrium/contracts/project';
import type { ModbusMeasurement } from './api/graph-api';
import { ThresholdAddressField } from './threshold-address-field';
import {
  isBooleanThreshold,
  isModbusAddress,
  modbusChoices,
  withAddress,
  withDpt,
  withGateway,
  type ThresholdErrors,
  type ThresholdForm,
} from './threshold-form';
import { ThresholdGatewayField } from './threshold-gateway-field';
import { THRESHOLD_TYPE_KEYS, unitOfDpt } from './threshold-text';

interface Props {
  form: ThresholdForm;
  onChange: (form: ThresholdForm) => void;
  /** Shown once a save was tried. */
  errors: ThresholdErrors | null;
  gateways: readonly GatewaySummary[];
  ets: readonly EtsAddress[];
  etsLoading: boolean;
  /** The project's Modbus values: those of the form's gateway are offered as addresses. */
  modbus: readonly ModbusMeasurement[];
}

/**
 * One threshold's fields (spec document 2 §5): the DPT decides the types and the value; a
 * Modbus value has no DPT (hidden), its types are >, <, = and its unit is its own.
 */
export function ThresholdFormPanel(props: Props) {
  const { form, onChange, errors, gateways, ets, etsLoading } = props;
  const { t } = useTranslation();
  const shown = errors ?? {};
  const message = (key: keyof ThresholdErrors, hint = ' ') => (shown[key] ? t(shown[key]) : hint);
  const types = thresholdTypesAt(form.address.trim(), form.dpt);
  const etsDpt = ets.find((a) => a.address === form.address.trim())?.dpt;
  const modbus = modbusChoices(
    props.modbus,
    gateways.find((g) => g.mac === form.gateway),
  );
  const onModbus = isModbusAddress(form.address);
  const unit = onModbus
    ? modbus.find((m) => m.measurement === form.address.trim())?.unit
    : unitOfDpt(form.dpt);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => e.preventDefault()}
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}
    >
      <TextField
        size="small"
        label={t('monitoring.thresholds.name')}
        value={form.name}
        onChange={(e) => onChange({ ...form, name: e.target.value })}
        error={!!shown.name}
        helperText={message('name')}
        slotProps={{ htmlInput: { maxLength: THRESHOLD_NAME_MAX } }}
      />
      <ThresholdGatewayField
        gateways={gateways}
        value={form.gateway}
        error={shown.gateway}
        onChange={(gateway) => onChange(withGateway(form, gateway))}
      />
      <ThresholdAddressField
        ets={ets}
        modbus={modbus}
        loading={etsLoading}
        value={form.address}
        error={shown.address}
        onChange={(address) => onChange(withAddress(form, address, ets, modbus))}
      />
      {!onModbus && (
        <TextField
          size="small"
          label={t('monitoring.thresholds.dpt')}
          value={form.dpt}
          placeholder="9.001"
          onChange={(e) => onChange(withDpt(form, e.target.value))}
          error={!!shown.dpt}
          helperText={message('dpt', etsDpt ? t('monitoring.thresholds.dptFromEts') : ' ')}
          slotProps={{ htmlInput: { readOnly: !!etsDpt, maxLength: 16 } }}
        />
      )}
      <TextField
        select
        size="small"
        label={t('monitoring.thresholds.type')}
        value={types.some((type) => type === form.type) ? form.type : ''}
        disabled={types.length === 0}
        onChange={(e) => {
          const type = types.find((x) => x === e.target.value);
          if (type) onChange({ ...form, type });
        }}
        error={!!shown.type}
        helperText={message('type')}
      >
        {types.map((type) => (
          <MenuItem key={type} value={type}>
            {t(THRESHOLD_TYPE_KEYS[type])}
          </MenuItem>
        ))}
      </TextField>
      {!isBooleanThreshold(form.dpt) && (
        <TextField
          size="small"
          label={t('monitoring.thresholds.value')}
          value={form.value}
          disabled={types.length === 0}
          onChange={(e) => onChange({ ...form, value: e.target.value })}
          error={!!shown.value}
          helperText={message('value')}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: unit
              ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> }
              : {},
          }}
        />
      )}
      <FormControlLabel
        sx={{ gridColumn: '1 / -1' }}
        control={
          <Switch
            checked={form.enabled}
            onChange={(e) => onChange({ ...form, enabled: e.target.checked })}
          />
        }
        label={t('monitoring.thresholds.enabled')}
      />
      {errors && Object.keys(errors).length > 0 && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {t('invalidForm')}
        </Alert>
      )}
    </Box>
  );
}

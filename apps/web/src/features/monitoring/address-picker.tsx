import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { VOLTAGE_MEASUREMENT } from '@atrium/contracts/graph';
import { MONITORING_LIMITS } from '@atrium/contracts/monitoring';
import { isModbus, type MeasurementOption } from './graph-selection';

interface Props {
  options: MeasurementOption[];
  value: string[];
  onChange: (selection: string[]) => void;
  loading: boolean;
}

const GROUP_KEYS = {
  voltage: 'monitoring.graph.groups.voltage',
  numeric: 'monitoring.graph.groups.numeric',
  boolean: 'monitoring.graph.groups.boolean',
  modbus: 'monitoring.graph.groups.modbus',
} as const;

function groupOf(o: MeasurementOption): keyof typeof GROUP_KEYS {
  if (o.measurement === VOLTAGE_MEASUREMENT) return 'voltage';
  if (isModbus(o.measurement)) return 'modbus';
  return o.isBool ? 'boolean' : 'numeric';
}

/** The second line of an option: what records it. */
function captionOf(o: MeasurementOption, allGateways: string) {
  if (o.measurement === VOLTAGE_MEASUREMENT) return allGateways;
  if (isModbus(o.measurement)) return [o.unit, o.gateway].filter(Boolean).join(' · ');
  return [o.dpt && `DPT ${o.dpt}`, o.gateway].filter(Boolean).join(' · ');
}

/** The monitored addresses and the voltage, picked with check boxes; search by address or name. */
export function AddressPicker({ options, value, onChange, loading }: Props) {
  const { t } = useTranslation();
  const selected = value
    .map((m) => options.find((o) => o.measurement === m))
    .filter((o): o is MeasurementOption => o !== undefined);
  const sorted = [...options].sort((a, b) => {
    const order = ['voltage', 'numeric', 'boolean', 'modbus'];
    return order.indexOf(groupOf(a)) - order.indexOf(groupOf(b));
  });
  const label = (o: MeasurementOption) =>
    o.measurement === VOLTAGE_MEASUREMENT || isModbus(o.measurement)
      ? o.name
      : `${o.measurement} ${o.name}`;

  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      size="small"
      options={sorted}
      value={selected}
      loading={loading}
      limitTags={3}
      groupBy={(o) => t(GROUP_KEYS[groupOf(o)])}
      isOptionEqualToValue={(a, b) => a.measurement === b.measurement}
      getOptionLabel={label}
      getOptionDisabled={(o) =>
        value.length >= MONITORING_LIMITS.measurementsMax && !value.includes(o.measurement)
      }
      onChange={(_, picked) => onChange(picked.map((o) => o.measurement))}
      noOptionsText={t('monitoring.graph.noMonitored')}
      loadingText={t('app.loading')}
      renderOption={({ key, ...props }, o, { selected: checked }) => (
        <li key={key} {...props}>
          <Checkbox size="small" checked={checked} sx={{ mr: 1, p: 0.5 }} />
          <span>
            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
              {label(o)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {captionOf(o, t('monitoring.graph.allGateways'))}
            </Typography>
          </span>
        </li>
      )}
      renderValue={(items, getItemProps) =>
        items.map((o, index) => {
          const { key, ...chip } = getItemProps({ index });
          return <Chip key={key} size="small" label={label(o)} {...chip} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('monitoring.graph.addresses')}
          placeholder={value.length ? '' : t('monitoring.graph.addressesPlaceholder')}
        />
      )}
      sx={{ flex: '1 1 320px', minWidth: 240 }}
    />
  );
}

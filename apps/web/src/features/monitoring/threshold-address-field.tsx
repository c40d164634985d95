import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { thresholdTypesFor } from '@atrium/contracts/alerts';
import type { EtsAddress } from '@atrium/contracts/monitoring';
import type { ModbusMeasurement } from './api/graph-api';

interface Props {
  /** The project's ETS addresses; empty without a file (the address is then typed). */
  ets: readonly EtsAddress[];
  /** The Modbus values the gateway reads (empty but for a kloudnx with meters). */
  modbus: readonly ModbusMeasurement[];
  loading: boolean;
  value: string;
  error: string | undefined;
  onChange: (address: string) => void;
}

/** An ETS group address or a Modbus value (`modbus:{id}`, named "meter – value"). */
type Choice = EtsAddress | ModbusMeasurement;
const isModbus = (o: Choice): o is ModbusMeasurement => 'measurement' in o;
const addressOf = (o: Choice) => (isModbus(o) ? o.measurement : o.address);

// Search by address or name; a large file shows its first matches only.
const filter = createFilterOptions<Choice>({
  stringify: (o) => (isModbus(o) ? o.name : `${o.address} ${o.name}`),
  limit: 200,
});

const unsupported = (o: Choice) =>
  !isModbus(o) && o.dpt !== undefined && thresholdTypesFor(o.dpt).length === 0;

/**
 * The group address, picked from the ETS file (search by address or name) or typed; on a
 * kloudnx, or one of the Modbus values it reads, shown by its name.
 */
export function ThresholdAddressField({ ets, modbus, loading, value, error, onChange }: Props) {
  const { t } = useTranslation();
  const options: Choice[] = [...modbus, ...ets];
  const entry = options.find((o) => addressOf(o) === value.trim());
  const picked = entry && isModbus(entry) ? entry : undefined;
  const hint = ets.length === 0 && !loading ? t('monitoring.thresholds.noEts') : ' ';
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={options}
      loading={loading}
      value={entry ?? value}
      inputValue={picked ? picked.name : value}
      filterOptions={filter}
      getOptionLabel={(o) => (typeof o === 'string' ? o : isModbus(o) ? o.name : o.address)}
      getOptionDisabled={unsupported}
      onChange={(_, o) => {
        if (o && typeof o !== 'string') onChange(addressOf(o));
      }}
      // A pick is told by onChange (a Modbus value's label is its name, not its address).
      onInputChange={(_, text, reason) => {
        if (reason !== 'reset') onChange(text);
      }}
      loadingText={t('app.loading')}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props}>
          <span>
            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
              {isModbus(o) ? o.name : `${o.address} ${o.name}`}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {isModbus(o)
                ? [t('monitoring.thresholds.modbusValue'), o.unit].filter(Boolean).join(' · ')
                : o.dpt
                  ? `DPT ${o.dpt}`
                  : t('monitoring.thresholds.noDpt')}
              {unsupported(o) && ` · ${t('monitoring.thresholds.dptUnsupported')}`}
            </Typography>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t(
            modbus.length > 0
              ? 'monitoring.thresholds.addressOrModbus'
              : 'monitoring.thresholds.address',
          )}
          placeholder="1/2/3"
          error={!!error}
          helperText={
            error
              ? t(error)
              : picked
                ? t('monitoring.thresholds.modbusValue')
                : entry && !isModbus(entry)
                  ? entry.name
                  : hint
          }
        />
      )}
    />
  );
}

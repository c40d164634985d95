import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { thresholdTypesFor } from '@atrium/contracts/alerts';
import type { EtsAddress } from '@atrium/contracts/monitoring';

interface Props {
  /** The project's ETS addresses; empty without a file (the address is then typed). */
  ets: readonly EtsAddress[];
  loading: boolean;
  value: string;
  error: string | undefined;
  onChange: (address: string) => void;
}

// Search by address or name; a large file shows its first matches only.
const filter = createFilterOptions<EtsAddress>({
  stringify: (o) => `${o.address} ${o.name}`,
  limit: 200,
});

const unsupported = (o: EtsAddress) => o.dpt !== undefined && thresholdTypesFor(o.dpt).length === 0;

/** The group address: picked from the ETS file (search by address or name) or typed. */
export function ThresholdAddressField({ ets, loading, value, error, onChange }: Props) {
  const { t } = useTranslation();
  const entry = ets.find((a) => a.address === value.trim());
  const hint = ets.length === 0 && !loading ? t('monitoring.thresholds.noEts') : ' ';
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={ets}
      loading={loading}
      value={entry ?? value}
      inputValue={value}
      filterOptions={filter}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.address)}
      getOptionDisabled={unsupported}
      onInputChange={(_, text) => onChange(text)}
      loadingText={t('app.loading')}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props}>
          <span>
            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
              {`${o.address} ${o.name}`}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {o.dpt ? `DPT ${o.dpt}` : t('monitoring.thresholds.noDpt')}
              {unsupported(o) && ` · ${t('monitoring.thresholds.dptUnsupported')}`}
            </Typography>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('monitoring.thresholds.address')}
          placeholder="1/2/3"
          error={!!error}
          helperText={error ? t(error) : (entry?.name ?? hint)}
        />
      )}
    />
  );
}

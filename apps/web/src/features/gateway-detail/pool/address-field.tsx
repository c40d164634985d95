import TextField from '@mui/material/TextField';
import { parsePoolAddress } from '@atrium/contracts/pool';

/** The message key of an address field: malformedAddress, or required when it must be set. */
export function addressError(address: string, required: boolean): string | null {
  if (address.trim() === '') return required ? 'malformedAddress' : null;
  return parsePoolAddress(address) === null ? 'malformedAddress' : null;
}

interface Props {
  label: string;
  value: string;
  error: string | null;
  errorText: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}

/** A group address input of the pool dialogs (main/middle/sub). */
export function AddressField({ label, value, error, errorText, disabled, onChange }: Props) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      placeholder="1/2/3"
      disabled={disabled}
      error={error !== null}
      helperText={error !== null ? errorText : undefined}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 140 }}
    />
  );
}

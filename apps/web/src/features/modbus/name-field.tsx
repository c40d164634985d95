import TextField from '@mui/material/TextField';
import { MODBUS_NAME_MAX } from '@atrium/contracts/modbus';

interface Props {
  label: string;
  size: 'small';
  required: boolean;
  error: boolean;
  helperText: string | undefined;
  value: string;
  onChange: (name: string) => void;
}

/** The name field the meter and configuration forms open with, cut at the contracts' limit. */
export function NameField({ onChange, ...props }: Props) {
  return (
    <TextField
      {...props}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { maxLength: MODBUS_NAME_MAX } }}
    />
  );
}

import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface Props<V extends string> {
  label: string;
  value: V | '';
  /** The label of the empty choice: no filter. */
  allLabel: string;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | '') => void;
}

/** A list filter beside a table's search box: one value, or every one. */
export function SelectFilter<V extends string>(p: Props<V>) {
  return (
    <TextField
      select
      size="small"
      label={p.label}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value as V | '')}
      sx={{ flex: '1 0 160px', maxWidth: { sm: 220 } }}
    >
      <MenuItem value="">{p.allLabel}</MenuItem>
      {p.options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

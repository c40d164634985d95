import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface Option<V extends string> {
  value: V;
  label: string;
}

interface Props<V extends string> {
  label: string;
  options: readonly Option<V>[];
  value: V[];
  onChange: (value: V[]) => void;
  /** Shown when nothing is selected. */
  allLabel: string;
  minWidth?: number;
}

/** A compact multi-select filter with check boxes. */
export function MultiSelect<V extends string>(props: Props<V>) {
  const { options, value } = props;
  const labelOf = (v: V) => options.find((o) => o.value === v)?.label ?? v;
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={value}
      fullWidth={false}
      sx={{ flex: '1 1 150px', minWidth: props.minWidth ?? 150, maxWidth: { sm: 240 } }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const list = selected as V[];
            return list.length === 0 ? props.allLabel : list.map(labelOf).join(', ');
          },
          onChange: (event) => {
            const next = event.target.value;
            props.onChange(typeof next === 'string' ? (next.split(',') as V[]) : (next as V[]));
          },
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} dense>
          <Checkbox size="small" checked={value.includes(option.value)} sx={{ py: 0.25 }} />
          <ListItemText>{option.label}</ListItemText>
        </MenuItem>
      ))}
    </TextField>
  );
}

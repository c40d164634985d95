import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  MODBUS_FUNCTION_CODES,
  type ModbusDataType,
  type ModbusFunctionCode,
} from '@atrium/contracts/modbus';
import { FUNCTION_CODE_LABELS } from './function-codes';

/** What the configuration form and the wizard's value rows pass to their selects. */
interface SelectProps {
  label: string;
  size: 'small';
  required?: boolean;
  error?: boolean;
  helperText?: string | undefined;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

/** A select of `options`; `onPick` gets the option picked, with its own type. */
function OptionSelect<T extends string | number>({
  options,
  value,
  onPick,
  optionLabel,
  ...props
}: SelectProps & {
  options: readonly T[];
  value: T | '';
  onPick: (option: T) => void;
  optionLabel: (option: T) => ReactNode;
}) {
  return (
    <TextField
      {...props}
      select
      value={value}
      onChange={(e) => {
        // MUI hands the menu item's value back as it was given (a number for a function code),
        // typed as a string.
        const picked = options.find((o) => String(o) === String(e.target.value));
        if (picked !== undefined) onPick(picked);
      }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The function code select of a value (document 3 §3): `3 – Read holding registers`. */
export function FunctionCodeSelect(
  props: SelectProps & {
    value: ModbusFunctionCode | '';
    onPick: (code: ModbusFunctionCode) => void;
  },
) {
  const { t } = useTranslation();
  return (
    <OptionSelect
      {...props}
      options={MODBUS_FUNCTION_CODES}
      optionLabel={(code) => `${code} – ${t(FUNCTION_CODE_LABELS[code].labelKey)}`}
    />
  );
}

/** The data type select of a value, offering `types`. */
export function DataTypeSelect({
  types,
  ...props
}: SelectProps & {
  value: ModbusDataType | '';
  types: readonly ModbusDataType[];
  onPick: (type: ModbusDataType) => void;
}) {
  return <OptionSelect {...props} options={types} optionLabel={(type) => type} />;
}

const SWAPS = ['swapBytes', 'swapWords'] as const;
type Swap = (typeof SWAPS)[number];
const SWAP_LABELS: Record<Swap, { labelKey: string }> = {
  swapBytes: { labelKey: 'modbus.value.swapBytes' },
  swapWords: { labelKey: 'modbus.value.swapWords' },
};

interface SwapProps extends Record<Swap, boolean> {
  size?: 'small';
  disabled?: boolean;
  onChange: (change: Partial<Record<Swap, boolean>>) => void;
}

/** The byte and word swap checkboxes of a value. */
export function SwapCheckboxes({ size, disabled, onChange, ...checked }: SwapProps) {
  const { t } = useTranslation();
  return SWAPS.map((swap) => (
    <FormControlLabel
      key={swap}
      control={
        <Checkbox
          size={size}
          checked={checked[swap]}
          disabled={disabled}
          onChange={(e) => onChange({ [swap]: e.target.checked })}
        />
      }
      label={t(SWAP_LABELS[swap].labelKey)}
    />
  ));
}

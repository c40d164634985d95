import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface TextInputProps extends Omit<OutlinedInputProps, 'label' | 'notched'> {
  label: ReactNode;
  /** Under the field: the error message, or a hint. */
  helperText?: ReactNode;
}

/**
 * An outlined text input with its label and helper text, as MUI's TextField draws it, without
 * TextField's select mode: the sign-in pages use it so that their first load does not carry
 * the Select, Menu and Modal code (issue 16). Full width, like the fields of a form.
 */
export function TextInput({
  label,
  helperText,
  error,
  required,
  disabled,
  id,
  ...input
}: TextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl fullWidth error={error} required={required} disabled={disabled}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput {...input} id={inputId} label={label} aria-describedby={helperId} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

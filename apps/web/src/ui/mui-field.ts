import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';

/**
 * Props wiring a react-hook-form field to an MUI TextField: the ref goes to the
 * <input> (so focus-on-error works) and the error message key is translated.
 */
export function muiField<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: Path<T>,
  t: TFunction,
) {
  const { ref, ...rest } = form.register(name);
  const message = form.getFieldState(name, form.formState).error?.message;
  return {
    ...rest,
    inputRef: ref,
    error: message !== undefined,
    helperText: message ? t(message) : undefined,
  };
}

import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IdCriteriaList } from './id-criteria-list';
import { PasswordField } from '../../../ui/password-field';

interface Props<T extends FieldValues> {
  form: UseFormReturn<T>;
  username: Path<T>;
  password: Path<T>;
  usernameLabel?: string;
  passwordLabel?: string;
  autoFocus?: boolean;
  /** Hides the criteria while both fields are empty (optional pairs). */
  criteriaWhenEmpty?: boolean;
}

/** A username and password pair with the live criteria of spec §5. */
export function CredentialFields<T extends FieldValues>(props: Props<T>) {
  const { form, username, password, autoFocus = false, criteriaWhenEmpty = true } = props;
  const { t } = useTranslation();
  const user = String(useWatch({ control: form.control, name: username }) ?? '');
  const secret = String(useWatch({ control: form.control, name: password }) ?? '');
  const error = (name: Path<T>) => form.getFieldState(name, form.formState).error?.message;
  const userError = error(username);
  const { ref: userRef, ...userField } = form.register(username);
  const { ref: secretRef, ...secretField } = form.register(password);
  return (
    <Stack spacing={2}>
      <TextField
        {...userField}
        inputRef={userRef}
        label={props.usernameLabel ?? t('gatewayDetail.ids.username')}
        autoComplete="off"
        autoFocus={autoFocus}
        error={userError !== undefined}
        helperText={userError ? t(userError) : undefined}
      />
      <PasswordField
        {...secretField}
        inputRef={secretRef}
        label={props.passwordLabel ?? t('gatewayDetail.ids.password')}
        autoComplete="new-password"
        error={error(password) !== undefined}
      />
      {(criteriaWhenEmpty || user !== '' || secret !== '') && (
        <IdCriteriaList username={user} password={secret} />
      )}
    </Stack>
  );
}

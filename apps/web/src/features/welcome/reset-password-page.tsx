import { useState } from 'react';
import { useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { muiField } from '../../ui/mui-field';
import { notify } from '../../ui/snackbar';
import { CardHeading } from './card-heading';
import { newPasswordFields } from './form-fields';
import { PasswordCriteria } from './password-criteria';
import { PasswordField } from '../../ui/password-field';
import { PasswordStrengthMeter } from './password-strength-meter';
import { ResultPanel } from './result-panel';
import { welcomeApi } from './api/welcome-api';
import { WelcomeStepper } from './welcome-stepper';
import { SubmitButton } from '../../ui/submit-button';

type Values = z.infer<typeof newPasswordFields>;

/** /welcome/forgotPassword/:token: new password with a strength meter, then "modified". */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(newPasswordFields),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const reset = useMutation({
    mutationFn: (v: Values) => welcomeApi.resetPassword({ token, password: v.password }),
    onSuccess: () => {
      notify.success('passwordModified', { duration: 3000 });
      setDone(true);
    },
    onError: (error) => notify.apiError(error),
  });

  return (
    <>
      <CardHeading title={t('welcome.reset.title')} />
      <WelcomeStepper
        active={done ? 2 : 0}
        labels={[t('welcome.reset.stepPassword'), t('welcome.reset.stepDone')]}
      />
      {done ? (
        <ResultPanel
          kind="success"
          title={t('welcome.reset.doneTitle')}
          message={t('passwordModified')}
        />
      ) : (
        <Box component="form" noValidate onSubmit={form.handleSubmit((v) => reset.mutate(v))}>
          <Stack spacing={2.5}>
            <PasswordField
              {...muiField(form, 'password', t)}
              label={t('welcome.reset.password')}
              autoComplete="new-password"
              autoFocus
            />
            <PasswordStrengthMeter password={password} />
            <PasswordCriteria password={password} />
            <PasswordField
              {...muiField(form, 'confirmPassword', t)}
              label={t('welcome.confirmPassword')}
              autoComplete="new-password"
            />
            <SubmitButton pending={reset.isPending}>{t('welcome.reset.submit')}</SubmitButton>
          </Stack>
        </Box>
      )}
    </>
  );
}

import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { muiField } from '../../ui/mui-field';
import { notify } from '../../ui/snackbar';
import { CardHeading } from './card-heading';
import { emailField } from './form-fields';
import { ResultPanel } from './result-panel';
import { welcomeApi } from './api/welcome-api';
import { WelcomeStepper } from './welcome-stepper';
import { SubmitButton } from '../../ui/submit-button';
import { TextInput } from '../../ui/text-input';

const schema = z.object({ email: emailField });
type Values = z.infer<typeof schema>;

/** /welcome/forgotPassword: e-mail step, then "sent" (same message on success and error). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  // Success and failure look the same, so the reply never tells whether an account exists.
  const done = () => {
    notify.success('forgotPwdEmailSent', { duration: 5000 });
    setSent(true);
  };
  const forgot = useMutation({ mutationFn: welcomeApi.forgotPassword, onSettled: done });
  const email = muiField(form, 'email', t);

  return (
    <>
      <CardHeading title={t('welcome.forgot.title')} />
      <WelcomeStepper
        active={sent ? 2 : 0}
        labels={[t('welcome.forgot.stepEmail'), t('welcome.forgot.stepSent')]}
      />
      {sent ? (
        <ResultPanel
          kind="mail"
          title={t('welcome.forgot.sentTitle')}
          message={t('forgotPwdEmailSent')}
        />
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={form.handleSubmit((v) => forgot.mutate(v.email))}
        >
          <Stack spacing={2.5}>
            <TextInput
              {...email}
              label={t('welcome.email')}
              type="email"
              autoComplete="email"
              autoFocus
              helperText={email.helperText ?? t('welcome.forgot.hint')}
            />
            <SubmitButton pending={forgot.isPending}>{t('welcome.forgot.submit')}</SubmitButton>
            <Button
              component={RouterLink}
              to="/welcome"
              startIcon={<ArrowBackIcon />}
              color="inherit"
            >
              {t('welcome.backToLogin')}
            </Button>
          </Stack>
        </Box>
      )}
    </>
  );
}

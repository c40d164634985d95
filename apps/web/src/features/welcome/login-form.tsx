import { Link as RouterLink } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { signinFailure } from '../../lib/api/error-key';
import { muiField } from '../../ui/mui-field';
import { notify } from '../../ui/snackbar';
import { CardHeading } from './card-heading';
import { PasswordField } from '../../ui/password-field';
import { useStartSession } from './use-start-session';
import { SubmitButton } from '../../ui/submit-button';
import { TextInput } from '../../ui/text-input';
import type { LoginValues as Values } from './login-rules';

// The rules (zod, the contracts) and the sign-in call load with the first submit, not with the
// page: the sign-in page is the first visit of every user (issue 16).
const resolver: Resolver<Values> = async (values, context, options) =>
  (await import('./login-rules')).loginResolver(values, context, options);
const signinCall = async (values: Values) =>
  (await import('./api/welcome-api')).welcomeApi.signin(values);

/** E-mail and password; a 403 code 3 reply hands over to the one-time-code step. */
export function LoginForm({ onOtpRequired }: { onOtpRequired: (userId: string) => void }) {
  const { t } = useTranslation();
  const startSession = useStartSession();
  const form = useForm<Values>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const signin = useMutation({
    mutationFn: signinCall,
    onSuccess: ({ token }) => startSession(token),
    onError: (error) => {
      const failure = signinFailure(error);
      if (failure.kind === 'otp') {
        notify.warning('checkMails');
        onOtpRequired(failure.userId);
      } else {
        notify.error(failure.key);
      }
    },
  });

  return (
    <>
      <CardHeading title={t('welcome.login.title')} subtitle={t('welcome.login.subtitle')} />
      <Box component="form" noValidate onSubmit={form.handleSubmit((v) => signin.mutate(v))}>
        <Stack spacing={2.5}>
          <TextInput
            {...muiField(form, 'email', t)}
            label={t('welcome.email')}
            type="email"
            autoComplete="username"
            autoFocus
          />
          <PasswordField
            {...muiField(form, 'password', t)}
            label={t('welcome.password')}
            autoComplete="current-password"
          />
          <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
            <Link
              component={RouterLink}
              to="/welcome/forgotPassword"
              variant="body2"
              underline="hover"
            >
              {t('welcome.login.forgot')}
            </Link>
          </Box>
          <SubmitButton pending={signin.isPending}>{t('welcome.login.submit')}</SubmitButton>
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {t('welcome.login.noAccount')}{' '}
        <Link
          component={RouterLink}
          to="/welcome/register"
          underline="hover"
          sx={{ fontWeight: 600 }}
        >
          {t('welcome.login.register')}
        </Link>
      </Typography>
    </>
  );
}

import { Link as RouterLink, useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { muiField } from '../../ui/mui-field';
import { notify } from '../../ui/snackbar';
import { CardHeading } from './card-heading';
import { emailField, newPasswordFields } from './form-fields';
import { PasswordCriteria } from './password-criteria';
import { PasswordField } from '../../ui/password-field';
import { registerConflictKey } from './welcome-errors';
import { welcomeApi } from './api/welcome-api';
import { SubmitButton } from '../../ui/submit-button';
import { TextInput } from '../../ui/text-input';

const schema = z.object({ email: emailField }).and(newPasswordFields);
type Values = z.infer<typeof schema>;

/** /welcome/register: e-mail, password with live criteria, confirmation (spec §5). */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const signup = useMutation({
    mutationFn: (v: Values) => welcomeApi.signup({ email: v.email, password: v.password }),
    onSuccess: () => {
      notify.success('registerEmailSent', { duration: 5000 });
      void navigate('/welcome');
    },
    onError: (error) => {
      const key = registerConflictKey(error);
      if (key) notify.error(key);
      else notify.apiError(error);
    },
  });

  return (
    <>
      <CardHeading title={t('welcome.register.title')} subtitle={t('welcome.register.subtitle')} />
      <Box component="form" noValidate onSubmit={form.handleSubmit((v) => signup.mutate(v))}>
        <Stack spacing={2.5}>
          <TextInput
            {...muiField(form, 'email', t)}
            label={t('welcome.email')}
            type="email"
            autoComplete="email"
            autoFocus
          />
          <PasswordField
            {...muiField(form, 'password', t)}
            label={t('welcome.password')}
            autoComplete="new-password"
          />
          <PasswordCriteria password={password} />
          <PasswordField
            {...muiField(form, 'confirmPassword', t)}
            label={t('welcome.confirmPassword')}
            autoComplete="new-password"
          />
          <SubmitButton pending={signup.isPending}>{t('welcome.register.submit')}</SubmitButton>
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {t('welcome.register.haveAccount')}{' '}
        <Link component={RouterLink} to="/welcome" underline="hover" sx={{ fontWeight: 600 }}>
          {t('welcome.register.login')}
        </Link>
      </Typography>
    </>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@atrium/contracts/limits';
import { muiField } from '../../ui/mui-field';
import { notify } from '../../ui/snackbar';
import { CardHeading } from './card-heading';
import { otpCodeField } from './form-fields';
import { useStartSession } from './use-start-session';
import { welcomeApi } from './api/welcome-api';
import { SubmitButton } from '../../ui/submit-button';
import { TextInput } from '../../ui/text-input';

const schema = z.object({ code: otpCodeField });
type Values = z.infer<typeof schema>;

interface Props {
  /** `_id` of the 403 code 3 reply. */
  userId: string;
  onBack: () => void;
}

/** The one-time code mailed at sign-in: six digits, with a resend (spec §4 Login). */
export function OtpStep({ userId, onBack }: Props) {
  const { t } = useTranslation();
  const startSession = useStartSession();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const verify = useMutation({
    mutationFn: (code: string) => welcomeApi.verifyOtp({ _id: userId, code }),
    onSuccess: ({ token }) => startSession(token),
    // Silent per spec §8: only the field says the code was not accepted.
    onError: () => form.setError('code', { message: 'otp.invalid' }, { shouldFocus: true }),
  });
  const resend = useMutation({
    mutationFn: () => welcomeApi.resendOtp(userId),
    onSuccess: () => notify.success('welcome.otp.resent', { duration: 3000 }),
    onError: (error) => notify.apiError(error),
  });

  return (
    <>
      <CardHeading title={t('welcome.otp.title')} subtitle={t('welcome.otp.subtitle')} />
      <Box component="form" noValidate onSubmit={form.handleSubmit((v) => verify.mutate(v.code))}>
        <Stack spacing={2.5}>
          <TextInput
            {...muiField(form, 'code', t)}
            label={t('welcome.otp.code')}
            autoComplete="one-time-code"
            autoFocus
            inputProps={{
              inputMode: 'numeric',
              maxLength: LIMITS.otpDigits,
              style: { letterSpacing: '0.5em', fontSize: 22, textAlign: 'center' },
            }}
          />
          <SubmitButton pending={verify.isPending}>{t('welcome.otp.submit')}</SubmitButton>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Button startIcon={<ArrowBackIcon />} onClick={onBack} color="inherit">
              {t('welcome.otp.back')}
            </Button>
            <Button onClick={() => resend.mutate()} disabled={resend.isPending}>
              {t('welcome.otp.resend')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </>
  );
}

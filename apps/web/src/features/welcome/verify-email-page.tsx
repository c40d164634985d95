import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CardHeading } from './card-heading';
import { ResultPanel } from './result-panel';
import { verifyEmailQuery } from './api/welcome-api';

/** /welcome/verifyEmail/:token: confirms the address once, on arrival. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const verification = useQuery(verifyEmailQuery(token));

  if (verification.isPending) {
    return (
      <Box sx={{ textAlign: 'center', py: 2 }} role="status">
        <CardHeading title={t('welcome.verify.title')} />
        <CircularProgress />
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('welcome.verify.pending')}
        </Typography>
      </Box>
    );
  }
  return verification.isSuccess ? (
    <ResultPanel kind="success" title={t('welcome.verify.title')} message={t('emailVerified')} />
  ) : (
    <ResultPanel kind="error" title={t('welcome.verify.title')} message={t('invalidToken')} />
  );
}

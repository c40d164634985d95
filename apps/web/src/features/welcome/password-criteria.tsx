import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';
import { PASSWORD_CRITERIA, type PasswordCriterion } from '@atrium/contracts/user';

const CRITERIA = Object.keys(PASSWORD_CRITERIA) as PasswordCriterion[];

/** Live password rules, each green when met and red when not (spec §5). */
export function PasswordCriteria({ password }: { password: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('welcome.passwordRules')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}
    >
      {CRITERIA.map((criterion) => {
        const met = PASSWORD_CRITERIA[criterion](password);
        const Icon = met ? CheckCircleIcon : CancelIcon;
        return (
          <Box
            component="li"
            key={criterion}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: met ? 'success.main' : 'error.main',
            }}
          >
            <Icon sx={{ fontSize: 16 }} />
            <Typography variant="body2" sx={{ fontSize: 13, color: 'inherit' }}>
              {t(`passwordCriteria.${criterion}`)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

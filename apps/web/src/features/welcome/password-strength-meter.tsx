import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { passwordStrength } from '@atrium/contracts/user';
import { strengthLevel, strengthPercent, type StrengthLevel } from './password-strength';

const COLOR: Record<StrengthLevel, 'error' | 'warning' | 'success'> = {
  weak: 'error',
  fair: 'warning',
  strong: 'success',
};

export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const score = passwordStrength(password);
  const level = strengthLevel(score);
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {t('passwordStrength.label')}
        </Typography>
        <Typography variant="caption" color={`${COLOR[level]}.main`} sx={{ fontWeight: 600 }}>
          {t(`passwordStrength.levels.${level}`)}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={strengthPercent(score)}
        color={COLOR[level]}
        aria-label={t('passwordStrength.label')}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}

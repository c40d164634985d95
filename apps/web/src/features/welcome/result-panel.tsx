import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import MailIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { useTranslation } from 'react-i18next';

const ICONS = { success: CheckCircleIcon, error: ErrorIcon, mail: MailIcon } as const;

interface Props {
  kind: keyof typeof ICONS;
  title: string;
  message: string;
}

/** The end of a welcome flow: an icon, a message and the way back to sign-in. */
export function ResultPanel({ kind, title, message }: Props) {
  const { t } = useTranslation();
  const Icon = ICONS[kind];
  return (
    <Box sx={{ textAlign: 'center' }} role="status">
      <Icon sx={{ fontSize: 56, color: kind === 'error' ? 'error.main' : 'success.main', mb: 1 }} />
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {message}
      </Typography>
      <Button component={RouterLink} to="/welcome" variant="contained" fullWidth size="large">
        {t('welcome.backToLogin')}
      </Button>
    </Box>
  );
}

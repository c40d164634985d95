import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  subtitle?: string;
  /** Shows the back arrow to the projects list (spec §2). */
  back?: boolean;
  /** Where the back arrow goes instead, with its label (e.g. a gateway back to its project). */
  backTo?: { to: string; label: string };
  /** Buttons on the right. */
  actions?: ReactNode;
}

/** The page-title header of every screen inside the shell. */
export function PageHeader({ title, subtitle, back = false, backTo, actions }: Props) {
  const { t } = useTranslation();
  const backLink =
    backTo ?? (back ? { to: '/projects/list', label: t('shell.backToProjects') } : null);
  useEffect(() => {
    document.title = `${title} · Atrium Cloud`;
  }, [title]);
  return (
    <Box
      component="header"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3, flexWrap: 'wrap' }}
    >
      {backLink && (
        <Tooltip title={backLink.label}>
          <IconButton
            component={RouterLink}
            to={backLink.to}
            aria-label={backLink.label}
            sx={{ bgcolor: 'background.paper', boxShadow: 1 }}
          >
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
      )}
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontSize: { xs: 22, sm: 28 }, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}

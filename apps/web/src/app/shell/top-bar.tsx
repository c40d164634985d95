import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import CloudIcon from '@mui/icons-material/CloudOutlined';
import { useTranslation } from 'react-i18next';
import type { SessionClaims } from '@atrium/contracts/user';
import { resetProjectView } from '../../lib/storage';
import { LanguageMenu } from '../../ui/language-menu';
import { Logo } from '../../ui/logo';
import { BRAND } from '../theme';
import { SettingsMenu } from './settings-menu';

export function TopBar({ user }: { user: SessionClaims }) {
  const { t } = useTranslation();
  const isAdmin = user.rank === 'admin';

  return (
    <AppBar position="sticky" sx={{ bgcolor: BRAND.primaryDark }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, minHeight: { xs: 60, sm: 64 } }}>
        <Box
          component={RouterLink}
          to="/home"
          aria-label={t('shell.home')}
          sx={{
            display: 'flex',
            color: 'common.white',
            textDecoration: 'none',
            mr: { xs: 0.5, sm: 1 },
          }}
        >
          <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
            <Logo size={32} />
          </Box>
          <Box sx={{ display: { xs: 'flex', sm: 'none' } }}>
            <Logo size={30} withName={false} />
          </Box>
        </Box>
        <Button
          component={RouterLink}
          to="/projects/list"
          onClick={resetProjectView}
          color="inherit"
          startIcon={<CloudIcon />}
          sx={{ opacity: 0.9, '&:hover': { opacity: 1, bgcolor: 'rgba(255,255,255,0.08)' } }}
        >
          {t('app.cloud')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {isAdmin && (
          <>
            <Button
              component={RouterLink}
              to="/admin"
              variant="outlined"
              color="inherit"
              startIcon={<AdminPanelSettingsIcon />}
              sx={{
                display: { xs: 'none', sm: 'inline-flex' },
                borderColor: 'rgba(255,255,255,0.4)',
              }}
            >
              {t('shell.admin')}
            </Button>
            <Tooltip title={t('shell.admin')}>
              <IconButton
                component={RouterLink}
                to="/admin"
                color="inherit"
                aria-label={t('shell.admin')}
                sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
              >
                <AdminPanelSettingsIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
        <LanguageMenu />
        <SettingsMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}

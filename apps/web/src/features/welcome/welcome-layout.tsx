import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { COOKIE_BANNER_SPACE } from '../../ui/cookie-banner-space';
import { LanguageMenu } from '../../ui/language-menu';
import { LoadingScreen } from '../../ui/loading-screen';
import { Logo } from '../../ui/logo';

/** Sign-in area: a centred card on the brand background, language switch on top. */
export function WelcomeLayout() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        pb: COOKIE_BANNER_SPACE,
        background:
          'radial-gradient(1200px 600px at 10% -10%, #2f7de1 0%, transparent 60%), linear-gradient(160deg, #0f2a4a 0%, #163d6b 55%, #1f5fae 100%)',
      }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          justifyContent: 'flex-end',
          px: { xs: 1.5, sm: 3 },
          pt: 1.5,
          color: 'common.white',
        }}
      >
        <LanguageMenu />
      </Box>
      <Box
        component="main"
        sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, py: { xs: 2, sm: 4 } }}
      >
        <Paper
          elevation={12}
          sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 5 }, borderRadius: 4 }}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
            <Logo size={44} color="#0f2a4a" />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'center' }}>
              {t('welcome.tagline')}
            </Typography>
          </Box>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </Paper>
      </Box>
      <Typography
        component="footer"
        variant="caption"
        sx={{ textAlign: 'center', color: 'rgba(255,255,255,0.7)', pb: 2, px: 2 }}
      >
        {t('footer.copyright')}
      </Typography>
    </Box>
  );
}

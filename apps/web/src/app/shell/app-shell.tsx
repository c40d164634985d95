import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useSession } from '../../lib/session/use-session';
import { COOKIE_BANNER_SPACE } from '../../ui/cookie-banner-space';
import { LoadingScreen } from '../../ui/loading-screen';
import { Breadcrumbs } from './breadcrumbs';
import { Footer } from './footer';
import { InformationBanner } from './information-banner';
import { TopBar } from './top-bar';

/** The signed-in layout: top bar, breadcrumbs, page, footer. */
export function AppShell() {
  const user = useSession();
  // RequireSession renders this only with a valid session.
  if (!user) return null;
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', pb: COOKIE_BANNER_SPACE }}
    >
      <TopBar user={user} />
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 2, sm: 3 } }}>
        <InformationBanner userId={user.sub} />
        <Breadcrumbs />
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
    </Box>
  );
}

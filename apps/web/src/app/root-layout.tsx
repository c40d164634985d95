import { Outlet } from 'react-router';
import { CookieBanner } from '../ui/cookie-banner';

/** Around every page, signed in or not. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <CookieBanner />
    </>
  );
}

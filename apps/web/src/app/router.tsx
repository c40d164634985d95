import { useLayoutEffect } from 'react';
import { useNavigate, useRoutes } from 'react-router';
import { onSignOut } from '../lib/session/session';
import { routes } from './routes';

/**
 * The console's routes, under a <BrowserRouter>. The declarative router is used rather than
 * createBrowserRouter: no screen uses loaders, actions or fetchers, and the data router would
 * add some 19 kB of gzipped JavaScript to the first visit (issue 16).
 */
export function AppRoutes() {
  const navigate = useNavigate();
  // Disconnect (menu, 401/403 reply, expired token) always lands on /welcome. A layout effect:
  // it is in place before the routes' own effects run (RequireSession signs out from one).
  useLayoutEffect(
    () =>
      onSignOut(() => {
        if (!window.location.pathname.startsWith('/welcome')) {
          void navigate('/welcome', { replace: true });
        }
      }),
    [navigate],
  );
  return useRoutes(routes);
}

import { createBrowserRouter } from 'react-router';
import { onSignOut } from '../lib/session/session';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// Disconnect (menu, 401/403 reply, expired token) always lands on /welcome.
onSignOut(() => {
  if (!router.state.location.pathname.startsWith('/welcome')) {
    void router.navigate('/welcome', { replace: true });
  }
});
